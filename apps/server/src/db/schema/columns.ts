import { CONTENT_LANGUAGES, LOCALES } from '@scholar/shared';
import { bigint, customType, pgEnum, timestamp, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

// The columns and enums the tables of several modules share; each module's tables are in their own file here.

/**
 * Money is stored as integer paise in 64-bit columns, read as JavaScript numbers (exact up to 2^53 paise): a 32-bit
 * column ends at ₹2.1 crore, which three copies of the dearest book pass. Timestamps with time zone.
 */
export const money = (name: string) => bigint(name, { mode: 'number' });
export const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
/** A timestamp with time zone: every point in time the schema keeps is one. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());

export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * The search vector of a text at a weight: English words stemmed, over the text as `search_fold` (migration 0012)
 * writes it, with Arabic-script letter forms made one, marks and diacritics dropped and Bengali nukta letters made
 * one (docs/decisions/041). Queries go through the same function, so both sides spell a word alike.
 */
export const foldedVector = (column: string, weight: 'A' | 'B' | 'C') =>
  `setweight(to_tsvector('english'::regconfig, search_fold(coalesce(${column}, ''))), '${weight}')`;

/** The language a fatwah or an article is written in (docs/decisions/041). */
export const contentLanguage = pgEnum('content_language', CONTENT_LANGUAGES);
/**
 * The language of the site's interface a person used (docs/decisions/043): kept on their account, their checkout
 * and order, and their question, so that the mails they get later are written in it.
 */
export const siteLocale = pgEnum('site_locale', LOCALES);

/** The language a person used the site in; English for rows from before it was kept. */
export const locale = (name: string) => siteLocale(name).notNull().default('en');

/** A fatwah's or an article's language, English unless set. */
export const language = () => contentLanguage('language').notNull().default('en');
