import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems } from '../../db/schema';

/** The order's items of books that still exist, with the copies they are meant to carry (what a re-sent parcel takes). */
export async function itemsToCarry(
  tx: Db,
  orderId: string,
): Promise<{ id: string; bookId: string; language: string | null; copies: number }[]> {
  const items = await tx
    .select({
      id: orderItems.id,
      bookId: orderItems.bookId,
      language: orderItems.selectedLanguage,
      copies: sql<number>`${orderItems.quantity} - ${orderItems.refundedQuantity}`.mapWith(Number),
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.bookId)))
    .orderBy(orderItems.id);
  return items
    .filter((item) => item.copies > 0)
    .map((item) => ({ id: item.id, bookId: item.bookId!, language: item.language, copies: item.copies }));
}

/** How many copies of the stock an item now holds. */
export async function setStockTaken(tx: Db, itemId: string, copies: number): Promise<void> {
  await tx.update(orderItems).set({ stockTaken: copies }).where(eq(orderItems.id, itemId));
}
