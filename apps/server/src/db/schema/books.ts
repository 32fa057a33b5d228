import { BOOK_LANGUAGES, type BookTranslations } from '@scholar/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { money, id, createdAt, updatedAt, tsvector, foldedVector, locale, timestamptz } from './columns';

/** The language a book is printed in (docs/decisions/044). */
export const bookLanguage = pgEnum('book_language', BOOK_LANGUAGES);

/** A field of a book's translations, every language's together (each language's missing one empty). */
const translatedField = (field: 'name' | 'author') =>
  `coalesce(translations #>> '{ur,${field}}', '') || ' ' || coalesce(translations #>> '{bn,${field}}', '')`;

export const books = pgTable(
  'books',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    author: text('author').notNull(),
    pricePaise: money('price_paise').notNull(),
    /** Upload paths (`/api/uploads/...`) or full URLs; the first is the cover. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /**
     * Copies in stock across the book's editions, kept by a trigger on `book_editions` (never written here); null
     * when an edition's stock is not tracked. Never below 0 (a check constraint).
     */
    stock: integer('stock'),
    /** Product details shown on the book page; each optional. */
    pages: integer('pages'),
    binding: text('binding'),
    isbn: text('isbn'),
    publisher: text('publisher'),
    /**
     * The name, author and description in the site's other languages (docs/decisions/078): `{ ur: { name, author,
     * description }, bn: … }`, each field optional; a page shows the English field where its language has none.
     */
    translations: jsonb('translations').$type<BookTranslations>().notNull().default({}),
    /**
     * Full-text search over the name (weighing more) and the author, in English and their translations, in every
     * script (docs/decisions/041, 078).
     */
    search: tsvector('search').generatedAlwaysAs(
      sql.raw(
        [
          foldedVector('name', 'A'),
          foldedVector(translatedField('name'), 'A'),
          foldedVector('author', 'B'),
          foldedVector(translatedField('author'), 'B'),
        ].join(' || '),
      ),
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('books_created_idx').on(t.createdAt),
    index('books_search_idx').using('gin', t.search),
    check('books_stock_not_negative', sql`${t.stock} >= 0`),
  ],
);

/**
 * The editions of a book, one per language, each with its own stock and, when the owner sets one, its own price.
 * Every book has at least one. Stock is taken from and given back to an edition; `books.stock` is kept by a trigger
 * (migration 0014) as their sum, null when one is not tracked, so that the lists can say "Out of stock" from the
 * book row alone.
 */
export const bookEditions = pgTable(
  'book_editions',
  {
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    language: bookLanguage('language').notNull(),
    /** Copies in stock; null when not tracked (never runs out). Never below 0. */
    stock: integer('stock'),
    /** This edition's price; null: the book's price. */
    pricePaise: money('price_paise'),
    /** Where it is offered among the book's editions (the first is offered first). */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bookId, t.language] }),
    check('book_editions_stock_not_negative', sql`${t.stock} >= 0`),
    check('book_editions_price_not_negative', sql`${t.pricePaise} >= 0`),
  ],
);

export type BookRow = Omit<typeof books.$inferSelect, 'search'>;

/** Readers waiting for a book (or one edition) to come back in stock; mailed once, then marked. */
export const stockNotifications = pgTable(
  'stock_notifications',
  {
    id: id(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    /** The edition's language (a book language's code); '': any edition. */
    language: text('language').notNull().default(''),
    email: text('email').notNull(),
    locale: locale('locale'),
    notifiedAt: timestamptz('notified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stock_notifications_waiting_key')
      .on(t.bookId, t.language, t.email)
      .where(sql`${t.notifiedAt} IS NULL`),
  ],
);
