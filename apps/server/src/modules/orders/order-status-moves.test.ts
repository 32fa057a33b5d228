// @database: status moves checked by the database
import { canMoveOrder, ORDER_STATUSES, type OrderStatus } from '@scholar/shared';
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createBook, setEditionStock } from '../../../test/support/factories';
import { books, orderItems, orders, refunds } from '../../db/schema';
import { buyAsGuest } from '../../../test/support/purchase';
import { signInAdmin, useTestApp } from '../../../test/support/use-test-app';

/**
 * Every (from, to) pair of order statuses through the real routes, each on a paid order of its own with tracked
 * stock: the moves of ORDER_STATUS_MOVES happen, every other one is refused and changes nothing (no refund, no
 * copies back in stock, the order's row as it was).
 */
const { ctx } = useTestApp();
let adminHeaders: Record<string, string>;
beforeEach(async () => {
  adminHeaders = await signInAdmin(ctx);
});

const TRACKING = 'EE123456789IN';
const STOCK = 5;
const COPIES = 2;

/** Everything a status move could touch: the order's row, its lines, its refunds and its book's stock. */
async function state(orderId: string, bookId: string) {
  const db = ctx.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const refunded = await db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt));
  const [book] = await db.select({ stock: books.stock }).from(books).where(eq(books.id, bookId));
  return { order: order!, lines, refunds: refunded, stock: book!.stock };
}

/** Waits until Razorpay (the sandbox's webhooks) has settled every refund of the order. */
async function refundsSettled(orderId: string): Promise<void> {
  for (let i = 0; i < 250; i += 1) {
    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    if (rows.every((row) => row.status === 'processed' || row.status === 'failed')) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the refunds were never settled');
}

const cancel = (orderId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/orders/admin/${orderId}/cancel`,
    headers: adminHeaders,
    payload: { reason: 'The customer asked' },
  });

const patch = (orderId: string, route: 'status' | 'fulfillment', payload: object) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/orders/admin/${orderId}/${route}`,
    headers: adminHeaders,
    payload,
  });

/**
 * A guest's paid order (captured payment, copies taken from a tracked stock) in status `from`: cancelled through
 * the API, any other status written to the row as the desk would have left it.
 */
async function paidOrderIn(from: OrderStatus) {
  const book = await createBook(ctx.database.db, { name: 'Bulugh al-Maram', price: 250 });
  await setEditionStock(ctx.database.db, book.id, STOCK);
  const order = await buyAsGuest(ctx, [{ bookId: book.id, quantity: COPIES }]);
  if (from === 'cancelled') {
    expect((await cancel(order._id)).statusCode).toBe(200);
    await refundsSettled(order._id);
  } else if (from !== 'pending') {
    const at = new Date(Date.now() - 60_000);
    await ctx.database.db
      .update(orders)
      .set({ status: from, shippedAt: at, deliveredAt: from === 'delivered' ? at : null, updatedAt: at })
      .where(eq(orders.id, order._id));
  }
  return { orderId: order._id, bookId: book.id };
}

/** The refusal each route gives for a move the table does not allow. */
function refusalCode(from: OrderStatus, to: OrderStatus): string {
  if (from === 'cancelled') return to === 'cancelled' ? 'ALREADY_CANCELLED' : 'ORDER_CANCELLED';
  return to === 'cancelled' ? 'ORDER_SHIPPED' : 'STATUS_MOVE_REFUSED';
}

