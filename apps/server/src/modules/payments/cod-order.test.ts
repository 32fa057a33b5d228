// @database: stock taken by cash-on-delivery orders under parallel writes
import { count, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { authHeader, createTestApp } from '../../../test/support/app';
import {
  createAddress,
  createBook,
  createOrder,
  createUser,
  setEditionStock,
} from '../../../test/support/factories';
import { useTestApp } from '../../../test/support/use-test-app';
import { queryRows } from '../../db/client';
import { books, checkouts, coupons, deliveryZones, orders, pincodeRanges } from '../../db/schema';
import { GUEST_COD_OPEN_COPIES } from '../checkout/guest-cod';

/**
 * Cash on delivery (docs/decisions/051) over real HTTP: the owner's settings decide whether it is offered, up to
 * which total and for what fee; the order is made at once without Razorpay, with its stock, once per
 * Idempotency-Key; it is revenue only once its cash is collected, never when its parcel comes back; and it is never
 * refunded to a card.
 */
const { ctx, smtp } = useTestApp({ smtp: true, env: { LOG_LEVEL: 'error' } });

const guest = {
  name: 'Farhana Begum',
  email: 'farhana@example.com',
  phone: '9831122334',
  address: { addressLine1: '5 Zakaria Street', city: 'Kolkata', state: 'West Bengal', pincode: '700073' },
};

async function codSettings(values: { codEnabled: boolean; codMaxOrder?: number; codFee?: number }) {
  const current = await ctx.app.siteSettings.get();
  await ctx.app.siteSettings.save({ ...current, codMaxOrder: 2000, codFee: 40, ...values });
}

beforeEach(async () => {
  await ctx.database.db.delete(coupons);
  await ctx.database.db.delete(pincodeRanges);
  await ctx.database.db.delete(deliveryZones).where(eq(deliveryZones.isDefault, false));
  await codSettings({ codEnabled: true });
});

let addresses = 0;
function codOrder(payload: object, headers: Record<string, string> = {}) {
  addresses += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/cod-order',
    headers,
    payload: { guestInfo: guest, ...payload },
    remoteAddress: `10.92.${(addresses >> 8) & 255}.${addresses & 255}`,
  });
}

async function bookWithStock(price: number, stock: number) {
  const book = await createBook(ctx.database.db, { price });
  await setEditionStock(ctx.database.db, book.id, stock);
  return book;
}
const stockOf = async (id: string) =>
  (await ctx.database.db.select({ stock: books.stock }).from(books).where(eq(books.id, id)))[0]?.stock;
const orderCount = async () => (await ctx.database.db.select({ n: count() }).from(orders))[0]!.n;
const revenue = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ url: '/api/orders/admin/all', headers })).json().data.stats.totalRevenue as number;

describe('POST /api/payments/cod-order', () => {
  it('places the order at once, coupon and fee included, with its stock, one per Idempotency-Key, and mails "pay in cash"', async () => {
    const book = await bookWithStock(500, 5);
    await ctx.database.db.insert(coupons).values({ code: 'WELCOME10', kind: 'percent', value: 10 });
    const body = {
      cartItems: [{ book: book.id, quantity: 1 }],
      couponCode: 'WELCOME10',
      // ₹500 less 10%, ₹50 delivery, ₹40 fee.
      expectedTotal: 540,
    };
    const key = { 'idempotency-key': 'cod-order-key-0001' };
    const placed = await codOrder(body, key);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    expect(order).toMatchObject({
      paymentMethod: 'cod',
      couponCode: 'WELCOME10',
      subtotal: 500,
      discount: 50,
      shipping: 50,
      codFee: 40,
      amount: 540,
      status: 'pending',
    });
    const [row] = await ctx.database.db.select().from(orders);
    expect(row!.txnId).toBe(`cod_${row!.checkoutId}`);
    expect(row!.razorpayOrderId).toBe(`cod_${row!.checkoutId}`);
    const [checkout] = await ctx.database.db.select().from(checkouts);
    expect(checkout).toMatchObject({ status: 'paid', paymentMethod: 'cod', codFeePaise: 4_000 });
    expect(await stockOf(book.id)).toBe(4);

    const again = await codOrder(body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().order._id).toBe(order._id);
    expect(await orderCount()).toBe(1);
    expect(await stockOf(book.id)).toBe(4);

    const mail = await smtp.waitFor(guest.email);
    expect(mail.text).toContain('Pay ₹540.00 in cash on delivery.');
    expect(mail.text).toContain('Coupon WELCOME10: −₹50.00');
    expect(mail.text).toContain('Cash-on-delivery fee: ₹40.00');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.inbox.filter((m) => m.to.includes(guest.email))).toHaveLength(1);
  });

  it('is refused when the owner has not turned it on, above the limit, and where the delivery zone takes no cash', async () => {
    const book = await bookWithStock(600, 10);
    await codSettings({ codEnabled: false });
    const off = await codOrder({ cartItems: [{ book: book.id, quantity: 1 }] });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({ code: 'COD_OFF', error: 'Cash on delivery is not offered right now' });

    await codSettings({ codEnabled: true, codMaxOrder: 1000 });
    const over = await codOrder({ cartItems: [{ book: book.id, quantity: 2 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'COD_OVER_LIMIT',
      error: 'Cash on delivery is available for orders up to ₹1,000.00',
    });

    const [far] = await ctx.database.db
      .insert(deliveryZones)
      .values({ name: 'Islands', chargePerPairPaise: 15_000, minDays: 8, maxDays: 15, codAvailable: false })
      .returning();
    await ctx.database.db
      .insert(pincodeRanges)
      .values({ zoneId: far!.id, fromPincode: 744101, toPincode: 744304 });
    const island = await codOrder({
      cartItems: [{ book: book.id, quantity: 1 }],
      guestInfo: {
        ...guest,
        address: {
          ...guest.address,
          city: 'Port Blair',
          state: 'Andaman and Nicobar Islands',
          pincode: '744101',
        },
      },
    });
    expect(island.statusCode, island.body).toBe(400);
    expect(island.json()).toMatchObject({ code: 'COD_NOT_IN_ZONE' });
    expect(await orderCount()).toBe(0);
    expect(await stockOf(book.id)).toBe(10);

    // The card checkout never takes a cash-on-delivery body.
    const card = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/create-razorpay-order',
      payload: { guestInfo: guest, cartItems: [{ book: book.id, quantity: 1 }], paymentMethod: 'cod' },
      remoteAddress: '10.93.0.1',
    });
    expect(card.statusCode).toBe(400);
    expect(card.json().code).toBe('USE_COD_ORDER');
  });
});

