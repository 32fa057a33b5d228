import type { BookSort } from '@scholar/shared';
import { and, asc, count, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchQuery } from '../../lib/search-text';
import { books, checkouts, orderItems, type BookRow } from '../../db/schema';

export interface BookValues {
  name: string;
  description: string;
  author: string;
  pricePaise: number;
  /** Copies in stock, null when not tracked; undefined leaves it as it is. */
  stock?: number | null;
}

export interface BookListFilter {
  search?: string;
  sort?: BookSort;
}

/** At most this many words of a search are matched (each must appear in the name or the author). */
const MAX_SEARCH_WORDS = 8;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A book's columns; its search vector stays in the database. */
const { search: _search, ...bookColumns } = getTableColumns(books);

/**
 * Every word appears in the name or the author (ILIKE), or the full-text search of name and author in every
 * script matches (`searchQuery`, GIN index): other letter forms, marks and spellings of a word, and English word
 * forms (docs/decisions/041).
 */
function searchCondition(search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return undefined;
  return or(
    sql`${books.search} @@ ${searchQuery(words.join(' '))}`,
    and(
      ...words.map((word) => {
        const pattern = `%${escapeLike(word)}%`;
        return or(ilike(books.name, pattern), ilike(books.author, pattern));
      }),
    ),
  );
}

/** The order of the list, always ending with the id so that equal keys keep one order. */
function orderOf(sort: BookSort | undefined): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(books.createdAt), desc(books.id)];
    case 'price-asc':
      return [asc(books.pricePaise), asc(books.createdAt), asc(books.id)];
    case 'price-desc':
      return [desc(books.pricePaise), asc(books.createdAt), asc(books.id)];
    case 'name':
      return [asc(sql`lower(${books.name})`), asc(books.createdAt), asc(books.id)];
    default:
      // New books first in the shop: the default is `newest`.
      return orderOf('newest');
  }
}

/** The books that match the filter's search, in its order (newest first without one). */
export function listBooks(db: Db, filter: BookListFilter = {}): Promise<BookRow[]> {
  return db
    .select(bookColumns)
    .from(books)
    .where(searchCondition(filter.search))
    .orderBy(...orderOf(filter.sort));
}

/**
 * Page `page` (from 1) of `limit` books of the list `listBooks` gives for the filter, and how many books the
 * whole list has. Its order ends with the id, so the pages neither overlap nor leave a book out.
 */
export async function listBookPage(
  db: Db,
  filter: BookListFilter & { page: number; limit: number },
): Promise<{ rows: BookRow[]; total: number }> {
  const where = searchCondition(filter.search);
  const [rows, total] = await Promise.all([
    db
      .select(bookColumns)
      .from(books)
      .where(where)
      .orderBy(...orderOf(filter.sort))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db
      .select({ n: count() })
      .from(books)
      .where(where)
      .then((totals) => totals[0]?.n ?? 0),
  ]);
  return { rows, total };
}

export async function findBook(db: Db, id: string): Promise<BookRow | undefined> {
  const [row] = await db.select(bookColumns).from(books).where(eq(books.id, id)).limit(1);
  return row;
}

export async function insertBook(db: Db, values: BookValues & { images: string[] }): Promise<BookRow> {
  const [row] = await db.insert(books).values(values).returning(bookColumns);
  if (!row) throw new Error('book not inserted');
  return row;
}

export async function updateBook(db: Db, id: string, values: BookValues): Promise<BookRow | undefined> {
  const [row] = await db.update(books).set(values).where(eq(books.id, id)).returning(bookColumns);
  return row;
}

/**
 * Sets the book's images, provided they are still `current` (what the caller checked the new list against):
 * undefined when the book is gone or its images changed meanwhile.
 */
export async function replaceBookImages(
  db: Db,
  id: string,
  current: readonly string[],
  images: string[],
): Promise<BookRow | undefined> {
  const [row] = await db
    .update(books)
    .set({ images })
    .where(and(eq(books.id, id), sql`${books.images} = ${JSON.stringify(current)}::jsonb`))
    .returning(bookColumns);
  return row;
}

/** Deletes the book: its cart lines go with it (cascade), order items keep their snapshot (book_id set null). */
export async function deleteBook(db: Db, id: string): Promise<BookRow | undefined> {
  const [row] = await db.delete(books).where(eq(books.id, id)).returning(bookColumns);
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