describe('order status moves through the API', () => {
  it('walks a real table: some moves are allowed, some refused, none to the same status', () => {
    const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => canMoveOrder(from, to)));
    expect(pairs.filter(Boolean)).toHaveLength(6);
    expect(pairs).toHaveLength(25);
  });

  for (const from of ORDER_STATUSES) {
    it(`from ${from}: each allowed move happens, every other one is refused and changes nothing`, async () => {
      for (const to of ORDER_STATUSES) {
        const pair = `${from} → ${to}`;
        const { orderId, bookId } = await paidOrderIn(from);
        const before = await state(orderId, bookId);
        expect(before.order.status, pair).toBe(from);
        expect(before.stock, pair).toBe(from === 'cancelled' ? STOCK : STOCK - COPIES);

        if (to === 'cancelled') {
          // The fulfillment editor never cancels: only the cancel action does, with its refund.
          const viaEditor = await patch(orderId, 'fulfillment', { status: 'cancelled' });
          expect(viaEditor.statusCode, pair).toBe(400);
          expect(viaEditor.json().code, pair).toBe('VALIDATION_ERROR');
          expect(await state(orderId, bookId), pair).toEqual(before);

          const res = await cancel(orderId);
          if (canMoveOrder(from, to)) {
            expect(res.statusCode, `${pair}: ${res.body}`).toBe(200);
            await refundsSettled(orderId);
            const after = await state(orderId, bookId);
            expect(after.order.status, pair).toBe('cancelled');
            expect(
              after.refunds.map((r) => [r.amountPaise, r.cancellation]),
              pair,
            ).toEqual([[before.order.amountPaise, true]]);
            expect(after.stock, pair).toBe(STOCK);
          } else {
            expect(res.statusCode, pair).toBe(400);
            expect(res.json(), pair).toMatchObject({ success: false, code: refusalCode(from, to) });
            expect(await state(orderId, bookId), pair).toEqual(before);
          }
          continue;
        }

        if (from === to) {
          // Keeping the status is no move: the editor saves it with the other fields, and nothing else changes.
          const res = await patch(orderId, 'fulfillment', { status: to, trackingNumber: TRACKING });
          expect(res.statusCode, `${pair}: ${res.body}`).toBe(200);
          const after = await state(orderId, bookId);
          expect(after.order, pair).toMatchObject({
            status: from,
            trackingNumber: TRACKING,
            shippedAt: before.order.shippedAt,
            deliveredAt: before.order.deliveredAt,
            refundedPaise: 0,
          });
          expect([after.refunds, after.stock], pair).toEqual([[], before.stock]);
          continue;
        }

        if (canMoveOrder(from, to)) {
          const res = await patch(orderId, 'fulfillment', { status: to, trackingNumber: TRACKING });
          expect(res.statusCode, `${pair}: ${res.body}`).toBe(200);
          expect(res.json().data.order, pair).toMatchObject({
            status: to,
            fulfillment: { trackingNumber: TRACKING },
          });
          const after = await state(orderId, bookId);
          expect(after.order, pair).toMatchObject({ status: to, refundedPaise: 0, cancelledAt: null });
          expect([after.refunds, after.stock, after.lines], pair).toEqual([[], before.stock, before.lines]);
          continue;
        }

        // Refused on both routes that set a status, with a sentence; nothing changes, not even the tracking.
        for (const [route, payload] of [
          ['status', { status: to }],
          ['fulfillment', { status: to, trackingNumber: TRACKING }],
        ] as const) {
          const res = await patch(orderId, route, payload);
          expect(res.statusCode, `${pair} (${route})`).toBe(400);
          const body = res.json();
          expect(body, `${pair} (${route})`).toMatchObject({ success: false, code: refusalCode(from, to) });
          expect(body.error, `${pair} (${route})`).toMatch(/cannot/);
          expect(await state(orderId, bookId), `${pair} (${route})`).toEqual(before);
        }
      }
    }, 60_000);
  }

  it('refuses the way back to pending on a shipped order, so that it can no longer be cancelled', async () => {
    const { orderId, bookId } = await paidOrderIn('shipped');
    const back = await patch(orderId, 'status', { status: 'pending' });
    expect(back.statusCode).toBe(400);
    expect(back.json().error).toBe(
      'An order that is Shipped cannot become Pending; it can become Delivered or Returned to origin (RTO)',
    );
    const cancelled = await cancel(orderId);
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json().error).toBe('This order has shipped and cannot be cancelled. Refund it instead.');
    const after = await state(orderId, bookId);
    expect(after).toMatchObject({ order: { status: 'shipped', refundedPaise: 0 }, refunds: [], stock: 3 });
  });
});
