// @database: coupon limits held by constraints under parallel redemptions
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { authHeader } from '../../../test/support/app';
import { createAddress, createBook, createUser, setEditionStock } from '../../../test/support/factories';
import {
  guestBuyer,
  payInSandbox,
  postCheckout,
  requestRefund,
  sendPaymentProof,
} from '../../../test/support/purchase';
import { useTestApp } from '../../../test/support/use-test-app';
import { queryRows } from '../../db/client';
import { checkouts, couponRedemptions, coupons } from '../../db/schema';
import { reconcilePayments } from '../checkout/reconcile';
import { COUPON_HOLD_MS } from './coupons.service';
import { CSV_COLUMNS } from '../orders/orders-csv';

/**
 * Coupons at the checkout (docs/decisions/051), over real HTTP on the database TEST_DB selects: a use held by each
 * checkout within the coupon's limits under parallel requests, kept by the order, given back by the sweep; the
 * preview's messages; the desk's screens.
 */
const { ctx } = useTestApp({ env: { LOG_LEVEL: 'error' } });

beforeEach(async () => {
  // Coupons are not among the tables every test empties.
  await ctx.database.db.delete(coupons);
});

const guest = (email: string) => ({ ...guestBuyer, email });

/** A guest's card checkout, each from an address of its own (the per-address limit has its own tests). */
const checkout = (payload: object) => postCheckout(ctx, payload);

async function coupon(values: Partial<typeof coupons.$inferInsert> & { code: string }) {
  const [row] = await ctx.database.db
    .insert(coupons)
    .values({ kind: 'percent', value: 10, ...values })
    .returning();
  return row!;
}

const usedOf = async (id: string) =>
  (await ctx.database.db.select({ used: coupons.used }).from(coupons).where(eq(coupons.id, id)))[0]!.used;
const redemptionsOf = async (id: string) =>
  ctx.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, id));

async function book(price = 500, stock: number | null = null) {
  const row = await createBook(ctx.database.db, { price });
  if (stock !== null) await setEditionStock(ctx.database.db, row.id, stock);
  return row;
}

