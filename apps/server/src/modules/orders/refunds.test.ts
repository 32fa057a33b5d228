// @database: refunds within the amount paid, held by a constraint
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createBook, createOrder, setEditionStock } from '../../../test/support/factories';
import { books, refunds, sandboxPayments, sandboxRefunds } from '../../db/schema';
import { SANDBOX_FAIL_REFUND_MARKER } from '../../razorpay-sandbox/routes';
import {
  buyAsGuest,
  expectNetRevenue,
  guestBuyer,
  openCheckout,
  payInSandbox,
  requestRefund,
} from '../../../test/support/purchase';
import { reconcilePayments } from '../checkout/reconcile';
import { DASHBOARD_REFUND_REASON, REFUND_SETTLE_AFTER_MS } from './refunds.service';
import { signInAdmin, useTestApp } from '../../../test/support/use-test-app';

let adminHeaders: Record<string, string>;

const { ctx, smtp } = useTestApp({ smtp: true });
beforeEach(async () => {
  adminHeaders = await signInAdmin(ctx);
});

interface ApiRefund {
  _id: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  razorpayRefundId: string | null;
  reason: string;
  cancellation: boolean;
}
interface ApiOrder {
  _id: string;
  amount: number;
  status: string;
  refundedAmount: number;
  refunds: ApiRefund[];
  cancellation: { reason: string } | null;
}

/** A guest's paid order of `copies` copies of a ₹250 book (₹50 delivery below four copies). */
async function paidOrder(copies = 2, stock: number | null = null) {
  const book = await createBook(ctx.database.db, { name: 'Riyad as-Salihin', price: 250 });
  if (stock !== null) await setEditionStock(ctx.database.db, book.id, stock);
  const order = await buyAsGuest(ctx, [{ bookId: book.id, quantity: copies }]);
  return { book, order };
}

const refund = (orderId: string, payload: object, headers: Record<string, string> = {}) =>
  requestRefund(ctx, orderId, payload, { ...adminHeaders, ...headers });

