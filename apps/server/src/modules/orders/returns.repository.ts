import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReturnKind, ReturnStatus } from '@scholar/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { orderItems, orders, refunds, returnRequestItems, returnRequests } from '../../db/schema';

/** Anything that runs queries: the database, or a transaction. */
type Runner = Pick<Db, 'select' | 'insert' | 'update'>;

export type ReturnRequestRow = typeof returnRequests.$inferSelect;

/**
 * Records a customer's request with its items. Answers undefined when the order already has an open request (the
 * partial unique index `return_requests_one_open_key` decides, also between two parallel requests).
 */
export async function insertReturnRequest(
  db: Db,
  request: { orderId: string; kind: ReturnKind; reason: string },
  items: readonly { orderItemId: string; quantity: number }[],
): Promise<ReturnRequestRow | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(returnRequests).values(request).returning();
      if (items.length > 0) {
        await tx.insert(returnRequestItems).values(items.map((item) => ({ requestId: row!.id, ...item })));
      }
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'return_requests_one_open_key')) return undefined;
    throw error;
  }
}

/** A request locked until the end of the transaction: one answer per request. */
export async function lockReturnRequest(tx: Runner, id: string): Promise<ReturnRequestRow | undefined> {
  const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for('update');
  return row;
}

export async function findReturnRequest(db: Runner, id: string): Promise<ReturnRequestRow | undefined> {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  return row;
}

export async function returnRequestItemsOf(tx: Runner, requestId: string) {
  return tx.select().from(returnRequestItems).where(eq(returnRequestItems.requestId, requestId));
}

/**
 * The desk's answer to a request still `requested`: approved (a return: what it approved of each item, nothing
 * refunded yet; a cancellation: with the refund of its cancel) or declined with a reason. Declining also closes a
 * return approved whose parcel never came (`from`). Answers false when the request was not in a state it moves from.
 */
export async function decideReturnRequest(
  tx: Runner,
  id: string,
  decision: {
    status: 'approved' | 'declined';
    decidedBy: string | null;
    declineReason?: string;
    refundId?: string | null;
    approved?: readonly { orderItemId: string; quantity: number }[];
    from?: readonly ReturnStatus[];
  },
): Promise<boolean> {
  const now = new Date();
  const changed = await tx
    .update(returnRequests)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedAt: now,
      declineReason: decision.declineReason ?? null,
      refundId: decision.refundId ?? null,
      updatedAt: now,
    })
    .where(
      and(eq(returnRequests.id, id), inArray(returnRequests.status, [...(decision.from ?? ['requested'])])),
    )
    .returning({ id: returnRequests.id });
  if (changed.length === 0) return false;
  for (const line of decision.approved ?? []) {
    await tx
      .update(returnRequestItems)
      .set({ approvedQuantity: line.quantity })
      .where(and(eq(returnRequestItems.requestId, id), eq(returnRequestItems.orderItemId, line.orderItemId)));
  }
  return true;
}

/**
 * The parcel of an approved return came back: what came of each item and how many went back on the shelf.
 * Answers false when the request was not `approved`.
 */
export async function markReturnReceived(
  tx: Runner,
  id: string,
  received: {
    receivedBy: string | null;
    items: readonly { orderItemId: string; quantity: number; restock: number }[];
  },
): Promise<boolean> {
  const now = new Date();
  const changed = await tx
    .update(returnRequests)
    .set({ status: 'received', receivedAt: now, receivedBy: received.receivedBy, updatedAt: now })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'approved')))
    .returning({ id: returnRequests.id });
  if (changed.length === 0) return false;
  for (const line of received.items) {
    await tx
      .update(returnRequestItems)
      .set({ receivedQuantity: line.quantity, restock: line.restock })
      .where(and(eq(returnRequestItems.requestId, id), eq(returnRequestItems.orderItemId, line.orderItemId)));
  }
  return true;
}

/** Copies put back on the shelf no longer count as held by the item (a later cancel never gives them twice). */
export async function lowerStockTaken(tx: Runner, orderItemId: string, copies: number): Promise<void> {
  await tx
    .update(orderItems)
    .set({ stockTaken: sql`greatest(${orderItems.stockTaken} - ${copies}, 0)` })
    .where(eq(orderItems.id, orderItemId));
}

/** A received return is refunded by `refundId`. Answers false when the request was not `received`. */
export async function markReturnRefunded(tx: Runner, id: string, refundId: string): Promise<boolean> {
  const now = new Date();
  const changed = await tx
    .update(returnRequests)
    .set({ status: 'refunded', refundedAt: now, refundId, updatedAt: now })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'received')))
    .returning({ id: returnRequests.id });
  return changed.length > 0;
}

/** Razorpay refused the return's refund (its copies are no longer refunded): the desk may refund it again. */
export async function reopenReceivedReturn(db: Runner, id: string, refundId: string): Promise<void> {
  await db
    .update(returnRequests)
    .set({ status: 'received', refundedAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(returnRequests.id, id),
        eq(returnRequests.status, 'refunded'),
        eq(returnRequests.refundId, refundId),
      ),
    );
}

/** Requests with what the customer and the desk see of them: the order, the items' names, the refund. */
export async function readReturnRequests(
  db: Db,
  where: { orderId?: string; status?: ReturnStatus; ids?: string[] },
  limit = 200,
) {
  const conditions = [
    where.orderId ? eq(returnRequests.orderId, where.orderId) : undefined,
    where.status ? eq(returnRequests.status, where.status) : undefined,
    where.ids ? inArray(returnRequests.id, where.ids) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select({
      request: returnRequests,
      orderNumber: orders.orderNumber,
      orderStatus: orders.status,
      customerName: orders.contactName,
      paymentMethod: orders.paymentMethod,
      refundAmountPaise: refunds.amountPaise,
      refundStatus: refunds.status,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .leftJoin(refunds, eq(refunds.id, returnRequests.refundId))
    .where(and(...conditions))
    // The open list reads oldest first (the first to answer); an order's history newest first.
    .orderBy(where.status === 'requested' ? asc(returnRequests.createdAt) : desc(returnRequests.createdAt))
    .limit(limit);
  const ids = rows.map((row) => row.request.id);
  const items =
    ids.length === 0
      ? []
      : await db
          .select({
            requestId: returnRequestItems.requestId,
            orderItemId: returnRequestItems.orderItemId,
            name: orderItems.name,
            quantity: returnRequestItems.quantity,
            approvedQuantity: returnRequestItems.approvedQuantity,
            receivedQuantity: returnRequestItems.receivedQuantity,
            restock: returnRequestItems.restock,
          })
          .from(returnRequestItems)
          .innerJoin(orderItems, eq(orderItems.id, returnRequestItems.orderItemId))
          .where(inArray(returnRequestItems.requestId, ids))
          .orderBy(asc(orderItems.id));
  return rows.map((row) => ({ ...row, items: items.filter((item) => item.requestId === row.request.id) }));
}
