import type { BookLanguage, BookSort, BookTranslations } from '@scholar/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchQuery, type Spellings } from '../../lib/search-text';
import { spellingsIn } from '../search/synonyms';
import { bookEditions, books, checkouts, orderItems, type BookRow } from '../../db/schema';

/** The fields of the book row itself; its stock lives in its editions. */
export interface BookValues {
  name: string;
  description: string;
  author: string;
  pricePaise: number;
  /** Product details: left out, an edit keeps them; null clears one. */
  pages?: number | null;
  binding?: string | null;
  isbn?: string | null;
  publisher?: string | null;
  /** Left out, an edit keeps them. */
  translations?: BookTranslations;
}

/** An edition as the owner sets it: its stock (null: not tracked) and its own price (null: the book's). */
export interface EditionValues {
  language: BookLanguage;
  stock: number | null;
  pricePaise: number | null;
}

export type EditionRow = EditionValues & { bookId: string };

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
async function searchCondition(db: Db, search: string | undefined): Promise<SQL | undefined> {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return undefined;
  const spellings: Spellings = await spellingsIn(db);
  return or(
    sql`${books.search} @@ ${searchQuery(words.join(' '), spellings)}`,
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
export async function listBooks(db: Db, filter: BookListFilter = {}): Promise<BookRow[]> {
  return db
    .select(bookColumns)
    .from(books)
    .where(await searchCondition(db, filter.search))
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
  const where = await searchCondition(db, filter.search);
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

/** The books with these (lower-case) ids; those that no longer exist are left out. */
export function findBooks(db: Db, ids: readonly string[]): Promise<BookRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(bookColumns)
    .from(books)
    .where(inArray(books.id, [...ids]));
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

/** The editions of these books, each book's in the owner's order. */
export async function editionsOf(db: Db, bookIds: readonly string[]): Promise<Map<string, EditionRow[]>> {
  const byBook = new Map<string, EditionRow[]>(bookIds.map((id) => [id, []]));
  if (bookIds.length === 0) return byBook;
  const rows = await db
    .select({
      bookId: bookEditions.bookId,
      language: bookEditions.language,
      stock: bookEditions.stock,
      pricePaise: bookEditions.pricePaise,
    })
    .from(bookEditions)
    .where(inArray(bookEditions.bookId, [...new Set(bookIds)]))
    .orderBy(asc(bookEditions.bookId), asc(bookEditions.position), asc(bookEditions.language));
  for (const row of rows) byBook.get(row.bookId)?.push(row);
  return byBook;
}

/**
 * Makes the book's editions these, in this order: languages left out are removed, the others written with their
 * stock and price. The trigger of migration 0014 sets the book's stock in the same transaction.
 */
export async function replaceEditions(
  db: Db,
  bookId: string,
  editions: readonly EditionValues[],
): Promise<void> {
  await db.delete(bookEditions).where(
    and(
      eq(bookEditions.bookId, bookId),
      notInArray(
        bookEditions.language,
        editions.map((edition) => edition.language),
      ),
    ),
  );
  for (const [position, edition] of editions.entries()) {
    await db
      .insert(bookEditions)
      .values({ bookId, ...edition, position })
      .onConflictDoUpdate({
        target: [bookEditions.bookId, bookEditions.language],
        set: { stock: edition.stock, pricePaise: edition.pricePaise, position },
      });
  }
}

/** Sets the stock of the book's only edition; false when it has several (or none). */
export async function setOnlyEditionStock(db: Db, bookId: string, stock: number | null): Promise<boolean> {
  const rows = await db
    .update(bookEditions)
    .set({ stock })
    .where(
      and(
        eq(bookEditions.bookId, bookId),
        sql`(select count(*) from ${bookEditions} e where e.book_id = ${bookId}) = 1`,
      ),
    )
    .returning({ language: bookEditions.language });
  return rows.length === 1;
}

/** Locks the book rows (in id order, as every stock write does) so that its editions can be changed safely. */
export async function lockBooks(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .select({ id: books.id })
    .from(books)
    .where(inArray(books.id, [...ids]))
    .orderBy(asc(books.id))
    .for('update');
}
