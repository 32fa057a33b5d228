// @database: payments nobody reported, reconciled beside live ones
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBook, createUser, setEditionStock } from '../../../test/support/factories';
import { books, checkouts, orders, payments } from '../../db/schema';
import { RazorpayClient, type FetchLike } from '../../payments/razorpay-client';
import { authHeader, createTestApp } from '../../../test/support/app';
import { recordLogs, type LogLine } from '../../../test/support/logs';
import { expectNetRevenue, guestBuyer, openCheckout, payInSandbox } from '../../../test/support/purchase';
import type { CheckoutContext as PaymentsContext } from './checkout.service';
import {
  RECONCILE_LOCK_KEY,
  RECONCILE_MAX_AGE_MS,
  RECONCILE_MIN_AGE_MS,
  reconcileOnce,
  reconcilePayments,
} from './reconcile';
import { useTestApp } from '../../../test/support/use-test-app';

let logs: LogLine[];

const { ctx, smtp } = useTestApp({ smtp: true, env: { LOG_LEVEL: 'warn' } });
beforeAll(async () => {
  logs = recordLogs(ctx.app.log);
});
beforeEach(async () => {
  logs.length = 0;
});

const MINUTE = 60 * 1000;
const onPostgres = process.env.TEST_DB === 'postgres';

/** What the payments routes hand the service, with another Razorpay client when a test needs one. */
const paymentsContext = (razorpay: RazorpayClient = ctx.app.razorpay): PaymentsContext => ({
  db: ctx.app.db,
  config: ctx.app.config,
  razorpay,
  mailer: ctx.app.mailer,
  log: ctx.app.log,
  orderLinks: ctx.app.orderLinks,
});

/** One sweep as the timer runs it (under the advisory lock on PostgreSQL). */
async function sweep() {
  const result = await reconcileOnce(paymentsContext(), ctx.database.kind);
  if (result === 'skipped') throw new Error('the sweep was skipped');
  return result;
}

/** A checkout opened `ageMs` ago: its row's creation time moved back. */
async function age(razorpayOrderId: string, ageMs: number) {
  await ctx.database.db
    .update(checkouts)
    .set({ createdAt: new Date(Date.now() - ageMs) })
    .where(eq(checkouts.razorpayOrderId, razorpayOrderId));
}

async function bookWithStock(stock: number) {
  const book = await createBook(ctx.database.db, { price: 300 });
  await setEditionStock(ctx.database.db, book.id, stock);
  return book;
}

const stockOf = async (bookId: string) =>
  (await ctx.database.db.select({ stock: books.stock }).from(books).where(eq(books.id, bookId)))[0]?.stock;
