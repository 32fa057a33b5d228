// @database: stock back from returns under parallel answers
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  bookEditions,
  orderItems,
  orders,
  refundItems,
  refunds,
  sandboxPayments,
  sandboxRefunds,
} from '../../db/schema';
import { authHeader } from '../../../test/support/app';
import { createBook, createOrder, createUser, setEditionStock } from '../../../test/support/factories';
import { buyAsGuest, guestBuyer, requestRefund } from '../../../test/support/purchase';
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
  requestRefund(ctx, orderId, payload, { ...adminHeaders, ...headers });

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

let askers = 0;
/** A customer's request, each from an address of its own (requests are limited per address and hour). */
const ask = (userId: string, orderId: string, headers: Record<string, string>, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${userId}/${orderId}/returns`,
    headers,
    payload,
    remoteAddress: `10.88.${(++askers >> 8) & 255}.${askers & 255}`,
  });

const approve = (requestId: string, payload: object = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/orders/admin/returns/${requestId}/approve`,
    headers: adminHeaders,
    payload,
  });

const step = (requestId: string, name: 'received' | 'refund', payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/orders/admin/returns/${requestId}/${name}`,
    headers: adminHeaders,
    ...(payload === undefined ? {} : { payload }),
  });

const receive = (requestId: string, items: object[]) => step(requestId, 'received', { items });
const refundReturn = (requestId: string) => step(requestId, 'refund');

/** A delivered order's return of two copies of the first book and one of the second, asked by its customer. */
async function askedReturn() {
  const bought = await paidOrder();
  const customer = await deliveredToCustomer(bought.order._id);
  const asked = await ask(customer.user.id, bought.order._id, customer.headers, {
    kind: 'return',
    reason: 'The pages of one copy are torn',
    items: [
      { orderItemId: bought.itemA._id, quantity: 2 },
      { orderItemId: bought.itemB._id, quantity: 1 },
    ],
  });
  expect(asked.statusCode, asked.body).toBe(201);
  return { ...bought, ...customer, requestId: asked.json().data.request._id as string };
}

async function stockTakenOf(orderItemId: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ taken: orderItems.stockTaken })
    .from(orderItems)
    .where(eq(orderItems.id, orderItemId));
  return row!.taken;
}

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

  it('approves part of a return: no money and no stock move, and the customer is asked to send the books back', async () => {
    const { order, first, second, itemA, itemB, user, headers, requestId } = await askedReturn();

    const open = await ctx.app.inject({ url: '/api/orders/admin/returns', headers: adminHeaders });
    expect(open.json().data.requests.map((r: { _id: string }) => r._id)).toEqual([requestId]);

    // More than was asked is refused.
    const tooMany = await approve(requestId, { items: [{ orderItemId: itemA._id, quantity: 3 }] });
    expect(tooMany.statusCode).toBe(400);

    const res = await approve(requestId, { items: [{ orderItemId: itemA._id, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    const request = res.json().data.request;
    expect(request).toMatchObject({ status: 'approved', refund: null, receivedAt: null });
    const items = request.items as { orderItemId: string }[];
    expect(items.find((i) => i.orderItemId === itemA._id)).toMatchObject({
      approvedQuantity: 1,
      receivedQuantity: null,
      restock: null,
    });
    expect(items.find((i) => i.orderItemId === itemB._id)).toMatchObject({ approvedQuantity: 0 });

    // Nothing moved: no refund, at the shop or at Razorpay, and the shelf as it was.
    const after = await readOrder(order._id);
    expect(after.refundedAmount).toBe(0);
    expect(after.refunds).toEqual([]);
    expect(after.items.every((i) => i.refundedQuantity === 0)).toBe(true);
    expect(await ctx.database.db.select().from(sandboxRefunds)).toHaveLength(0);
    expect(await stockOf(first.id)).toBe(3);
    expect(await stockOf(second.id)).toBe(4);

    const mail = await smtp.waitFor(guestBuyer.email, (m) => m.subject.includes('is approved'));
    expect(mail.text).toContain('Please send the books back to us');
    expect(mail.text).not.toContain('₹');

    expect((await approve(requestId)).statusCode).toBe(409);
    const none = await ctx.app.inject({ url: '/api/orders/admin/returns', headers: adminHeaders });
    expect(none.json().data.requests).toEqual([]);
    // The return is still on its way: the order has its one open request.
    const again = await ask(user.id, order._id, headers, {
      kind: 'return',
      reason: 'Another',
      items: [{ orderItemId: itemB._id, quantity: 1 }],
    });
    expect(again.statusCode).toBe(409);
  });

  it('receives the parcel: restocks exactly the copies the desk chose, and nothing unless it says so', async () => {
    const { order, first, second, itemA, itemB, requestId } = await askedReturn();
    expect((await approve(requestId)).statusCode).toBe(200);

    // The desk must say how many go back to stock, for every approved book.
    const unsaid = await receive(requestId, [
      { orderItemId: itemA._id, quantity: 2 },
      { orderItemId: itemB._id, quantity: 1 },
    ]);
    expect(unsaid.statusCode).toBe(400);
    const missing = await receive(requestId, [{ orderItemId: itemA._id, quantity: 2, restock: 0 }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('ITEMS_MISSING');
    const more = await receive(requestId, [
      { orderItemId: itemA._id, quantity: 3, restock: 0 },
      { orderItemId: itemB._id, quantity: 1, restock: 0 },
    ]);
    expect(more.statusCode).toBe(400);
    expect(await stockOf(first.id)).toBe(3);

    // One of the two copies of the first book is torn: it stays off the shelf. The second book is not restocked.
    const res = await receive(requestId, [
      { orderItemId: itemA._id, quantity: 2, restock: 1 },
      { orderItemId: itemB._id, quantity: 1, restock: 0 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const request = res.json().data.request;
    expect(request).toMatchObject({ status: 'received', receivedAt: expect.any(String), refund: null });
    expect(request.items.find((i: { orderItemId: string }) => i.orderItemId === itemA._id)).toMatchObject({
      approvedQuantity: 2,
      receivedQuantity: 2,
      restock: 1,
    });
    expect(await stockOf(first.id)).toBe(4);
    expect(await stockOf(second.id)).toBe(4);
    // The copy back on the shelf is no longer held by the item: a later cancel or RTO never gives it twice.
    expect(await stockTakenOf(itemA._id)).toBe(1);
    expect(await stockTakenOf(itemB._id)).toBe(1);
    // Still no money.
    expect((await readOrder(order._id)).refundedAmount).toBe(0);

    const twice = await receive(requestId, [
      { orderItemId: itemA._id, quantity: 2, restock: 2 },
      { orderItemId: itemB._id, quantity: 1, restock: 1 },
    ]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('RETURN_ALREADY_RECEIVED');
    expect(await stockOf(first.id)).toBe(4);
  });

  it('refunds the received copies once, without putting them on the shelf again, and mails the amount', async () => {
    const { order, first, itemA, itemB, user, headers, requestId } = await askedReturn();
    expect((await approve(requestId, { items: [{ orderItemId: itemA._id, quantity: 2 }] })).statusCode).toBe(
      200,
    );
    // One of the two approved copies came back, and goes back to stock.
    const received = await receive(requestId, [{ orderItemId: itemA._id, quantity: 1, restock: 1 }]);
    expect(received.statusCode, received.body).toBe(200);
    expect(await stockOf(first.id)).toBe(4);

    const res = await refundReturn(requestId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.request).toMatchObject({
      status: 'refunded',
      refundedAt: expect.any(String),
      refund: { amount: 250, byHand: false },
    });
    const after = await readOrder(order._id);
    expect(after.refundedAmount).toBe(250);
    expect(after.items.find((i) => i._id === itemA._id)!.refundedQuantity).toBe(1);
    expect(after.items.find((i) => i._id === itemB._id)!.refundedQuantity).toBe(0);
    expect(await stockOf(first.id)).toBe(4);
    const [line] = await ctx.database.db
      .select()
      .from(refundItems)
      .where(eq(refundItems.orderItemId, itemA._id));
    expect(line).toMatchObject({ quantity: 1, restocked: 0 });
    expect(await ctx.database.db.select().from(sandboxRefunds)).toHaveLength(1);

    const mail = await smtp.waitFor(guestBuyer.email, (m) => m.subject.includes('is refunded'));
    expect(mail.text).toContain('₹250.00');
    expect(mail.text).toContain('5–7 business days');

    const twice = await refundReturn(requestId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('RETURN_ALREADY_REFUNDED');
    expect((await readOrder(order._id)).refundedAmount).toBe(250);
    expect(await ctx.database.db.select().from(sandboxRefunds)).toHaveLength(1);

    // Refunded, the return is over: the order may be asked about again.
    const next = await ask(user.id, order._id, headers, {
      kind: 'return',
      reason: 'The other book too',
      items: [{ orderItemId: itemB._id, quantity: 1 }],
    });
    expect(next.statusCode, next.body).toBe(201);
  });

  it('answers 409 to a step out of order, and changes nothing', async () => {
    const { order, first, itemA, itemB, requestId } = await askedReturn();
    const lines = [
      { orderItemId: itemA._id, quantity: 2, restock: 2 },
      { orderItemId: itemB._id, quantity: 1, restock: 1 },
    ];
    const early = await receive(requestId, lines);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'RETURN_NOT_APPROVED',
      error: 'This return has not been approved yet: approve it first',
    });
    expect((await refundReturn(requestId)).json().code).toBe('RETURN_NOT_APPROVED');

    expect((await approve(requestId)).statusCode).toBe(200);
    const notBack = await refundReturn(requestId);
    expect(notBack.statusCode).toBe(409);
    expect(notBack.json()).toMatchObject({
      code: 'RETURN_NOT_RECEIVED',
      error: 'The parcel of this return has not been received yet: mark it received first',
    });
    expect(await stockOf(first.id)).toBe(3);
    expect((await readOrder(order._id)).refundedAmount).toBe(0);

    // A return whose parcel never came may be declined; then no step moves it.
    const declined = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/admin/returns/${requestId}/decline`,
      headers: adminHeaders,
      payload: { reason: 'The parcel never came back' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const late = await receive(requestId, lines);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('RETURN_DECLINED');
    expect(await stockOf(first.id)).toBe(3);
  });

  it('has no parcel steps for a cancellation', async () => {
    const { order } = await paidOrder();
    const user = await createUser(ctx.database.db);
    const headers = await authHeader(ctx, user);
    await ctx.database.db.update(orders).set({ userId: user.id }).where(eq(orders.id, order._id));
    const asked = await ask(user.id, order._id, headers, { kind: 'cancel', reason: 'Ordered twice' });
    const requestId = asked.json().data.request._id as string;
    const res = await refundReturn(requestId);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_A_RETURN');
    expect((await readOrder(order._id)).status).toBe('pending');
  });

  it('takes each step once when two desks press it together', async () => {
    const { order, first, itemA, itemB, requestId } = await askedReturn();
    const approvals = await Promise.all([approve(requestId), approve(requestId)]);
    expect(approvals.map((a) => a.statusCode).sort()).toEqual([200, 409]);

    const lines = [
      { orderItemId: itemA._id, quantity: 2, restock: 2 },
      { orderItemId: itemB._id, quantity: 1, restock: 0 },
    ];
    const receipts = await Promise.all([receive(requestId, lines), receive(requestId, lines)]);
    expect(receipts.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(first.id)).toBe(5);

    const refundsMade = await Promise.all([refundReturn(requestId), refundReturn(requestId)]);
    expect(refundsMade.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const after = await readOrder(order._id);
    expect(after.refunds).toHaveLength(1);
    // Every copy came back: the whole amount, delivery charge included, once.
    expect(after.refundedAmount).toBe(order.amount);
    expect(await ctx.database.db.select().from(sandboxRefunds)).toHaveLength(1);
    expect(await stockOf(first.id)).toBe(5);
  });

  it('keeps a return received when Razorpay refuses its refund, to be refunded again', async () => {
    const { order, itemA, requestId } = await askedReturn();
    expect((await approve(requestId, { items: [{ orderItemId: itemA._id, quantity: 1 }] })).statusCode).toBe(
      200,
    );
    expect((await receive(requestId, [{ orderItemId: itemA._id, quantity: 1, restock: 0 }])).statusCode).toBe(
      200,
    );
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    await ctx.database.db
      .update(sandboxPayments)
      .set({ status: 'authorized' })
      .where(eq(sandboxPayments.id, row!.txnId));
    const refused = await refundReturn(requestId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('REFUND_REFUSED');
    const mine = await ctx.app.inject({
      url: `/api/orders/admin/${order._id}/returns`,
      headers: adminHeaders,
    });
    expect(mine.json().data.requests[0]).toMatchObject({ status: 'received', refundedAt: null });
    expect((await readOrder(order._id)).refundedAmount).toBe(0);

    await ctx.database.db
      .update(sandboxPayments)
      .set({ status: 'captured' })
      .where(eq(sandboxPayments.id, row!.txnId));
    const retried = await refundReturn(requestId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await readOrder(order._id)).refundedAmount).toBe(250);
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

  it('refunds the return of a cash-on-delivery order by hand, once its cash was collected', async () => {
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
    const requestId = asked.json().data.request._id as string;
    expect((await approve(requestId)).statusCode).toBe(200);
    expect((await receive(requestId, [{ orderItemId: item!.id, quantity: 1, restock: 0 }])).statusCode).toBe(
      200,
    );

    // The courier's cash has not reached the shop: there is nothing to pay back yet.
    const early = await refundReturn(requestId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'COD_NOT_COLLECTED',
      error: 'Nothing has been collected for this cash-on-delivery order yet, so there is nothing to refund.',
    });
    const mine = await ctx.app.inject({ url: `/api/orders/admin/${row.id}/returns`, headers: adminHeaders });
    expect(mine.json().data.requests[0]).toMatchObject({ status: 'received', refund: null });
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, row.id))).toEqual([]);

    await ctx.database.db.update(orders).set({ codCollectedAt: new Date() }).where(eq(orders.id, row.id));
    const res = await refundReturn(requestId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.request.refund).toMatchObject({ amount: 300, status: 'processed', byHand: true });
    expect(await ctx.database.db.select().from(sandboxRefunds)).toHaveLength(0);
    const mail = await smtp.waitFor(row.contactEmail, (m) => m.subject.includes('is refunded'));
    expect(mail.text).toContain('pay ₹300.00 back to you directly');
    const [counted] = await queryRows<{ refunded: number }>(
      ctx.database.db,
      sql`SELECT refunded_paise::int AS refunded FROM orders WHERE id = ${row.id}`,
    );
    expect(counted!.refunded).toBe(30_000);
  });
});

