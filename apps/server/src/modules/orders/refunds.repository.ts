import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  orderItems,
  orders,
  payments,
  refundItems,
  refunds,
  type OrderRow,
  type RefundRow,
} from '../../db/schema';

/** Anything that runs queries: the database, or a transaction. */
type Runner = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

/** The order paid by a Razorpay payment, locked like `lockOrder` (orders.repository). */
export async function lockOrderByPayment(
  tx: Runner,
  razorpayPaymentId: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.txnId, razorpayPaymentId)).for('update');
  return row;
}

export async function findRefundByKey(
  tx: Runner,
  orderId: string,
  idempotencyKey: string,
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, idempotencyKey)));
  return row;
}

/** Whether Razorpay's payment of the order was seen captured (by the verify call, the webhook or the sweep). */
export async function hasCapturedPayment(tx: Runner, razorpayPaymentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.razorpayPaymentId, razorpayPaymentId), eq(payments.status, 'captured')));
  return row !== undefined;
}

/** Records a refund and counts its amount as refunded on the order, in the caller's transaction. */
export async function insertRefund(tx: Runner, refund: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(refund).returning();
  await tx
    .update(orders)
    .set({ refundedPaise: sql`${orders.refundedPaise} + ${refund.amountPaise}`, updatedAt: new Date() })
    .where(eq(orders.id, refund.orderId));
  return row!;
}

/**
 * Razorpay's id and status for a refund the shop asked for. A status the webhook already settled (processed or
 * failed) is kept: the answer of the refund call may arrive after the webhook.
 */
export async function recordRazorpayRefund(
  db: Db,
  id: string,
  razorpay: { id: string; status: 'pending' | 'processed' },
): Promise<void> {
  await db
    .update(refunds)
    .set({
      razorpayRefundId: razorpay.id,
      status: sql`CASE WHEN ${refunds.status} IN ('requested', 'pending') THEN ${razorpay.status}::refund_status ELSE ${refunds.status} END`,
      updatedAt: new Date(),
    })
    .where(eq(refunds.id, id));
}

/**
 * A refund that did not happen: marked failed and its amount no longer counted as refunded, once (only from
 * requested or pending). Answers whether this call made the change.
 */
export async function failRefund(
  db: Db,
  id: string,
  failureReason: string,
  razorpayRefundId?: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [refund] = await tx
      .update(refunds)
      .set({
        status: 'failed',
        failureReason,
        // The key named a refund that did not happen: the same click may try again.
        idempotencyKey: null,
        ...(razorpayRefundId ? { razorpayRefundId } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(refunds.id, id), inArray(refunds.status, ['requested', 'pending'])))
      .returning();
    if (!refund) return false;
    await tx
      .update(orders)
      .set({ refundedPaise: sql`${orders.refundedPaise} - ${refund.amountPaise}`, updatedAt: new Date() })
      .where(eq(orders.id, refund.orderId));
    // The copies of a refund by items are no longer refunded (those put back on the shelf stay there).
    await tx.execute(sql`
      UPDATE order_items AS i SET refunded_quantity = greatest(i.refunded_quantity - r.quantity, 0)
      FROM refund_items AS r WHERE r.refund_id = ${refund.id} AND r.order_item_id = i.id`);
    return true;
  });
}

/** A refund Razorpay reports processed (from requested or pending only). Answers whether this call changed it. */
export async function markRefundProcessed(db: Db, id: string, razorpayRefundId: string): Promise<boolean> {
  const rows = await db
    .update(refunds)
    .set({ status: 'processed', razorpayRefundId, updatedAt: new Date() })
    .where(and(eq(refunds.id, id), inArray(refunds.status, ['requested', 'pending'])))
    .returning({ id: refunds.id });
  return rows.length > 0;
}

export async function findRefund(
  db: Runner,
  where: { id?: string | undefined; razorpayRefundId?: string | undefined },
): Promise<RefundRow | undefined> {
  if (where.razorpayRefundId) {
    const [row] = await db.select().from(refunds).where(eq(refunds.razorpayRefundId, where.razorpayRefundId));
    if (row) return row;
  }
  if (where.id) {
    const [row] = await db.select().from(refunds).where(eq(refunds.id, where.id));
    return row;
  }
  return undefined;
}

/** Refunds still waiting for Razorpay's word, asked longer ago than `before`: the sweep settles them. */
export async function unsettledRefunds(db: Db, before: Date, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(inArray(refunds.status, ['requested', 'pending']), lt(refunds.createdAt, before)))
    .orderBy(refunds.createdAt)
    .limit(limit);
}

/** Copies an order took from the stock of one edition (of a book that still exists). */
export interface TakenCopies {
  bookId: string;
  language: string | null;
  copies: number;
}

/**
 * Cancels a locked order: the status, when and why. Answers the copies its items took from the stock, for the
 * books module to give back; `forgetStockTaken` then records that they were given back.
 */
export async function cancelLockedOrder(
  tx: Runner,
  id: string,
  reason: string,
  now: Date,
): Promise<TakenCopies[]> {
  await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: now, cancelReason: reason, updatedAt: now })
    .where(eq(orders.id, id));
  return stockTakenOf(tx, id);
}

/** The copies an order's items still hold of the stock, edition by edition (what a cancel or a returned parcel gives back). */
export async function stockTakenOf(tx: Runner, orderId: string): Promise<TakenCopies[]> {
  const taken = await tx
    .select({
      bookId: orderItems.bookId,
      language: orderItems.selectedLanguage,
      copies: orderItems.stockTaken,
    })
    .from(orderItems)
    .where(
      and(eq(orderItems.orderId, orderId), isNotNull(orderItems.bookId), sql`${orderItems.stockTaken} > 0`),
    );
  return taken.map((line) => ({ bookId: line.bookId!, language: line.language, copies: line.copies }));
}

/** The order's items no longer hold any copies of the stock (they went back to it). */
export async function forgetStockTaken(tx: Runner, id: string): Promise<void> {
  await tx.update(orderItems).set({ stockTaken: 0 }).where(eq(orderItems.orderId, id));
}

/** The items of an order (locked by the caller), in a stable order. */
export async function orderItemsOf(tx: Runner, orderId: string): Promise<(typeof orderItems.$inferSelect)[]> {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
}

/** One item of a refund by items, as recorded. */
export interface RefundedItem {
  orderItemId: string;
  quantity: number;
  restocked: number;
}

/**
 * Records the items of a refund, raises their refunded copies and lowers the copies they hold of the stock by those
 * put back on the shelf; in the caller's transaction with the order locked. Answers false (and changes nothing
 * more) when an item would be refunded past its quantity, which the caller's checks make a race lost.
 */
export async function recordRefundItems(
  tx: Runner,
  orderId: string,
  refundId: string,
  lines: readonly RefundedItem[],
): Promise<boolean> {
  for (const line of lines) {
    const changed = await tx
      .update(orderItems)
      .set({
        refundedQuantity: sql`${orderItems.refundedQuantity} + ${line.quantity}`,
        stockTaken: sql`greatest(${orderItems.stockTaken} - ${line.restocked}, 0)`,
      })
      .where(
        and(
          eq(orderItems.id, line.orderItemId),
          eq(orderItems.orderId, orderId),
          sql`${orderItems.refundedQuantity} + ${line.quantity} <= ${orderItems.quantity}`,
        ),
      )
      .returning({ id: orderItems.id });
    if (changed.length === 0) return false;
  }
  if (lines.length > 0) {
    await tx.insert(refundItems).values(lines.map((line) => ({ refundId, ...line })));
  }
  return true;
}
