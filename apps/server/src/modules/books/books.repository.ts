import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { books, checkouts, orderItems, type BookRow } from '../../db/schema';

export interface BookValues {
  name: string;
  description: string;
  author: string;
  pricePaise: number;
}

export function listBooks(db: Db): Promise<BookRow[]> {
  return db.select().from(books).orderBy(asc(books.createdAt), asc(books.id));
}

export async function findBook(db: Db, id: string): Promise<BookRow | undefined> {
  const [row] = await db.select().from(books).where(eq(books.id, id)).limit(1);
  return row;
}

export async function insertBook(db: Db, values: BookValues & { images: string[] }): Promise<BookRow> {
  const [row] = await db.insert(books).values(values).returning();
  if (!row) throw new Error('book not inserted');
  return row;
}

export async function updateBook(db: Db, id: string, values: BookValues): Promise<BookRow | undefined> {
  const [row] = await db.update(books).set(values).where(eq(books.id, id)).returning();
  return row;
}

/** Deletes the book: its cart lines go with it (cascade), order items keep their snapshot (book_id set null). */
export async function deleteBook(db: Db, id: string): Promise<BookRow | undefined> {
  const [row] = await db.delete(books).where(eq(books.id, id)).returning();
  return row;
}

/** Whether an order or a checkout in progress shows this book (and so its images) in its snapshot. */
export async function isBookInOrders(db: Db, id: string): Promise<boolean> {
  const [ordered] = await db
    .select({ one: sql<number>`1` })
    .from(orderItems)
    .where(eq(orderItems.bookId, id))
    .limit(1);
  if (ordered) return true;
  const [checkout] = await db
    .select({ one: sql<number>`1` })
    .from(checkouts)
    .where(sql`${checkouts.lines} @> ${JSON.stringify([{ bookId: id }])}::jsonb`)
    .limit(1);
  return Boolean(checkout);
}
