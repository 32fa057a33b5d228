import { fromPaise, type Book } from '@scholar/shared';
import type { Db } from '../../db/client';
import type { BookRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { findBook, listBooks } from './books.repository';

export function toBook(row: BookRow): Book {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    author: row.author,
    price: fromPaise(row.pricePaise),
    images: row.images,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getBooks(db: Db): Promise<Book[]> {
  return (await listBooks(db)).map(toBook);
}

export async function getBook(db: Db, id: string): Promise<Book> {
  const row = await findBook(db, id);
  if (!row) throw notFound('Book not found', 'BOOK_NOT_FOUND');
  return toBook(row);
}
