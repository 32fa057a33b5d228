import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { books, type BookRow } from '../../db/schema';

export function listBooks(db: Db): Promise<BookRow[]> {
  return db.select().from(books).orderBy(asc(books.createdAt), asc(books.id));
}

export async function findBook(db: Db, id: string): Promise<BookRow | undefined> {
  const [row] = await db.select().from(books).where(eq(books.id, id)).limit(1);
  return row;
}