describe('cash on delivery not collected yet', () => {
  /** A cash-on-delivery order of two ₹300 copies, its cash not collected, in `status`. */
  async function codOrder(status: 'pending' | 'delivered') {
    const row = await createOrder(ctx.database.db, {
      status,
      items: [{ name: 'Sahih Muslim', price: 300, quantity: 2 }],
    });
    await ctx.database.db
      .update(orders)
      .set({ paymentMethod: 'cod', txnId: `cod_${row.id}` })
      .where(eq(orders.id, row.id));
    const [item] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
    return { row, item: item! };
  }

  it('refunds nothing by amount or by items: 409, and nothing changes', async () => {
    const { row, item } = await codOrder('delivered');
    const message =
      'Nothing has been collected for this cash-on-delivery order yet, so there is nothing to refund.';
    const byAmount = await refund(row.id, { amount: 100, reason: 'Goodwill' });
    expect(byAmount.statusCode).toBe(409);
    expect(byAmount.json()).toMatchObject({ code: 'COD_NOT_COLLECTED', error: message });
    const byItems = await refund(row.id, {
      reason: 'Damaged',
      items: [{ orderItemId: item.id, quantity: 1, restock: 0 }],
    });
    expect(byItems.statusCode).toBe(409);
    expect(byItems.json()).toMatchObject({ code: 'COD_NOT_COLLECTED', error: message });
    const after = await readOrder(row.id);
    expect(after.refundedAmount).toBe(0);
    expect(after.refunds).toEqual([]);
    expect(after.items[0]!.refundedQuantity).toBe(0);
  });

  it('still cancels a pending cash-on-delivery order, refunding nothing', async () => {
    const { row } = await codOrder('pending');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${row.id}/cancel`,
      headers: adminHeaders,
      payload: { reason: 'The customer asked' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await readOrder(row.id);
    expect(after.status).toBe('cancelled');
    expect(after.refundedAmount).toBe(0);
    expect(after.refunds).toEqual([]);
    expect(await ctx.database.db.select().from(sandboxRefunds)).toHaveLength(0);
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
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: url(ctx.app.orderLinks.sign(uuidLike)),
      payload,
    });
    expect(wrong.statusCode).toBe(404);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: url(ctx.app.orderLinks.sign(order._id)),
      payload,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const seen = await ctx.app.inject({ url: url(ctx.app.orderLinks.sign(order._id)) });
    expect(seen.json().data.requests).toHaveLength(1);
    expect((await ctx.app.inject({ url: url('x') })).statusCode).toBe(404);
    await smtp.waitFor(guestBuyer.email, (m) => m.subject.startsWith('We have your request'));
  });
});

const uuidLike = '00000000-0000-4000-8000-000000000000';
