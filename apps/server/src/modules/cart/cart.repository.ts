import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { books, cartItems } from '../../db/schema';

/** The fields of a book a cart line shows. */
const bookColumns = {
  name: books.name,
  author: books.author,
  description: books.description,
  pricePaise: books.pricePaise,
  images: books.images,
  stock: books.stock,
};

/** The caller's lines with their books' current fields; a line whose book is gone has the book's fields null. */
export function cartLines(db: Db, userId: string) {
  return db
    .select({
      bookId: cartItems.bookId,
      ...bookColumns,
      quantity: cartItems.quantity,
      selectedLanguage: cartItems.selectedLanguage,
      seenName: cartItems.seenName,
      seenPricePaise: cartItems.seenPricePaise,
    })
    .from(cartItems)
    .leftJoin(books, eq(books.id, cartItems.bookId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.bookId));
}

/** The books with these ids, as cart lines show them (those that no longer exist are left out). */
export function cartBooks(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: books.id, ...bookColumns })
    .from(books)
    .where(inArray(books.id, ids));
}

/** How many copies of the book the caller's cart holds (0 without a line). */
export async function lineQuantity(db: Db, userId: string, bookId: string): Promise<number> {
  const [row] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.bookId, bookId)));
  return row?.quantity ?? 0;
}

/**
 * Adds copies to a line (creating it); the total is capped at `max`. The customer is looking at the book, so the
 * line remembers its name and price as they are now.
 */
export async function addToLine(
  db: Db,
  line: {
    userId: string;
    bookId: string;
    quantity: number;
    selectedLanguage: string;
    seenName: string;
    seenPricePaise: number;
  },
  max: number,
): Promise<void> {
  await db
    .insert(cartItems)
    .values(line)
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.bookId],
      set: {
        quantity: sql`least(${cartItems.quantity} + ${line.quantity}, ${max})`,
        selectedLanguage: line.selectedLanguage,
        seenName: line.seenName,
        seenPricePaise: line.seenPricePaise,
        updatedAt: new Date(),
      },
    });
}

/** The customer changes the line where its current price is shown: that price becomes the one seen. */
export async function setLineQuantity(
  db: Db,
  userId: string,
  bookId: string,
  quantity: number,
): Promise<boolean> {
  const rows = await db
    .update(cartItems)
    .set({
      quantity,
      seenPricePaise: sql`coalesce((select ${books.pricePaise} from ${books} where ${books.id} = ${cartItems.bookId}), ${cartItems.seenPricePaise})`,
      updatedAt: new Date(),
    })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.bookId, bookId)))
    .returning({ bookId: cartItems.bookId });
  return rows.length === 1;
}

export async function removeLine(db: Db, userId: string, bookId: string): Promise<boolean> {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.bookId, bookId)))
    .returning({ bookId: cartItems.bookId });
  return rows.length === 1;
}

export async function clearCart(db: Db, userId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}