const cancel = (orderId: string, payload: object = { reason: 'The customer asked' }) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/orders/admin/${orderId}/cancel`,
    headers: adminHeaders,
    payload,
  });

async function readOrder(orderId: string): Promise<ApiOrder> {
  const res = await ctx.app.inject({ url: `/api/orders/admin/${orderId}`, headers: adminHeaders });
  expect(res.statusCode).toBe(200);
  return res.json().data.order as ApiOrder;
}

/** Waits for Razorpay's word (the sandbox's webhooks) on every refund of the order. */
async function settled(orderId: string): Promise<ApiOrder> {
  for (let i = 0; i < 250; i += 1) {
    const order = await readOrder(orderId);
    // Read again once settled: the order's row and its refunds are two reads, which a webhook may fall between.
    if (order.refunds.every((r) => r.status !== 'pending')) return readOrder(orderId);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the refunds were never settled');
}

/** What the sandbox (Razorpay) holds as refunded for a payment, pending and processed. */
async function refundedAtRazorpay(paymentId: string): Promise<number> {
  const { items } = await ctx.app.razorpay.fetchPaymentRefunds(paymentId);
  return items.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0) / 100;
}

/** Waits until the shop has handled a webhook of this event (the sandbox sends them after answering). */
async function webhookHandled(event: string): Promise<void> {
  for (let i = 0; i < 250; i += 1) {
    const rows = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM webhook_events WHERE event = ${event} AND processed_at IS NOT NULL`,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${event} webhook was handled`);
}

const stockOf = async (id: string) =>
  (await ctx.database.db.select({ stock: books.stock }).from(books).where(eq(books.id, id)))[0]?.stock;

describe('refunding an order', () => {
  it('refunds all that is left by default, settles it from the webhook and mails the customer once', async () => {
    const { order } = await paidOrder();
    expect(order.amount).toBe(550);
    const res = await refund(order._id, { reason: 'The parcel was lost' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Refund started');
    const answered = res.json().data.order as ApiOrder;
    expect(answered.refundedAmount).toBe(550);
    expect(answered.refunds).toEqual([
      expect.objectContaining({
        amount: 550,
        // Razorpay's webhook may have settled it before the answer was written.
        status: expect.stringMatching(/^(pending|processed)$/),
        reason: 'The parcel was lost',
        cancellation: false,
      }),
    ]);
    expect(answered.refunds[0]!.razorpayRefundId).toMatch(/^rfnd_/);

    const after = await settled(order._id);
    expect(after.refunds[0]!.status).toBe('processed');
    expect(after.refundedAmount).toBe(550);
    expect(await refundedAtRazorpay(order.txnId)).toBe(550);

    const mail = await smtp.waitFor(guestBuyer.email, (m) => m.subject.startsWith('Refund of'));
    expect(mail.subject).toBe(`Refund of ₹550.00 for your order ${order.orderNumber}`);
    expect(mail.text).toContain('5–7 business days');
    expect(smtp.inbox.filter((m) => m.subject.startsWith('Refund of'))).toHaveLength(1);

    const again = await refund(order._id, { reason: 'Twice' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This order has been refunded in full already');
    expect(await expectNetRevenue(ctx, adminHeaders)).toBe(0);
  });

  it('refunds part, then the rest, and refuses more than is left without changing anything', async () => {
    const { order } = await paidOrder();
    const part = await refund(order._id, { amount: 200.5, reason: 'One copy was damaged' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data.order.refundedAmount).toBe(200.5);
    expect(await expectNetRevenue(ctx, adminHeaders)).toBe(349.5);

    const tooMuch = await refund(order._id, { amount: 349.51, reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      code: 'REFUND_TOO_LARGE',
      error: 'At most ₹349.50 can still be refunded',
      details: [{ path: 'body.amount', message: 'At most ₹349.50 can still be refunded' }],
    });
    for (const [payload, field] of [
      [{ amount: 0.5, reason: 'Small' }, 'body.amount'],
      [{ amount: 10.123, reason: 'Fractions of a paisa' }, 'body.amount'],
      [{ amount: 10 }, 'body.reason'],
      [{ amount: 10, reason: '   ' }, 'body.reason'],
    ] as const) {
      const refused = await refund(order._id, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().details.map((d: { path: string }) => d.path)).toContain(field);
    }
    const settledPart = await settled(order._id);
    expect(settledPart.refunds).toHaveLength(1);
    expect(settledPart.refundedAmount).toBe(200.5);

    const rest = await refund(order._id, { reason: 'The rest' });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().data.order.refunds.map((r: ApiRefund) => r.amount)).toEqual([200.5, 349.5]);
    const done = await settled(order._id);
    expect(done.refundedAmount).toBe(550);
    expect(await refundedAtRazorpay(order.txnId)).toBe(550);
    expect(await expectNetRevenue(ctx, adminHeaders)).toBe(0);
  });

  it('refunds once for 20 concurrent requests with one Idempotency-Key, all answering the same refund', async () => {
    const { order } = await paidOrder();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        refund(order._id, { amount: 100, reason: 'Late delivery' }, { 'idempotency-key': 'click-7f3a' }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(
      answers.map((r) => (r.json().data.order as ApiOrder).refunds.map((x) => x._id).join()),
    );
    expect(ids.size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    const after = await settled(order._id);
    expect(after.refunds).toHaveLength(1);
    expect(after.refundedAmount).toBe(100);
    expect(await refundedAtRazorpay(order.txnId)).toBe(100);
    // Later, the same key still answers the same refund.
    const later = await refund(
      order._id,
      { amount: 100, reason: 'Late delivery' },
      { 'idempotency-key': 'click-7f3a' },
    );
    expect(later.statusCode).toBe(201);
    expect((later.json().data.order as ApiOrder).refunds).toHaveLength(1);
    const badKey = await refund(
      order._id,
      { amount: 1, reason: 'x' },
      { 'idempotency-key': 'no spaces allowed' },
    );
    expect(badKey.statusCode).toBe(400);
    expect(await expectNetRevenue(ctx, adminHeaders)).toBe(450);
  });

  it('never refunds past the amount paid when 20 requests without keys come at once', async () => {
    const { order } = await paidOrder(); // ₹550
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refund(order._id, { amount: 100, reason: 'Goodwill' })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 400)).toHaveLength(15);
    const after = await settled(order._id);
    expect(after.refundedAmount).toBe(500);
    expect(after.refunds).toHaveLength(5);
    expect(await refundedAtRazorpay(order.txnId)).toBe(500);
    expect(await expectNetRevenue(ctx, adminHeaders)).toBe(50);
  });

  it('leaves the order as it was when Razorpay fails the refund, and says so', async () => {
    const { order } = await paidOrder();
    const res = await refund(order._id, { amount: 300, reason: `Damaged ${SANDBOX_FAIL_REFUND_MARKER}` });
    expect(res.statusCode).toBe(201);
    const after = await settled(order._id);
    expect(after.refunds).toEqual([expect.objectContaining({ amount: 300, status: 'failed' })]);
    expect(after.refundedAmount).toBe(0);
    expect(after.status).toBe('pending');
    expect(await refundedAtRazorpay(order.txnId)).toBe(0);
    expect(await expectNetRevenue(ctx, adminHeaders)).toBe(550);
    // Nothing was refunded, so the whole amount may be refunded again.
    const retry = await refund(order._id, { reason: 'Trying again' });
    expect(retry.statusCode).toBe(201);
    expect((await settled(order._id)).refundedAmount).toBe(550);
    expect(await expectNetRevenue(ctx, adminHeaders)).toBe(0);
  });

  it('answers 400 and gives the amount back when Razorpay refuses the refund outright', async () => {
    const { order } = await paidOrder();
    // Razorpay no longer holds the payment as captured (it disagrees with the shop's record).
    await ctx.database.db
      .update(sandboxPayments)
      .set({ status: 'authorized' })
      .where(eq(sandboxPayments.id, order.txnId));
    const res = await refund(order._id, { amount: 100, reason: 'Goodwill' }, { 'idempotency-key': 'k1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'REFUND_REFUSED',
      error: 'Razorpay refused the refund: Only payments in the captured state can be refunded',
    });
    const after = await readOrder(order._id);
    expect(after.refundedAmount).toBe(0);
    expect(after.refunds).toEqual([expect.objectContaining({ status: 'failed', amount: 100 })]);
    expect(await expectNetRevenue(ctx, adminHeaders)).toBe(550);
    // The key of a refund that did not happen may be sent again, and this time it refunds.
    await ctx.database.db
      .update(sandboxPayments)
      .set({ status: 'captured' })
      .where(eq(sandboxPayments.id, order.txnId));
    const again = await refund(order._id, { amount: 100, reason: 'Goodwill' }, { 'idempotency-key': 'k1' });
    expect(again.statusCode).toBe(201);
    expect((await settled(order._id)).refundedAmount).toBe(100);
    expect(await expectNetRevenue(ctx, adminHeaders)).toBe(450);
  });

  it("records a refund made in Razorpay's Dashboard on its order, once", async () => {
    const { order } = await paidOrder();
    const made = await ctx.app.razorpay.refund(order.txnId, { amount: 12_500 });
    await webhookHandled('refund.processed');
    const after = await readOrder(order._id);
    expect(after.refunds).toEqual([
      expect.objectContaining({
        amount: 125,
        status: 'processed',
        razorpayRefundId: made.id,
        reason: DASHBOARD_REFUND_REASON,
      }),
    ]);
    expect(after.refundedAmount).toBe(125);
    // What is left may still be refunded from the desk.
    const rest = await refund(order._id, { reason: 'The rest' });
    expect(rest.json().data.order.refunds.at(-1).amount).toBe(425);
    expect((await settled(order._id)).refundedAmount).toBe(550);
    expect(await expectNetRevenue(ctx, adminHeaders)).toBe(0);
  });

  it('refuses an order without a captured payment, and an unknown order', async () => {
    const order = await createOrder(ctx.database.db);
    const res = await refund(order.id, { reason: 'No payment' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('This order has no captured payment to refund');
    const missing = await refund('0190b0a0-0000-7000-8000-00000000dead', { reason: 'Nothing' });
    expect(missing.statusCode).toBe(404);
    await expectNetRevenue(ctx, adminHeaders);
  });

  it('settles a refund whose answer was lost: the sweep finds it at Razorpay by its receipt', async () => {
    const { order } = await paidOrder();
    // A refund Razorpay made (written into the sandbox's own table), whose answer and webhooks never came back.
    const lostId = uuidv7();
    const made = { id: 'rfnd_LostAnswer000001' };
    await ctx.database.db.insert(sandboxRefunds).values({
      id: made.id,
      paymentId: order.txnId,
      amount: 10_000,
      currency: 'INR',
      receipt: lostId,
      status: 'processed',
    });
    const old = new Date(Date.now() - REFUND_SETTLE_AFTER_MS - 1000);
    await ctx.database.db.insert(refunds).values([
      {
        id: lostId,
        orderId: order._id,
        razorpayPaymentId: order.txnId,
        amountPaise: 10_000,
        reason: 'Lost answer',
        createdAt: old,
      },
      // And one Razorpay never heard of.
      {
        orderId: order._id,
        razorpayPaymentId: order.txnId,
        amountPaise: 5_000,
        reason: 'Never sent',
        createdAt: old,
      },
    ]);
    await queryRows(ctx.database.db, sql`UPDATE orders SET refunded_paise = 15000 WHERE id = ${order._id}`);
    expect((await readOrder(order._id)).refunds.map((r) => r.status)).toEqual(['pending', 'pending']);

    // The reconciliation sweep asks Razorpay about both.
    const swept = await reconcilePayments({
      db: ctx.database.db,
      config: ctx.config,
      razorpay: ctx.app.razorpay,
      mailer: ctx.app.mailer,
      log: ctx.app.log,
      orderLinks: ctx.app.orderLinks,
    });
    expect(swept.refundsSettled).toBe(2);
    const after = await readOrder(order._id);
    expect(after.refunds.find((r) => r._id === lostId)).toMatchObject({
      status: 'processed',
      razorpayRefundId: made.id,
    });
    expect(after.refunds.find((r) => r.reason === 'Never sent')).toMatchObject({ status: 'failed' });
    expect(after.refundedAmount).toBe(100);
    expect(await expectNetRevenue(ctx, adminHeaders)).toBe(450);
  });
});

describe('cancelling an order', () => {
  it('cancels a pending order: full refund, copies back to the stock, a mail, and no further changes', async () => {
    const { book, order } = await paidOrder(2, 5);
    expect(await stockOf(book.id)).toBe(3);
    const part = await refund(order._id, { amount: 50, reason: 'Delivery charge waived' });
    expect(part.statusCode).toBe(201);

    const res = await cancel(order._id, { reason: 'The customer asked' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Order cancelled and refunded');
    const cancelled = res.json().data.order as ApiOrder;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancellation).toMatchObject({ reason: 'The customer asked' });
    expect(cancelled.refunds.map((r) => [r.amount, r.cancellation])).toEqual([
      [50, false],
      [500, true],
    ]);
    expect(await stockOf(book.id)).toBe(5);
    expect((await settled(order._id)).refundedAmount).toBe(550);
    const mail = await smtp.waitFor(guestBuyer.email, (m) => m.subject.includes('has been cancelled'));
    expect(mail.text).toContain('We have refunded ₹500.00');

    const again = await cancel(order._id);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This order is cancelled already');
    expect(await stockOf(book.id)).toBe(5);
    const ship = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/admin/${order._id}/status`,
      headers: adminHeaders,
      payload: { status: 'shipped' },
    });
    expect(ship.statusCode).toBe(400);
    expect(ship.json().error).toBe('A cancelled order cannot change its status');
    const byFilter = await ctx.app.inject({
      url: '/api/orders/admin/all?status=cancelled',
      headers: adminHeaders,
    });
    expect(byFilter.json().data.orders.map((o: ApiOrder) => o._id)).toEqual([order._id]);
    expect(byFilter.json().data.stats.ordersByStatus.cancelled).toBe(1);
    expect(await expectNetRevenue(ctx, adminHeaders)).toBe(0);
  });

  it('refuses a shipped order and changes nothing', async () => {
    const { book, order } = await paidOrder(1, 4);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/admin/${order._id}/status`,
      headers: adminHeaders,
      payload: { status: 'shipped' },
    });
    const res = await cancel(order._id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('This order has shipped and cannot be cancelled. Refund it instead.');
    const after = await readOrder(order._id);
    expect(after).toMatchObject({ status: 'shipped', refundedAmount: 0, refunds: [], cancellation: null });
    expect(await stockOf(book.id)).toBe(3);
    expect(await expectNetRevenue(ctx, adminHeaders)).toBe(300);
  });

  it('gives back only the copies a backordered order took, once, when cancelled twice at once', async () => {
    const book = await createBook(ctx.database.db, { name: 'Kitab at-Tawhid', price: 250 });
    await setEditionStock(ctx.database.db, book.id, 3);
    // The second buyer's checkout is priced while 3 copies are left; the first buyer then takes 2.
    const late = await openCheckout(ctx, [{ bookId: book.id, quantity: 2 }]);
    const first = await buyAsGuest(ctx, [{ bookId: book.id, quantity: 2 }]);
    const proof = await payInSandbox(ctx, late);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/verify-razorpay-payment',
      payload: proof,
    });
    const second = verified.json().order as ApiOrder & { backordered: boolean };
    expect(second.backordered).toBe(true);
    expect(await stockOf(book.id)).toBe(0);
    const both = await Promise.all([cancel(second._id), cancel(second._id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    // It took the one copy that was left, and gives back that one.
    expect(await stockOf(book.id)).toBe(1);
    expect((await settled(second._id)).refundedAmount).toBe(550);
    expect((await readOrder(first._id)).status).toBe('pending');
    expect(await expectNetRevenue(ctx, adminHeaders)).toBe(550);
  });
});

describe('the refunds in the stats and the export', () => {
  it('counts revenue net of refunds on the chart and writes refunded, net and cancelled columns', async () => {
    const { order } = await paidOrder();
    const other = await paidOrder(1);
    await refund(order._id, { amount: 150, reason: 'Goodwill' });
    await cancel(other.order._id);
    await settled(order._id);
    await settled(other.order._id);
    const res = await ctx.app.inject({ url: '/api/orders/admin/all', headers: adminHeaders });
    const { stats } = res.json().data;
    expect(stats.totalRevenue).toBe(400);
    expect(stats.revenueByDay.at(-1)).toMatchObject({ revenue: 400, orders: 2 });
    const csv = await ctx.app.inject({ url: '/api/orders/admin/export-csv', headers: adminHeaders });
    const [header, ...rows] = parse(csv.body, { bom: true });
    const cell = (line: string[], name: string) => line[header!.indexOf(name)]!;
    const byNumber = new Map(rows.map((line) => [cell(line, 'Order Number'), line]));
    const refunded = byNumber.get(order.orderNumber)!;
    expect([cell(refunded, 'Total'), cell(refunded, 'Refunded'), cell(refunded, 'Net Total')]).toEqual([
      '550.00',
      '150.00',
      '400.00',
    ]);
    expect(cell(refunded, 'Cancelled At')).toBe('');
    const cancelled = byNumber.get(other.order.orderNumber)!;
    expect(cell(cancelled, 'Status')).toBe('cancelled');
    expect(cell(cancelled, 'Net Total')).toBe('0.00');
    expect(cell(cancelled, 'Cancelled At')).toMatch(/\+05:30$/);
    expect(await expectNetRevenue(ctx, adminHeaders)).toBe(400);
  });
});