describe('a cash-on-delivery order on the desk', () => {
  it('is revenue only once its cash is collected, gets its bill then, and is never refunded to a card', async () => {
    const admin = await authHeader(ctx, await createUser(ctx.database.db, { role: 'admin' }));
    const book = await bookWithStock(300, 5);
    const placed = await codOrder({ cartItems: [{ book: book.id, quantity: 2 }] });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().order._id as string;
    // ₹600 + ₹50 delivery + ₹40 fee, not collected: no revenue yet.
    expect(await revenue(admin)).toBe(0);

    const collect = () =>
      ctx.app.inject({ method: 'POST', url: `/api/orders/admin/${id}/cod-collected`, headers: admin });
    const early = await collect();
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('COD_COLLECT_REFUSED');

    const refund = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/orders/admin/${id}/refunds`,
        headers: admin,
        payload: { amount: 100, reason: 'Late' },
      });
    // Nothing collected yet: nothing to refund at all.
    const uncollected = await refund();
    expect(uncollected.statusCode).toBe(409);
    expect(uncollected.json()).toMatchObject({ code: 'COD_NOT_COLLECTED' });

    const shipped = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/admin/${id}/status`,
      headers: admin,
      payload: { status: 'shipped' },
    });
    expect(shipped.statusCode).toBe(200);
    expect(await revenue(admin)).toBe(0);
    const collected = await collect();
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json().data.order.codCollectedAt).toEqual(expect.any(String));
    expect(await revenue(admin)).toBe(690);
    const [bill] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM bills WHERE order_id = ${id}`,
    );
    expect(bill!.n).toBe(1);
    // Collected twice: still once.
    expect((await collect()).statusCode).toBe(200);
    expect(await revenue(admin)).toBe(690);
    // Collected, it is paid back by hand, never to a card.
    const byCard = await refund();
    expect(byCard.statusCode).toBe(400);
    expect(byCard.json()).toMatchObject({ code: 'COD_REFUND_BY_HAND' });
    expect(byCard.json().error).toContain('cannot be refunded to a card');

    const customer = await authHeader(ctx, await createUser(ctx.database.db));
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/orders/admin/${id}/cod-collected`,
          headers: customer,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('gives its copies back when its parcel comes back (RTO), and is no revenue', async () => {
    const admin = await authHeader(ctx, await createUser(ctx.database.db, { role: 'admin' }));
    const book = await bookWithStock(300, 5);
    const placed = await codOrder({ cartItems: [{ book: book.id, quantity: 2 }] });
    const id = placed.json().order._id as string;
    expect(await stockOf(book.id)).toBe(3);
    const move = (status: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/orders/admin/${id}/status`,
        headers: admin,
        payload: { status },
      });
    expect((await move('shipped')).statusCode).toBe(200);
    expect((await move('RTO')).statusCode).toBe(200);
    expect(await stockOf(book.id)).toBe(5);
    expect(await revenue(admin)).toBe(0);
    const collect = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${id}/cod-collected`,
      headers: admin,
    });
    expect(collect.statusCode).toBe(400);
  });
});