const orderCount = async () => (await ctx.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
const mailsTo = (email: string) => smtp.inbox.filter((mail) => mail.to.includes(email)).length;
const adminHeaders = async () =>
  authHeader(ctx, await createUser(ctx.database.db, { role: 'admin', email: 'owner@example.com' }));

/** A guest checkout of two copies of `bookId`, paid in the sandbox with no webhook, opened 11 minutes ago. */
async function paidAndForgotten(bookId: string) {
  const razorpayOrderId = await openCheckout(ctx, [{ bookId, quantity: 2 }]);
  const proof = await payInSandbox(ctx, razorpayOrderId, { webhook: false });
  await age(razorpayOrderId, RECONCILE_MIN_AGE_MS + MINUTE);
  return { razorpayOrderId, proof };
}

/** The sandbox's pay call with an outcome `payInSandbox` does not offer. */
async function authorizeOnly(razorpayOrderId: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/orders/${razorpayOrderId}/pay`,
    payload: { outcome: 'authorized', webhook: false },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }>();
}

/**
 * The shop's Razorpay client over the sandbox, through the app (real HTTP), with Razorpay down for one order
 * (503) and every answer `delayMs` late.
 */
function razorpayThrough(options: { downFor?: string; delayMs?: number } = {}): RazorpayClient {
  const fetch: FetchLike = async (url, init) => {
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    if (options.downFor && url.includes(options.downFor)) {
      return {
        status: 503,
        json: async () => ({ error: { description: 'Service temporarily unavailable' } }),
      };
    }
    const res = await ctx.app.inject({
      method: init.method as 'GET' | 'POST',
      url,
      headers: init.headers,
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    return { status: res.statusCode, json: async () => res.json() };
  };
  const { keyId, keySecret } = ctx.config.razorpay;
  return new RazorpayClient({ baseUrl: '/api/payments/sandbox', keyId, keySecret, fetch });
}

const verify = (proof: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/payments/verify-razorpay-payment', payload: proof });

describe('the reconciliation sweep', () => {
  it('creates the order, takes the stock and sends one mail when neither the browser nor the webhook came', async () => {
    const admin = await adminHeaders();
    const book = await bookWithStock(5);
    const { razorpayOrderId, proof } = await paidAndForgotten(book.id);
    expect(await orderCount()).toBe(0);

    expect(await sweep()).toMatchObject({ checked: 1, completed: 1, authorized: 0, failed: 0 });

    const [order] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.razorpayOrderId, razorpayOrderId));
    expect(order).toMatchObject({
      txnId: proof.razorpay_payment_id,
      amountPaise: 2 * 30000 + order!.shippingPaise,
    });
    const [payment] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.razorpayPaymentId, proof.razorpay_payment_id));
    expect(payment).toMatchObject({ source: 'reconcile', status: 'captured' });
    const [checkout] = await ctx.database.db
      .select({ status: checkouts.status })
      .from(checkouts)
      .where(eq(checkouts.razorpayOrderId, razorpayOrderId));
    expect(checkout?.status).toBe('paid');
    expect(await stockOf(book.id)).toBe(3);
    const mail = await smtp.waitFor(guestBuyer.email);
    expect(mail.text).toContain(order!.orderNumber);

    // A second run finds nothing to do; the browser coming back late gets the same order.
    expect(await sweep()).toMatchObject({ checked: 0, completed: 0 });
    const late = await verify(proof);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().order.orderNumber).toBe(order!.orderNumber);
    // Every mail the requests asked for has gone (or failed): no further one can arrive.
    await ctx.app.mailer.idle();
    expect(await orderCount()).toBe(1);
    expect(await stockOf(book.id)).toBe(3);
    expect(mailsTo(guestBuyer.email)).toBe(1);
    await expectNetRevenue(ctx, admin);
  });

  it('makes one order and one mail when two sweeps and a late verify come together', async () => {
    const admin = await adminHeaders();
    const book = await bookWithStock(5);
    const { proof } = await paidAndForgotten(book.id);

    // Two servers' sweeps overlapping (as if the lock were lost) and the browser at the same moment.
    const [first, second, verified] = await Promise.all([
      reconcilePayments(paymentsContext()),
      reconcilePayments(paymentsContext()),
      verify(proof),
    ]);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(first.failed + second.failed).toBe(0);
    expect(await orderCount()).toBe(1);
    expect(await stockOf(book.id)).toBe(3);
    await smtp.waitFor(guestBuyer.email);
    // Every mail the requests asked for has gone (or failed): no further one can arrive.
    await ctx.app.mailer.idle();
    expect(mailsTo(guestBuyer.email)).toBe(1);
    await expectNetRevenue(ctx, admin);
  });

  it('leaves a young checkout, a failed payment, an authorized one and an unpaid one without an order', async () => {
    const admin = await adminHeaders();
    const book = await bookWithStock(20);
    const young = await openCheckout(ctx, [{ bookId: book.id, quantity: 1 }]);
    await payInSandbox(ctx, young, { webhook: false });
    await age(young, RECONCILE_MIN_AGE_MS - MINUTE);
    const failed = await openCheckout(ctx, [{ bookId: book.id, quantity: 1 }]);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/orders/${failed}/pay`,
      payload: { outcome: 'failure', webhook: false },
    });
    await age(failed, RECONCILE_MIN_AGE_MS + MINUTE);
    const authorized = await openCheckout(ctx, [{ bookId: book.id, quantity: 1 }]);
    const authorizedProof = await authorizeOnly(authorized);
    await age(authorized, RECONCILE_MIN_AGE_MS + MINUTE);
    const unpaid = await openCheckout(ctx, [{ bookId: book.id, quantity: 1 }]);
    await age(unpaid, RECONCILE_MIN_AGE_MS + MINUTE);
    // Paid, but older than the window: Razorpay has long settled it; the sweep no longer asks.
    const tooOld = await openCheckout(ctx, [{ bookId: book.id, quantity: 1 }]);
    await payInSandbox(ctx, tooOld, { webhook: false });
    await age(tooOld, RECONCILE_MAX_AGE_MS + MINUTE);

    expect(await sweep()).toMatchObject({ checked: 3, completed: 0, authorized: 1, failed: 0 });
    expect(await orderCount()).toBe(0);
    expect(await stockOf(book.id)).toBe(20);
    const left = logs.find((line) => line.msg === 'reconciliation: payment left authorized');
    expect(left).toMatchObject({
      level: 40,
      razorpayOrderId: authorized,
      paymentId: authorizedProof.razorpay_payment_id,
    });
    // The browser's proof of an authorized payment is refused too: only a captured payment makes an order.
    const verified = await verify(authorizedProof);
    expect(verified.statusCode).toBe(400);
    expect(verified.json().code).toBe('PAYMENT_NOT_CAPTURED');
    const statuses = await ctx.database.db.select({ status: checkouts.status }).from(checkouts);
    expect(statuses.every((row) => row.status === 'pending')).toBe(true);
    await expectNetRevenue(ctx, admin);
  });

  it('goes on with the other checkouts when Razorpay fails for one, and completes that one next time', async () => {
    const admin = await adminHeaders();
    const book = await bookWithStock(10);
    const down = await paidAndForgotten(book.id);
    const fine = await paidAndForgotten(book.id);

    const result = await reconcilePayments(
      paymentsContext(razorpayThrough({ downFor: down.razorpayOrderId })),
    );
    expect(result).toMatchObject({ checked: 2, completed: 1, failed: 1 });
    const made = await ctx.database.db.select({ id: orders.razorpayOrderId }).from(orders);
    expect(made.map((row) => row.id)).toEqual([fine.razorpayOrderId]);
    expect(logs.find((line) => line.msg === 'reconciliation: Razorpay payments lookup failed')).toMatchObject(
      {
        level: 40,
        razorpayOrderId: down.razorpayOrderId,
      },
    );

    expect(await sweep()).toMatchObject({ checked: 1, completed: 1, failed: 0 });
    expect(await orderCount()).toBe(2);
    expect(await stockOf(book.id)).toBe(6);
    await expectNetRevenue(ctx, admin);
  });

  it('asks about a bounded batch per run and goes on after it the next time', async () => {
    const admin = await adminHeaders();
    const book = await bookWithStock(10);
    // Two abandoned checkouts, then a paid one: with batches of two, the paid one is in the second batch.
    for (let i = 0; i < 2; i += 1) {
      await age(await openCheckout(ctx, [{ bookId: book.id, quantity: 1 }]), RECONCILE_MIN_AGE_MS + MINUTE);
    }
    const { razorpayOrderId } = await paidAndForgotten(book.id);

    const first = await reconcilePayments(paymentsContext(), { limit: 2 });
    expect(first).toMatchObject({ checked: 2, completed: 0 });
    expect(first.next).toBeDefined();
    const second = await reconcilePayments(paymentsContext(), {
      limit: 2,
      ...(first.next ? { after: first.next } : {}),
    });
    expect(second).toMatchObject({ checked: 1, completed: 1, next: undefined });
    const [order] = await ctx.database.db.select().from(orders);
    expect(order?.razorpayOrderId).toBe(razorpayOrderId);
    await expectNetRevenue(ctx, admin);
  });

  it('tells of each order as it creates it, once the order and its taken copies are saved', async () => {
    const book = await bookWithStock(10);
    await paidAndForgotten(book.id);
    await paidAndForgotten(book.id);
    const told: Promise<{ orders: number; stock: number | null | undefined }>[] = [];
    const result = await reconcilePayments(paymentsContext(), {
      onCompleted: () =>
        told.push(
          Promise.all([orderCount(), stockOf(book.id)]).then(([orders, stock]) => ({ orders, stock })),
        ),
    });
    expect(result).toMatchObject({ checked: 2, completed: 2 });
    const seen = await Promise.all(told);
    expect(seen).toHaveLength(2);
    for (const { orders: n, stock } of seen) {
      expect(n).toBeGreaterThanOrEqual(1);
      expect(stock).toBeLessThanOrEqual(8);
    }
  });
});

