import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { bookEditions, orderItems, orders, refundItems, sandboxRefunds } from '../../db/schema';
import { authHeader } from '../../../test/support/app';
import { signOrderId } from '../../lib/order-links';
import { createBook, createOrder, createUser, setEditionStock } from '../../../test/support/factories';
import { buyAsGuest, guestBuyer } from '../../../test/support/purchase';
import { signInAdmin, useTestApp } from '../../../test/support/use-test-app';

/** Refunds by items, and returns and cancellations asked by the customer (docs/decisions/055). */
const { ctx, smtp } = useTestApp({ smtp: true });
let adminHeaders: Record<string, string>;
beforeEach(async () => {
  adminHeaders = await signInAdmin(ctx);
});

const DAY = 86_400_000;
/** The site's contact address (the default settings): where the shop is told of a request. */
const SHOP = 'contact@darulilm.example';

interface ApiItem {
  _id: string;
  name: string;
  quantity: number;
  refundedQuantity: number;
}
interface ApiOrder {
  _id: string;
  amount: number;
  refundedAmount: number;
  status: string;
  items: ApiItem[];
  refunds: { _id: string; amount: number; status: string }[];
}

/** A guest's paid order of two copies of a ₹250 book and one of a ₹400 book, each with 5 copies in stock before. */
async function paidOrder() {
  const db = ctx.database.db;
  const first = await createBook(db, { name: 'Riyad as-Salihin', price: 250 });
  const second = await createBook(db, { name: 'Bulugh al-Maram', price: 400 });
  await setEditionStock(db, first.id, 5);
  await setEditionStock(db, second.id, 5);
  const bought = await buyAsGuest(ctx, [
    { bookId: first.id, quantity: 2 },
    { bookId: second.id, quantity: 1 },
  ]);
  const order = await readOrder(bought._id);
  const itemOf = (bookId: string) =>
    order.items.find((item) => item.name === (bookId === first.id ? first.name : second.name))!;
  return { order, first, second, itemA: itemOf(first.id), itemB: itemOf(second.id) };
}

async function readOrder(orderId: string): Promise<ApiOrder> {
  const res = await ctx.app.inject({ url: `/api/orders/admin/${orderId}`, headers: adminHeaders });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.order as ApiOrder;
}

async function stockOf(bookId: string): Promise<number | null> {
  const [row] = await ctx.database.db
    .select({ stock: bookEditions.stock })
    .from(bookEditions)
    .where(and(eq(bookEditions.bookId, bookId), eq(bookEditions.language, 'english')));
  return row!.stock;
}

const refund = (orderId: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/orders/admin/${orderId}/refunds`,
    headers: { ...adminHeaders, ...headers },
    payload,
  });

/** The order becomes a signed-in customer's, delivered `daysAgo` days ago; answers the customer's headers. */
async function deliveredToCustomer(orderId: string, daysAgo = 1) {
  const user = await createUser(ctx.database.db);
  await ctx.database.db
    .update(orders)
    .set({
      userId: user.id,
      status: 'delivered',
      shippedAt: new Date(Date.now() - (daysAgo + 2) * DAY),
      deliveredAt: new Date(Date.now() - daysAgo * DAY),
    })
    .where(eq(orders.id, orderId));
  return { user, headers: await authHeader(ctx, user) };
}

const ask = (userId: string, orderId: string, headers: Record<string, string>, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${userId}/${orderId}/returns`,
    headers,
    payload,
  });

