import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/**
 * The words readers search for in other spellings, scripts and languages (ablution, wudu, wazu, وضو, অজু): each row
 * is one word's set, kept by the scholar on the desk (docs/decisions/077). A search word found in a set is searched as
 * any word of the set. Migration 0023 filled it with the sets the site started with.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: id(),
  /** As the scholar wrote them; folded (`search_fold`) when read. */
  words: text('words')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type SearchSynonymRow = typeof searchSynonyms.$inferSelect;