describe.runIf(onPostgres)('the reconciliation sweep on PostgreSQL', () => {
  /** Sessions holding the sweep's advisory lock (a bigint key: its low 32 bits are the lock's objid). */
  const sweepLocks = async () => {
    const result = (await ctx.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND classid = 0 AND objid = ${RECONCILE_LOCK_KEY} AND objsubid = 1`,
    )) as { rows: { n: number }[] };
    return result.rows[0]?.n;
  };

  it('skips a run while another server is sweeping (the advisory lock)', async () => {
    const admin = await adminHeaders();
    const book = await bookWithStock(5);
    await paidAndForgotten(book.id);

    // One server's run, slowed by a slow Razorpay; a second server's run starts meanwhile.
    const running = reconcileOnce(paymentsContext(razorpayThrough({ delayMs: 400 })), 'postgres');
    await vi.waitFor(async () => expect(await sweepLocks()).toBe(1));
    expect(await reconcileOnce(paymentsContext(), 'postgres')).toBe('skipped');
    expect(await running).toMatchObject({ checked: 1, completed: 1 });
    expect(await orderCount()).toBe(1);

    // The lock goes with the run: the next one runs.
    expect(await sweepLocks()).toBe(0);
    expect(await reconcileOnce(paymentsContext(), 'postgres')).toMatchObject({ checked: 0 });
    await expectNetRevenue(ctx, admin);
  });
});

describe('the sweep on its timer', () => {
  it('runs by itself; the desk shows the order it created and the book the copy it took, at once', async () => {
    const timed = await createTestApp({
      SMTP_URL: smtp.url,
      RECONCILE_INTERVAL_MS: '100',
      // Public answers are kept for a while only when caching is on.
      PUBLIC_CACHE_TTL_MS: '30000',
    });
    try {
      const admin = await authHeader(timed, await createUser(timed.database.db, { role: 'admin' }));
      const book = await createBook(timed.database.db, { price: 300 });
      await setEditionStock(timed.database.db, book.id, 3);
      const stockShown = async () =>
        (await timed.app.inject({ url: `/api/books/${book.id}` })).json().data.stock as number;
      expect(await stockShown()).toBe(3);
      const razorpayOrderId = await openCheckout(timed, [{ bookId: book.id, quantity: 1 }]);
      await payInSandbox(timed, razorpayOrderId, { webhook: false });
      const before = await timed.app.inject({ url: '/api/orders/admin/all', headers: admin });
      expect(before.json().data.stats.totalRevenue).toBe(0);
      await timed.database.db
        .update(checkouts)
        .set({ createdAt: new Date(Date.now() - RECONCILE_MIN_AGE_MS - MINUTE) })
        .where(eq(checkouts.razorpayOrderId, razorpayOrderId));

      const deadline = Date.now() + 5000;
      while ((await timed.database.db.select({ n: count() }).from(orders))[0]?.n === 0) {
        if (Date.now() > deadline) throw new Error('the sweep did not create the order');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await expectNetRevenue(timed, admin)).toBeGreaterThan(0);
      // On PostgreSQL the file's other app may run the sweep first; its word reaches this one through NOTIFY.
      await expect.poll(stockShown, { timeout: 2000 }).toBe(2);
    } finally {
      await timed.close();
    }
  });
});