describe('a coupon limited to N uses', () => {
  it('gives exactly 10 of 30 parallel checkouts its discount; the others are told it is used up', async () => {
    const limited = await coupon({ code: 'TEN4TEN', maxUses: 10 });
    const item = await book(500);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        checkout({
          cartItems: [{ book: item.id, quantity: 1 }],
          guestInfo: guest(`buyer${i}@example.com`),
          couponCode: 'ten4ten',
        }),
      ),
    );
    const ok = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'COUPON_USED_UP', error: 'This coupon has been used up' });
    }
    // ₹500 less 10%, plus ₹50 delivery: in paise.
    for (const res of ok) expect(res.json().amount).toBe(50_000 - 5_000 + 5_000);
    expect(await usedOf(limited.id)).toBe(10);
    const held = await redemptionsOf(limited.id);
    expect(held).toHaveLength(10);
    expect(held.every((r) => r.checkoutId !== null && r.orderId === null && r.discountPaise === 5_000)).toBe(
      true,
    );
    // Only the held checkouts carry the coupon.
    const [carrying] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM checkouts WHERE coupon_id = ${limited.id}`,
    );
    expect(carrying!.n).toBe(10);
  });

  it('lets a customer (their lower-cased email) use it only as often as the per-customer limit says, in parallel too', async () => {
    const once = await coupon({ code: 'ONCEEACH', maxUsesPerCustomer: 1 });
    const item = await book(300);
    const answers = await Promise.all(
      [
        'Repeat@Example.com',
        'repeat@example.com',
        'REPEAT@EXAMPLE.COM',
        'repeat@example.com',
        'Repeat@example.com',
      ].map((email) =>
        checkout({
          cartItems: [{ book: item.id, quantity: 1 }],
          guestInfo: guest(email),
          couponCode: 'ONCEEACH',
        }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    for (const res of answers.filter((res) => res.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'COUPON_ALREADY_USED',
        error: 'You have already used this coupon',
      });
    }
    // Someone else may still use it.
    const other = await checkout({
      cartItems: [{ book: item.id, quantity: 1 }],
      guestInfo: guest('someone.else@example.com'),
      couponCode: 'ONCEEACH',
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(await usedOf(once.id)).toBe(2);
    expect((await redemptionsOf(once.id)).map((r) => r.customerEmail).sort()).toEqual([
      'repeat@example.com',
      'someone.else@example.com',
    ]);
  });
});

describe('a coupon use', () => {
  it('is kept by the order: the discount on the order, the refund at most what was paid', async () => {
    const fixed = await coupon({ code: 'FLAT100', kind: 'fixed', value: 10_000, maxUses: 5 });
    const item = await book(400);
    const opened = await checkout({
      cartItems: [{ book: item.id, quantity: 2 }],
      guestInfo: guest('keeper@example.com'),
      couponCode: ' flat100 ',
      expectedTotal: 800 - 100 + 50,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const proof = await payInSandbox(ctx, opened.json().orderId);
    const verified = await sendPaymentProof(ctx, proof);
    expect(verified.statusCode, verified.body).toBe(200);
    const receipt = verified.json().order;
    expect(receipt).toMatchObject({
      subtotal: 800,
      discount: 100,
      shipping: 50,
      amount: 750,
      couponCode: 'FLAT100',
    });
    const [held] = await redemptionsOf(fixed.id);
    expect(held!.orderId).toBe(receipt._id);
    expect(await usedOf(fixed.id)).toBe(1);

    const admin = await authHeader(ctx, await createUser(ctx.database.db, { role: 'admin' }));
    const desk = await ctx.app.inject({ url: `/api/orders/admin/${receipt._id}`, headers: admin });
    expect(desk.json().data.order).toMatchObject({
      couponCode: 'FLAT100',
      discount: 100,
      paymentMethod: 'card',
    });
    const tooMuch = await requestRefund(
      ctx,
      receipt._id,
      { amount: 800, reason: 'Damaged in transit' },
      admin,
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ code: 'REFUND_TOO_LARGE' });
    expect(tooMuch.json().error).toContain('750');
    const all = await requestRefund(ctx, receipt._id, { reason: 'Damaged in transit' }, admin);
    expect(all.statusCode, all.body).toBe(201);
    expect(all.json().data.order.refundedAmount).toBe(750);

    const csv = await ctx.app.inject({ url: '/api/orders/admin/export-csv', headers: admin });
    const [header, line] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    // The export's own columns, the coupon's and the money's added at the end (docs/decisions/051, 058).
    expect(header!.split(',')).toEqual([...CSV_COLUMNS]);
    expect(header!.split(',').slice(-8, -5)).toEqual(['Payment Method', 'Coupon Code', 'Discount']);
    expect(header!.split(',')[0]).toBe('Order Number');
    // Paid ₹750 and all of it refunded: nothing due.
    expect(line!.trimEnd()).toMatch(/,"Card","FLAT100","100\.00","0\.00",,"750\.00","0\.00","Refunded"$/);
  });

  it('is given back by the sweep when the checkout is not paid, and by a checkout that failed', async () => {
    const limited = await coupon({ code: 'COMEBACK', maxUses: 1 });
    const item = await book(500);
    const body = (email: string) => ({
      cartItems: [{ book: item.id, quantity: 1 }],
      guestInfo: guest(email),
      couponCode: 'COMEBACK',
    });
    const first = await checkout(body('first@example.com'));
    expect(first.statusCode).toBe(200);
    expect((await checkout(body('second@example.com'))).statusCode).toBe(409);

    const sweepCtx = {
      db: ctx.app.db,
      config: ctx.app.config,
      razorpay: ctx.app.razorpay,
      mailer: ctx.app.mailer,
      log: ctx.app.log,
      orderLinks: ctx.app.orderLinks,
    };
    // Unpaid for less than the hold: kept.
    await ctx.database.db
      .update(checkouts)
      .set({ createdAt: new Date(Date.now() - COUPON_HOLD_MS / 2) })
      .where(eq(checkouts.razorpayOrderId, first.json().orderId));
    await reconcilePayments(sweepCtx);
    expect(await usedOf(limited.id)).toBe(1);
    // Unpaid past the hold: given back, and another customer gets it.
    await ctx.database.db
      .update(checkouts)
      .set({ createdAt: new Date(Date.now() - COUPON_HOLD_MS - 60_000) })
      .where(eq(checkouts.razorpayOrderId, first.json().orderId));
    await reconcilePayments(sweepCtx);
    expect(await usedOf(limited.id)).toBe(0);
    expect(await redemptionsOf(limited.id)).toHaveLength(0);
    const second = await checkout(body('second@example.com'));
    expect(second.statusCode, second.body).toBe(200);

    // A checkout that failed gives its use back at the next sweep.
    await ctx.database.db
      .update(checkouts)
      .set({ status: 'failed' })
      .where(eq(checkouts.razorpayOrderId, second.json().orderId));
    const swept = await reconcilePayments(sweepCtx);
    expect(swept.couponsReleased).toBe(1);
    expect(await usedOf(limited.id)).toBe(0);

    // Paid after all, once given back: the order takes the use again.
    const late = await payInSandbox(ctx, first.json().orderId);
    const verified = await sendPaymentProof(ctx, late);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().order).toMatchObject({ couponCode: 'COMEBACK', discount: 50 });
    expect(await usedOf(limited.id)).toBe(1);
    expect((await redemptionsOf(limited.id))[0]!.orderId).toBe(verified.json().order._id);
  });
});

describe('a coupon held by checkouts nobody pays (docs/decisions/073)', () => {
  const body = (itemId: string, email: string) => ({
    cartItems: [{ book: itemId, quantity: 1 }],
    guestInfo: guest(email),
    couponCode: 'THREE',
  });
  const age = async (orderIds: string[], ms: number) => {
    for (const id of orderIds) {
      await ctx.database.db
        .update(checkouts)
        .set({ createdAt: new Date(Date.now() - ms) })
        .where(eq(checkouts.razorpayOrderId, id));
    }
  };

  it('3 unpaid checkouts block a 3-use coupon no longer than the hold, without waiting for the sweep', async () => {
    const limited = await coupon({ code: 'THREE', maxUses: 3 });
    const item = await book(500);
    const unpaid = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await checkout(body(item.id, `idle${i}@example.com`));
      expect(res.statusCode, res.body).toBe(200);
      unpaid.push(res.json().orderId as string);
    }
    expect((await checkout(body(item.id, 'real@example.com'))).statusCode).toBe(409);
    // Within the hold: still held.
    await age(unpaid, COUPON_HOLD_MS - 60_000);
    expect((await checkout(body(item.id, 'real@example.com'))).statusCode).toBe(409);
    // Past it: the next customer's checkout gives the stale uses back itself and takes one.
    await age(unpaid, COUPON_HOLD_MS + 1000);
    const real = await checkout(body(item.id, 'real@example.com'));
    expect(real.statusCode, real.body).toBe(200);
    expect(await usedOf(limited.id)).toBe(1);
    expect((await redemptionsOf(limited.id)).map((row) => row.customerEmail)).toEqual(['real@example.com']);
  });

  it('a closed payment window gives the use back at once; only its buyer can', async () => {
    const limited = await coupon({ code: 'THREE', maxUses: 3 });
    const item = await book(500);
    const owner = await createUser(ctx.database.db, { email: 'owner@example.com' });
    const stranger = await createUser(ctx.database.db, { email: 'stranger@example.com' });
    const address = await createAddress(ctx.database.db, owner.id);
    const mine = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/create-razorpay-order',
      headers: await authHeader(ctx, owner),
      remoteAddress: '10.73.0.1',
      payload: {
        cartItems: [{ book: item.id, quantity: 1 }],
        couponCode: 'THREE',
        selectedAddress: { _id: address.id },
      },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(await usedOf(limited.id)).toBe(1);
    const release = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/release-checkout',
        headers,
        payload: { razorpay_order_id: mine.json().orderId },
      });
    // Another account, or no account: as if there were no such checkout.
    expect((await release(await authHeader(ctx, stranger))).statusCode).toBe(404);
    expect((await release({})).statusCode).toBe(404);
    expect(await usedOf(limited.id)).toBe(1);
    const released = await release(await authHeader(ctx, owner));
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data).toEqual({ released: true });
    expect(await usedOf(limited.id)).toBe(0);
    // A guest's checkout: its Razorpay order is the buyer's proof.
    const guestCheckout = await checkout(body(item.id, 'guest@example.com'));
    expect(await usedOf(limited.id)).toBe(1);
    const byGuest = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/release-checkout',
      payload: { razorpay_order_id: guestCheckout.json().orderId },
    });
    expect(byGuest.json().data).toEqual({ released: true });
    expect(await usedOf(limited.id)).toBe(0);
  });

  it('one email holds one use at a time, one client address two; closing the payment lets the buyer start again', async () => {
    const limited = await coupon({ code: 'THREE', maxUses: 5 });
    const item = await book(500);
    const from = (remoteAddress: string, email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/create-razorpay-order',
        remoteAddress,
        payload: body(item.id, email),
      });
    // The same buyer (any letter case) from anywhere: one unpaid checkout holds the use, the next is told why.
    const first = await from('10.74.0.1', 'same@example.com');
    expect(first.statusCode, first.body).toBe(200);
    const again = await from('10.74.0.2', 'SAME@example.com');
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'COUPON_HOLD_LIMIT',
      error:
        'A payment you opened already holds this coupon. Finish or close it, or try again in a few minutes.',
    });
    expect(await usedOf(limited.id)).toBe(1);
    // Closing the payment window gives the use back: the buyer starts again.
    const released = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/release-checkout',
      payload: { razorpay_order_id: first.json().orderId },
    });
    expect(released.json().data).toEqual({ released: true });
    expect((await from('10.74.0.2', 'same@example.com')).statusCode).toBe(200);

    // One client address, made-up emails: two holds, the third is refused; another address may still.
    expect((await from('10.74.0.9', 'made-up-1@example.com')).statusCode).toBe(200);
    expect((await from('10.74.0.9', 'made-up-2@example.com')).statusCode).toBe(200);
    const third = await from('10.74.0.9', 'made-up-3@example.com');
    expect(third.statusCode, third.body).toBe(409);
    expect(third.json()).toMatchObject({
      code: 'COUPON_HOLD_LIMIT',
      error:
        'Payments opened from this connection already hold this coupon. Finish or close them, or try again in a few minutes.',
    });
    expect(await usedOf(limited.id)).toBe(3);
    expect((await from('10.74.0.10', 'made-up-3@example.com')).statusCode).toBe(200);
    expect(await usedOf(limited.id)).toBe(4);
    expect((await redemptionsOf(limited.id)).map((row) => row.clientAddress).sort()).toEqual([
      '10.74.0.10',
      '10.74.0.2',
      '10.74.0.9',
      '10.74.0.9',
    ]);
  });
});

describe('POST /api/coupons/check', () => {
  const check = (code: string, cartItems: object[], headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/coupons/check', headers, payload: { code, cartItems } });

  it('answers the discount on the lines priced by the server, or says why there is none', async () => {
    const item = await book(250);
    const lines = [{ book: item.id, quantity: 2 }];
    const hour = 3_600_000;
    await coupon({ code: 'WELCOME10', kind: 'percent', value: 10 });
    await coupon({ code: 'OLD', endsAt: new Date(Date.now() - hour) });
    await coupon({ code: 'SOON', startsAt: new Date(Date.now() + hour) });
    await coupon({ code: 'BIGORDER', minOrderPaise: 100_000 });
    await coupon({ code: 'GONE', maxUses: 1, used: 1 });
    await coupon({ code: 'OFF', active: false });

    const ok = await check('welcome10', lines);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ code: 'WELCOME10', discount: 50, subtotal: 500 });

    const refusals: [string, number, string, string][] = [
      ['NOSUCH', 400, 'COUPON_NOT_FOUND', 'This coupon code is not valid'],
      ['OLD', 400, 'COUPON_EXPIRED', 'This coupon has expired'],
      ['SOON', 400, 'COUPON_NOT_YET_VALID', 'This coupon is not valid yet'],
      ['BIGORDER', 400, 'COUPON_MINIMUM_ORDER', 'This coupon needs an order of at least ₹1,000'],
      ['GONE', 409, 'COUPON_USED_UP', 'This coupon has been used up'],
      ['OFF', 400, 'COUPON_INACTIVE', 'This coupon is no longer valid'],
    ];
    for (const [code, status, errorCode, message] of refusals) {
      const res = await check(code, lines);
      expect(res.statusCode, code).toBe(status);
      expect(res.json(), code).toMatchObject({ code: errorCode });
      expect(res.json().error, code).toContain(message.replace(/₹1,000.*/, ''));
    }
    expect((await check('BIGORDER', lines)).json().error).toMatch(/at least ₹1,000/);
  });

  it("counts a signed-in customer's own earlier uses", async () => {
    const item = await book(250);
    const limited = await coupon({ code: 'JUSTONCE', maxUsesPerCustomer: 1 });
    const user = await createUser(ctx.database.db, { email: 'Aisha@Example.com' });
    await ctx.database.db
      .insert(couponRedemptions)
      .values({ couponId: limited.id, customerEmail: 'aisha@example.com', discountPaise: 100 });
    const res = await check('JUSTONCE', [{ book: item.id, quantity: 1 }], await authHeader(ctx, user));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('You have already used this coupon');
    expect((await check('JUSTONCE', [{ book: item.id, quantity: 1 }])).statusCode).toBe(200);
  });
});

describe('the coupons desk', () => {
  it('lists, creates, edits and deactivates coupons for the orders desk only', async () => {
    const admin = await authHeader(ctx, await createUser(ctx.database.db, { role: 'admin' }));
    const customer = await authHeader(ctx, await createUser(ctx.database.db));
    const body = {
      code: 'diwali25',
      kind: 'percent',
      value: 25,
      minOrder: 500,
      maxUses: 100,
      maxUsesPerCustomer: 1,
    };
    const asAdmin = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: admin, payload });
    expect((await ctx.app.inject({ url: '/api/coupons/admin', headers: customer })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/coupons/admin', payload: body })).statusCode,
    ).toBe(401);

    const created = await asAdmin('POST', '/api/coupons/admin', body);
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json().data.coupon;
    expect(made).toMatchObject({
      code: 'DIWALI25',
      kind: 'percent',
      value: 25,
      minOrder: 500,
      used: 0,
      active: true,
    });
    const again = await asAdmin('POST', '/api/coupons/admin', body);
    expect(again.statusCode).toBe(409);
    const badPercent = await asAdmin('POST', '/api/coupons/admin', { ...body, code: 'TOOMUCH', value: 150 });
    expect(badPercent.statusCode).toBe(400);

    const edited = await asAdmin('PUT', `/api/coupons/admin/${made._id}`, {
      ...body,
      kind: 'fixed',
      value: 75,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.coupon).toMatchObject({ kind: 'fixed', value: 75 });
    const [stored] = await ctx.database.db.select().from(coupons).where(eq(coupons.id, made._id));
    expect(stored!.value).toBe(7_500);

    const off = await asAdmin('POST', `/api/coupons/admin/${made._id}/deactivate`);
    expect(off.json().data.coupon.active).toBe(false);
    const list = await ctx.app.inject({ url: '/api/coupons/admin', headers: admin });
    expect(list.json().data.coupons).toEqual([
      expect.objectContaining({ code: 'DIWALI25', active: false, used: 0 }),
    ]);
  });
});
