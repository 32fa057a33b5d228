import { DEFAULT_LANGUAGE, notEnoughStockMessage } from '@scholar/shared';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookEditions, books } from '../../db/schema';
import { badRequest } from '../../lib/errors';

/**
 * Stock is counted per edition (docs/decisions/044) and only this module takes it or gives it back. Every write
 * locks the books' rows first, in id order (the order path, a cancel and the book screens all do), so that two
 * writers of the same books never wait for each other in a circle.
 */

/** An edition of a book: the book and its language ('english' when a line names none). */
export interface EditionKey {
  bookId: string;
  language?: string | null | undefined;
}

/** The database or a transaction: what the stock writes need. */
type Runner = Pick<Db, 'select' | 'update'>;

const languageOf = (key: EditionKey) => (key.language ?? DEFAULT_LANGUAGE).toLowerCase();

/** The map key of an edition. */
export const editionKey = (key: EditionKey): string => `${key.bookId.toLowerCase()}:${languageOf(key)}`;

/**
 * More copies than the edition has in stock (null: not tracked, never too many): a 400 naming the book (with the
 * edition's language when it has several), with the field it belongs to when the request has one. The cart is no
 * reservation; the payment order checks again.
 */
export function assertInStock(
  book: { name: string; stock: number | null },
  quantity: number,
  field?: string,
): void {
  if (book.stock === null || quantity <= book.stock) return;
  const message = notEnoughStockMessage(book.name, book.stock);
  throw badRequest(message, 'NOT_ENOUGH_STOCK', field ? [{ path: field, message }] : undefined);
}

/**
 * The tracked stock of these editions (those whose stock is not null), their books' rows locked FOR UPDATE until
 * the transaction ends. Taken before any other lock on the books: a lock share held first and raised later could
 * deadlock. An edition that is not tracked, or no longer offered, is absent from the map.
 */
export async function lockEditionStock(
  db: Runner,
  keys: readonly EditionKey[],
): Promise<Map<string, number>> {
  const ids = [...new Set(keys.map((key) => key.bookId.toLowerCase()))];
  if (ids.length === 0) return new Map();
  await db
    .select({ id: books.id })
    .from(books)
    .where(inArray(books.id, ids))
    .orderBy(asc(books.id))
    .for('update');
  const rows = await db
    .select({ bookId: bookEditions.bookId, language: bookEditions.language, stock: bookEditions.stock })
    .from(bookEditions)
    .where(and(inArray(bookEditions.bookId, ids), isNotNull(bookEditions.stock)));
  return new Map(rows.map((row) => [editionKey(row), row.stock ?? 0]));
}

/**
 * Which of these books still exist, each locked FOR KEY SHARE until the transaction ends: a delete waits for the
 * transaction, so an order item may keep its reference; a book already gone is left out. Taken after
 * `lockEditionStock` (a lock share held first and raised later could deadlock).
 */
export async function lockExistingBooks(db: Runner, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: books.id }).from(books).where(inArray(books.id, ids)).for('key share');
  return new Set(rows.map((row) => row.id));
}

/** Takes copies from an edition locked by `lockEditionStock`, stopping at 0 (a backorder takes what is left). */
export async function takeEditionStock(db: Runner, key: EditionKey, copies: number): Promise<void> {
  await db
    .update(bookEditions)
    .set({ stock: sql`greatest(${bookEditions.stock} - ${copies}, 0)` })
    .where(
      and(
        eq(bookEditions.bookId, key.bookId),
        sql`${bookEditions.language}::text = ${languageOf(key)}`,
        isNotNull(bookEditions.stock),
      ),
    );
}

/**
 * Gives copies back to the editions they were taken from (a cancelled order, a return), where the book still
 * exists, still offers that edition and counts its stock. Locks the books in id order first. Answers the ids of
 * the books given copies: once the transaction committed, the caller hands them to `notifyBackInStock`
 * (`back-in-stock.ts`), so that readers waiting for an edition that was out of stock get their mail.
 */
export async function returnEditionStock(
  db: Runner,
  lines: readonly (EditionKey & { copies: number })[],
): Promise<string[]> {
  const taken = lines.filter((line) => line.copies > 0);
  if (taken.length === 0) return [];
  await lockEditionStock(db, taken);
  for (const line of taken) {
    await db
      .update(bookEditions)
      .set({ stock: sql`${bookEditions.stock} + ${line.copies}` })
      .where(
        and(
          eq(bookEditions.bookId, line.bookId),
          sql`${bookEditions.language}::text = ${languageOf(line)}`,
          isNotNull(bookEditions.stock),
        ),
      );
  }
  return [...new Set(taken.map((line) => line.bookId.toLowerCase()))];
}
