import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { books, cartItems } from '../../db/schema';

export function cartLines(db: Db, userId: string) {
  return db
    .select({
      bookId: books.id,
      name: books.name,
      author: books.author,
      description: books.description,
      pricePaise: books.pricePaise,
      images: books.images,
      quantity: cartItems.quantity,
      selectedLanguage: cartItems.selectedLanguage,
    })
    .from(cartItems)
    .innerJoin(books, eq(books.id, cartItems.bookId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(books.id));
}

export async function bookExists(db: Db, bookId: string): Promise<boolean> {
  const [row] = await db.select({ id: books.id }).from(books).where(eq(books.id, bookId)).limit(1);
  return row !== undefined;
}

/** Adds copies to a line (creating it); the total is capped at `max`. */
export async function addToLine(
  db: Db,
  line: { userId: string; bookId: string; quantity: number; selectedLanguage: string },
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
        updatedAt: new Date(),
      },
    });
}

export async function setLineQuantity(
  db: Db,
  userId: string,
  bookId: string,
  quantity: number,
): Promise<boolean> {
  const rows = await db
    .update(cartItems)
    .set({ quantity })
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

export async function existingBookIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: books.id }).from(books).where(inArray(books.id, ids));
  return new Set(rows.map((r) => r.id));
}
