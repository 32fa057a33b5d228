import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems } from '../../db/schema';

/** The copies an order's items still hold of the stock, edition by edition (what a returned parcel gives back). */
export async function stockTakenOf(
  tx: Db,
  orderId: string,
): Promise<{ bookId: string; language: string | null; copies: number }[]> {
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