describe('a cash-on-delivery parcel that came back (RTO) and is sent again', () => {
  it('takes its copies again (what is left when fewer remain), and the cached public book shows each move at once', async () => {
    const cached = await createTestApp({ PUBLIC_CACHE_TTL_MS: '30000', LOG_LEVEL: 'error' });
    try {
      const settings = await cached.app.siteSettings.get();
      await cached.app.siteSettings.save({ ...settings, codEnabled: true, codMaxOrder: 5000, codFee: 0 });
      const admin = await authHeader(cached, await createUser(cached.database.db, { role: 'admin' }));
      const book = await createBook(cached.database.db, { name: 'Riyad as-Salihin', price: 300 });
      await setEditionStock(cached.database.db, book.id, 3);
      const shown = async () =>
        (await cached.app.inject({ url: `/api/books/${book.id}` })).json().data.stock as number;
      const order = async (quantity: number, n: number) => {
        const placed = await cached.app.inject({
          method: 'POST',
          url: '/api/payments/cod-order',
          payload: { guestInfo: guest, cartItems: [{ book: book.id, quantity }] },
          remoteAddress: `10.93.0.${n}`,
        });
        expect(placed.statusCode, placed.body).toBe(201);
        return placed.json().order._id as string;
      };
      const move = async (id: string, status: string) => {
        const moved = await cached.app.inject({
          method: 'PATCH',
          url: `/api/orders/admin/${id}/status`,
          headers: admin,
          payload: { status },
        });
        expect(moved.statusCode, moved.body).toBe(200);
      };

      expect(await shown()).toBe(3);
      const first = await order(2, 1);
      expect(await shown()).toBe(1);
      await move(first, 'shipped');
      await move(first, 'RTO');
      expect(await shown()).toBe(3);

      // Two of the three are sold to someone else while the parcel waits; sent again, it takes the one left.
      await order(2, 2);
      expect(await shown()).toBe(1);
      await move(first, 'shipped');
      expect(await shown()).toBe(0);
      // Back once more, it gives back the one copy it held, not two.
      await move(first, 'RTO');
      expect(await shown()).toBe(1);
    } finally {
      await cached.close();
    }
  });
});

