import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartItems } from '../../db/schema';

/** One line of a cart: an edition of a book (its language), how many copies, and what the customer last saw. */
export interface LineKey {
  userId: string;
  bookId: string;
  selectedLanguage: string;
}

const lineIs = (key: LineKey) =>
  and(
    eq(cartItems.userId, key.userId),
    eq(cartItems.bookId, key.bookId),
    eq(cartItems.selectedLanguage, key.selectedLanguage),
  );

/** The caller's lines in the order they were added. */
export function cartLines(db: Db, userId: string) {
  return db
    .select({
      bookId: cartItems.bookId,
      quantity: cartItems.quantity,
      selectedLanguage: cartItems.selectedLanguage,
      seenName: cartItems.seenName,
      seenPricePaise: cartItems.seenPricePaise,
    })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.bookId), asc(cartItems.selectedLanguage));
}

/** How many copies of the edition the caller's cart holds (0 without a line). */
export async function lineQuantity(db: Db, key: LineKey): Promise<number> {
  const [row] = await db.select({ quantity: cartItems.quantity }).from(cartItems).where(lineIs(key));
  return row?.quantity ?? 0;
}

/**
 * Adds copies to a line (creating it); the total is capped at `max`. The customer is looking at the book, so the
 * line remembers its name and price as they are now.
 */
export async function addToLine(
  db: Db,
  line: LineKey & { quantity: number; seenName: string; seenPricePaise: number },
  max: number,
): Promise<void> {
  await db
    .insert(cartItems)
    .values(line)
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.bookId, cartItems.selectedLanguage],
      set: {
        quantity: sql`least(${cartItems.quantity} + ${line.quantity}, ${max})`,
        seenName: line.seenName,
        seenPricePaise: line.seenPricePaise,
        updatedAt: new Date(),
      },
    });
}

/**
 * The customer changes the line where its current price is shown: that price (undefined when the book is gone)
 * becomes the one seen.
 */
export async function setLineQuantity(
  db: Db,
  key: LineKey,
  quantity: number,
  pricePaise: number | undefined,
): Promise<boolean> {
  const rows = await db
    .update(cartItems)
    .set({
      quantity,
      ...(pricePaise === undefined ? {} : { seenPricePaise: pricePaise }),
      updatedAt: new Date(),
    })
    .where(lineIs(key))
    .returning({ bookId: cartItems.bookId });
  return rows.length === 1;
}

export async function removeLine(db: Db, key: LineKey): Promise<boolean> {
  const rows = await db.delete(cartItems).where(lineIs(key)).returning({ bookId: cartItems.bookId });
  return rows.length === 1;
}

export async function clearCart(db: Db, userId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}