const approve = (requestId: string, payload: object = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/orders/admin/returns/${requestId}/approve`,
    headers: adminHeaders,
    payload,
  });

describe('refunds by items (the desk)', () => {
  it('computes the amount from the items, counts the copies and puts the restocked ones back in stock', async () => {
    const { order, first, second, itemA, itemB } = await paidOrder();
    expect(await stockOf(first.id)).toBe(3);

    const res = await refund(order._id, {
      reason: 'A torn cover',
      // An amount sent alongside items is refused, never trusted.
      items: [{ orderItemId: itemA._id, quantity: 1, restock: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    let after = res.json().data.order as ApiOrder;
    expect(after.refundedAmount).toBe(250);
    expect(after.items.find((i) => i._id === itemA._id)!.refundedQuantity).toBe(1);
    expect(await stockOf(first.id)).toBe(4);
    const [line] = await ctx.database.db
      .select()
      .from(refundItems)
      .where(eq(refundItems.orderItemId, itemA._id));
    expect(line).toMatchObject({ quantity: 1, restocked: 1 });
    const mail = await smtp.waitFor(guestBuyer.email, (m) => m.subject.startsWith('Refund of'));
    expect(mail.subject).toContain('₹250.00');

    // The rest of the order: the last copies bring the delivery charge back with them, and no more than was paid.
    const rest = await refund(order._id, {
      reason: 'Returned whole',
      items: [
        { orderItemId: itemA._id, quantity: 1, restock: 0 },
        { orderItemId: itemB._id, quantity: 1, restock: 1 },
      ],
    });
    expect(rest.statusCode, rest.body).toBe(201);
    after = rest.json().data.order as ApiOrder;
    expect(after.refundedAmount).toBe(order.amount);
    expect(after.refunds.at(-1)!.amount).toBe(order.amount - 250);
    expect(await stockOf(first.id)).toBe(4);
    expect(await stockOf(second.id)).toBe(5);
  });

  it('refuses an amount with items, unknown items and more copies than are left', async () => {
    const { order, itemA } = await paidOrder();
    const both = await refund(order._id, {
      amount: 10,
      reason: 'x',
      items: [{ orderItemId: itemA._id, quantity: 1 }],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe('AMOUNT_WITH_ITEMS');
    const unknown = await refund(order._id, {
      reason: 'x',
      items: [{ orderItemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    });
    expect(unknown.json().code).toBe('UNKNOWN_ITEM');
    const many = await refund(order._id, { reason: 'x', items: [{ orderItemId: itemA._id, quantity: 3 }] });
    expect(many.statusCode).toBe(400);
    expect(many.json().code).toBe('TOO_MANY_COPIES');
    expect((await readOrder(order._id)).refundedAmount).toBe(0);
  });

  it('refunds the same copy once when two desks press Refund together', async () => {
    const { order, first, itemA } = await paidOrder();
    const body = { reason: 'Damaged', items: [{ orderItemId: itemA._id, quantity: 2, restock: 2 }] };
    const answers = await Promise.all([refund(order._id, body), refund(order._id, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    const after = await readOrder(order._id);
    expect(after.items.find((i) => i._id === itemA._id)!.refundedQuantity).toBe(2);
    expect(after.refundedAmount).toBe(500);
    expect(await stockOf(first.id)).toBe(5);
    const atRazorpay = await ctx.database.db.select().from(sandboxRefunds);
    expect(atRazorpay).toHaveLength(1);
  });

  it('puts back no more copies than the item took from the stock', async () => {
    const { order, first, itemA } = await paidOrder();
    // As a backordered item: one of its two copies came from the shelf.
    await ctx.database.db.update(orderItems).set({ stockTaken: 1 }).where(eq(orderItems.id, itemA._id));
    const res = await refund(order._id, {
      reason: 'Both',
      items: [{ orderItemId: itemA._id, quantity: 2, restock: 2 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await stockOf(first.id)).toBe(4);
    const [line] = await ctx.database.db
      .select()
      .from(refundItems)
      .where(eq(refundItems.orderItemId, itemA._id));
    expect(line!.restocked).toBe(1);
  });

  it('keeps refunds by amount working', async () => {
    const { order } = await paidOrder();
    const res = await refund(order._id, { amount: 100, reason: 'Goodwill' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.order.refundedAmount).toBe(100);
  });
});

describe('returns asked by the customer', () => {
  it('takes a return within the window, mails the customer and the shop, and keeps one open request', async () => {
    const { order, itemA } = await paidOrder();
    const { user, headers } = await deliveredToCustomer(order._id);
    const res = await ask(user.id, order._id, headers, {
      kind: 'return',
      reason: 'The binding came loose',
      items: [{ orderItemId: itemA._id, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.request).toMatchObject({
      kind: 'return',
      status: 'requested',
      orderNumber: expect.any(String),
    });

    const received = await smtp.waitFor(guestBuyer.email, (m) =>
      m.subject.startsWith('We have your request'),
    );
    expect(received.text).toContain('The binding came loose');
    const shop = await smtp.waitFor(SHOP, (m) => m.subject.startsWith('Return request'));
    expect(shop.text).toContain('1 × Riyad as-Salihin');

    const again = await ask(user.id, order._id, headers, {
      kind: 'return',
      reason: 'Again',
      items: [{ orderItemId: itemA._id, quantity: 1 }],
    });
    expect(again.statusCode).toBe(409);

    const mine = await ctx.app.inject({ url: `/api/orders/${user.id}/${order._id}/returns`, headers });
    expect(mine.json().data.requests).toHaveLength(1);
  });

  it('keeps another customer out: they can neither ask nor see', async () => {
    const { order, itemA } = await paidOrder();
    const { user } = await deliveredToCustomer(order._id);
    const other = await createUser(ctx.database.db);
    const otherHeaders = await authHeader(ctx, other);
    const payload = { kind: 'return', reason: 'Not mine', items: [{ orderItemId: itemA._id, quantity: 1 }] };
    expect((await ask(user.id, order._id, otherHeaders, payload)).statusCode).toBe(403);
    expect((await ask(other.id, order._id, otherHeaders, payload)).statusCode).toBe(404);
    const seen = await ctx.app.inject({
      url: `/api/orders/${other.id}/${order._id}/returns`,
      headers: otherHeaders,
    });
    expect(seen.statusCode).toBe(404);
    const theirs = await ctx.app.inject({
      url: `/api/orders/${user.id}/${order._id}/returns`,
      headers: otherHeaders,
    });
    expect(theirs.statusCode).toBe(403);
    // The desk answers requests but does not ask in a customer's name.
    expect((await ask(user.id, order._id, adminHeaders, payload)).statusCode).toBe(403);
  });

  it('takes returns for 30 days after delivery (the Return Policy), and only of delivered orders', async () => {
    const { order, itemA } = await paidOrder();
    const payload = { kind: 'return', reason: 'Late', items: [{ orderItemId: itemA._id, quantity: 1 }] };
    const late = await deliveredToCustomer(order._id, 31);
    const over = await ask(late.user.id, order._id, late.headers, payload);
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('RETURN_WINDOW_OVER');
    await ctx.database.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 29 * DAY) })
      .where(eq(orders.id, order._id));
    expect((await ask(late.user.id, order._id, late.headers, payload)).statusCode).toBe(201);

    const pending = await createOrder(ctx.database.db, { userId: late.user.id });
    const notYet = await ask(late.user.id, pending.id, late.headers, payload);
    expect(notYet.statusCode).toBe(400);
  });

  it('approves part of a return with restock: the refund, the stock and the mail with the amount', async () => {
    const { order, first, itemA, itemB } = await paidOrder();
    const { user, headers } = await deliveredToCustomer(order._id);
    const asked = await ask(user.id, order._id, headers, {
      kind: 'return',
      reason: 'Two copies by mistake',
      items: [
        { orderItemId: itemA._id, quantity: 2 },
        { orderItemId: itemB._id, quantity: 1 },
      ],
    });
    const requestId = asked.json().data.request._id as string;

    const open = await ctx.app.inject({ url: '/api/orders/admin/returns', headers: adminHeaders });
    expect(open.json().data.requests.map((r: { _id: string }) => r._id)).toEqual([requestId]);

    // More than was asked is refused.
    const tooMany = await approve(requestId, {
      items: [{ orderItemId: itemA._id, quantity: 3, restock: 0 }],
    });
    expect(tooMany.statusCode).toBe(400);

    const res = await approve(requestId, { items: [{ orderItemId: itemA._id, quantity: 1, restock: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    const request = res.json().data.request;
    expect(request).toMatchObject({ status: 'approved', refund: { amount: 250, byHand: false } });
    expect(request.items.find((i: { orderItemId: string }) => i.orderItemId === itemA._id)).toMatchObject({
      approvedQuantity: 1,
      restock: 1,
    });
    expect(await stockOf(first.id)).toBe(4);
    expect((await readOrder(order._id)).refundedAmount).toBe(250);

    const mail = await smtp.waitFor(guestBuyer.email, (m) => m.subject.includes('is approved'));
    expect(mail.text).toContain('₹250.00');
    expect(mail.text).toContain('5–7 business days');

    expect((await approve(requestId)).statusCode).toBe(409);
    const none = await ctx.app.inject({ url: '/api/orders/admin/returns', headers: adminHeaders });
    expect(none.json().data.requests).toEqual([]);
  });

  it('declines with a reason the customer is sent', async () => {
    const { order, itemA } = await paidOrder();
    const { user, headers } = await deliveredToCustomer(order._id);
    const asked = await ask(user.id, order._id, headers, {
      kind: 'return',
      reason: 'Changed my mind',
      items: [{ orderItemId: itemA._id, quantity: 1 }],
    });
    const requestId = asked.json().data.request._id as string;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/admin/returns/${requestId}/decline`,
      headers: adminHeaders,
      payload: { reason: 'The book was opened and written in' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.request).toMatchObject({
      status: 'declined',
      declineReason: 'The book was opened and written in',
    });
    const mail = await smtp.waitFor(guestBuyer.email, (m) => m.subject.startsWith('Your request for order'));
    expect(mail.text).toContain('The book was opened and written in');
    // Declined, the order may be asked about again.
    expect(
      (
        await ask(user.id, order._id, headers, {
          kind: 'return',
          reason: 'Again',
          items: [{ orderItemId: itemA._id, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(201);
  });

  it('cancels a pending order on approval with the desk cancel action, and not a shipped one', async () => {
    const { order, first } = await paidOrder();
    const user = await createUser(ctx.database.db);
    const headers = await authHeader(ctx, user);
    await ctx.database.db.update(orders).set({ userId: user.id }).where(eq(orders.id, order._id));
    const asked = await ask(user.id, order._id, headers, { kind: 'cancel', reason: 'Ordered twice' });
    expect(asked.statusCode, asked.body).toBe(201);
    const res = await approve(asked.json().data.request._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.request).toMatchObject({ status: 'approved', refund: { amount: order.amount } });
    const after = await readOrder(order._id);
    expect(after.status).toBe('cancelled');
    expect(await stockOf(first.id)).toBe(5);
    await smtp.waitFor(guestBuyer.email, (m) => m.subject.includes('has been cancelled'));

    const shipped = await createOrder(ctx.database.db, { userId: user.id, status: 'shipped' });
    const refused = await ask(user.id, shipped.id, headers, { kind: 'cancel', reason: 'Too late?' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('NOT_CANCELLABLE');
  });

  it('approves the return of a cash-on-delivery order as a refund by hand, without Razorpay', async () => {
    const user = await createUser(ctx.database.db);
    const headers = await authHeader(ctx, user);
    const row = await createOrder(ctx.database.db, {
      userId: user.id,
      status: 'delivered',
      items: [{ name: 'Sahih Muslim', price: 300, quantity: 2 }],
    });
    await ctx.database.db
      .update(orders)
      .set({ paymentMethod: 'cod', txnId: `cod_${row.id}`, deliveredAt: new Date() })
      .where(eq(orders.id, row.id));
    const [item] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
    const asked = await ask(user.id, row.id, headers, {
      kind: 'return',
      reason: 'Wrong edition',
      items: [{ orderItemId: item!.id, quantity: 1 }],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const res = await approve(asked.json().data.request._id, {
      items: [{ orderItemId: item!.id, quantity: 1, restock: 0 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.request.refund).toMatchObject({ amount: 300, status: 'processed', byHand: true });
    expect(await ctx.database.db.select().from(sandboxRefunds)).toHaveLength(0);
    const mail = await smtp.waitFor(row.contactEmail, (m) => m.subject.includes('is approved'));
    expect(mail.text).toContain('pay ₹300.00 back to you directly');
    const [counted] = await queryRows<{ refunded: number }>(
      ctx.database.db,
      sql`SELECT refunded_paise::int AS refunded FROM orders WHERE id = ${row.id}`,
    );
    expect(counted!.refunded).toBe(30_000);
  });
});

describe('returns through the signed link of a guest order', () => {
  it('lets the holder of the link ask and see, and nobody with a wrong link', async () => {
    const { order, itemA } = await paidOrder();
    await ctx.database.db
      .update(orders)
      .set({ status: 'delivered', deliveredAt: new Date() })
      .where(eq(orders.id, order._id));
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    const url = (t: string) => `/api/order-tracking/${row!.orderNumber}/returns?t=${encodeURIComponent(t)}`;
    const payload = {
      kind: 'return',
      reason: 'A page is missing',
      items: [{ orderItemId: itemA._id, quantity: 1 }],
    };
    const wrong = await ctx.app.inject({ method: 'POST', url: url(signOrderId(uuidLike)), payload });
    expect(wrong.statusCode).toBe(404);
    const asked = await ctx.app.inject({ method: 'POST', url: url(signOrderId(order._id)), payload });
    expect(asked.statusCode, asked.body).toBe(201);
    const seen = await ctx.app.inject({ url: url(signOrderId(order._id)) });
    expect(seen.json().data.requests).toHaveLength(1);
    expect((await ctx.app.inject({ url: url('x') })).statusCode).toBe(404);
    await smtp.waitFor(guestBuyer.email, (m) => m.subject.startsWith('We have your request'));
  });
});

const uuidLike = '00000000-0000-4000-8000-000000000000';