describe('cash on delivery without an account (docs/decisions/074)', () => {
  const guestNo = (n: number) => ({
    name: `Guest ${n}`,
    email: `cod-guest-${n}@example.com`,
    phone: `98300${String(10000 + n).slice(-5)}`,
    address: { addressLine1: `${n} Park Street`, city: 'Kolkata', state: 'West Bengal', pincode: '700016' },
  });

  it('20 guest orders from 10 addresses take no more than the guests\u2019 share of an edition; the rest are told why', async () => {
    await codSettings({ codEnabled: true, codMaxOrder: 5000, codFee: 0 });
    const book = await bookWithStock(200, 40);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/payments/cod-order',
          payload: { guestInfo: guestNo(n), cartItems: [{ book: book.id, quantity: 2 }] },
          remoteAddress: `10.94.0.${n % 10}`,
        }),
      ),
    );
    const placed = answers.filter((res) => res.statusCode === 201);
    expect(placed).toHaveLength(GUEST_COD_OPEN_COPIES / 2);
    for (const res of answers.filter((each) => each.statusCode !== 201)) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'COD_GUEST_COPIES' });
    }
    expect(await stockOf(book.id)).toBe(40 - GUEST_COD_OPEN_COPIES);
    expect(await orderCount()).toBe(GUEST_COD_OPEN_COPIES / 2);

    // Once the desk has sent one, its copies no longer count: another guest may order.
    const admin = await authHeader(ctx, await createUser(ctx.database.db, { role: 'admin' }));
    const sent = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/admin/${placed[0]!.json().order._id}/status`,
      headers: admin,
      payload: { status: 'shipped' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const next = await codOrder({ guestInfo: guestNo(99), cartItems: [{ book: book.id, quantity: 2 }] });
    expect(next.statusCode, next.body).toBe(201);
    // A buyer with an account is not limited by the guests' share.
    const member = await createUser(ctx.database.db);
    const address = await createAddress(ctx.database.db, member.id);
    const byMember = await codOrder(
      { cartItems: [{ book: book.id, quantity: 2 }], selectedAddress: { _id: address.id } },
      await authHeader(ctx, member),
    );
    expect(byMember.statusCode, byMember.body).toBe(201);
  });

  it('one email or phone number may have 2 guest orders waiting to be sent', async () => {
    await codSettings({ codEnabled: true, codMaxOrder: 5000, codFee: 0 });
    const book = await bookWithStock(200, 40);
    const order = (info: object) =>
      codOrder({ guestInfo: info, cartItems: [{ book: book.id, quantity: 1 }] });
    expect((await order(guestNo(1))).statusCode).toBe(201);
    expect((await order({ ...guestNo(1), phone: '9830077665' })).statusCode).toBe(201);
    // The same email in other letters, or the same phone with another email: refused.
    const third = await order({ ...guestNo(1), email: 'COD-GUEST-1@example.com', phone: '9830077664' });
    expect(third.statusCode, third.body).toBe(409);
    expect(third.json()).toMatchObject({ code: 'COD_GUEST_LIMIT' });
    // The phone's second order under another email passes; its third does not.
    expect((await order({ ...guestNo(2), phone: '9830077665' })).statusCode).toBe(201);
    expect((await order({ ...guestNo(3), phone: '9830077665' })).statusCode).toBe(409);
    expect(await stockOf(book.id)).toBe(37);
  });

  it("the desk lists guests' orders waiting to be sent and cancels them in bulk: copies back, a mail each, others refused", async () => {
    await codSettings({ codEnabled: true, codMaxOrder: 5000, codFee: 0 });
    const book = await bookWithStock(200, 20);
    const placed: string[] = [];
    for (const n of [11, 12, 13]) {
      const res = await codOrder({ guestInfo: guestNo(n), cartItems: [{ book: book.id, quantity: 2 }] });
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json().order._id as string);
    }
    // Beside them: a member's cash-on-delivery order and a guest's card order, which the view leaves out.
    const member = await createUser(ctx.database.db);
    const address = await createAddress(ctx.database.db, member.id);
    const byMember = await codOrder(
      { cartItems: [{ book: book.id, quantity: 1 }], selectedAddress: { _id: address.id } },
      await authHeader(ctx, member),
    );
    expect(byMember.statusCode, byMember.body).toBe(201);
    const cardOrder = await createOrder(ctx.database.db);
    expect(await stockOf(book.id)).toBe(13);

    const admin = await authHeader(ctx, await createUser(ctx.database.db, { role: 'admin' }));
    const view = await ctx.app.inject({ url: '/api/orders/admin/all?view=guest-cod', headers: admin });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.orders.map((order: { _id: string }) => order._id)).toEqual([...placed].reverse());
    expect(view.json().data.pagination.totalOrders).toBe(3);
    const csv = await ctx.app.inject({ url: '/api/orders/admin/export-csv?view=guest-cod', headers: admin });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(1 + 3);

    // One of them is sent meanwhile: the bulk cancellation cancels the two others, and says why not that one and
    // not the member's order or the card order.
    const sent = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/admin/${placed[0]}/status`,
      headers: admin,
      payload: { status: 'shipped' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The cancellation mails only (each buyer's order mail may still be on its way).
    const cancelledMails = () =>
      smtp.inbox.filter(
        (m) =>
          /has been cancelled/.test(m.subject) &&
          [guestNo(12).email, guestNo(13).email].some((to) => m.to.includes(to)),
      ).length;
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/admin/guest-cod/cancel',
      headers: admin,
      payload: {
        ids: [...placed, byMember.json().order._id, cardOrder.id],
        reason: 'No answer on the phone',
      },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const answer = cancel.json();
    expect(answer.message).toBe("2 orders cancelled; 3 could not be (see each one's reason)");
    expect(
      answer.data.cancelled.map((order: { _id: string; status: string }) => [order._id, order.status]),
    ).toEqual([
      [placed[1], 'cancelled'],
      [placed[2], 'cancelled'],
    ]);
    expect(answer.data.refused).toEqual([
      { id: placed[0], code: 'ORDER_SHIPPED', message: expect.any(String) },
      { id: byMember.json().order._id, code: 'NOT_GUEST_COD', message: expect.any(String) },
      { id: cardOrder.id, code: 'NOT_GUEST_COD', message: expect.any(String) },
    ]);
    expect(await stockOf(book.id)).toBe(17);
    // The two buyers each get their cancellation mail.
    await expect.poll(() => cancelledMails(), { timeout: 20_000 }).toBe(2);
    const after = await ctx.app.inject({ url: '/api/orders/admin/all?view=guest-cod', headers: admin });
    expect(after.json().data.orders).toEqual([]);

    // Bad input changes nothing, and the desk is the admins'.
    for (const payload of [
      { ids: [], reason: 'x' },
      { ids: ['not-an-id'], reason: 'x' },
      { ids: [placed[1], placed[1]], reason: 'x' },
      { ids: Array.from({ length: 101 }, () => crypto.randomUUID()), reason: 'x' },
      { ids: [placed[1]], reason: ' ' },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders/admin/guest-cod/cancel',
        headers: admin,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const byCustomer = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/admin/guest-cod/cancel',
      headers: await authHeader(ctx, member),
      payload: { ids: [placed[1]], reason: 'x' },
    });
    expect(byCustomer.statusCode).toBe(403);
  });
});
