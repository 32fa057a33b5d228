import { FATWAH_STATUSES } from '@scholar/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, tsvector, foldedVector, language, locale, timestamptz } from './columns';
import { users } from './users';

export const fatwahStatus = pgEnum('fatwah_status', FATWAH_STATUSES);

export const fatwahs = pgTable(
  'fatwahs',
  {
    id: id(),
    question: text('question').notNull(),
    /** The scholar's answer as written: Markdown (headings, lists, quotes, links, emphasis). */
    answer: text('answer'),
    /** The answer rendered from its Markdown and sanitised on the server when saved: what readers are shown. */
    answerHtml: text('answer_html'),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: fatwahStatus('status').notNull().default('draft'),
    /** `Q-2026-00123`: given to the asker when the question is sent (migration 0006). */
    reference: text('reference')
      .notNull()
      .default(
        sql`'Q-' || to_char(now() AT TIME ZONE 'Asia/Kolkata', 'YYYY') || '-' || lpad(nextval('fatwah_reference_seq')::text, 5, '0')`,
      ),
    askerName: text('asker_name'),
    /** The asker ticked "Show my name with the question"; without it the name is never published. */
    showAskerName: boolean('show_asker_name').notNull().default(false),
    askerEmail: text('asker_email'),
    /** The language of the page the question was asked on: the "answered" mail is written in it. */
    askerLocale: locale('asker_locale'),
    /** When the "your question is answered" mail was queued; it goes once. */
    answerMailedAt: timestamptz('answer_mailed_at'),
    answeredById: uuid('answered_by_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamptz('published_at'),
    language: language(),
    /**
     * The fatwah this one translates, always the first of its group (a link to a translation is stored as a link to
     * what that translates): the group is that fatwah and every fatwah that points to it (docs/decisions/041).
     */
    translationOf: uuid('translation_of').references((): AnyPgColumn => fatwahs.id, { onDelete: 'set null' }),
    /** Full-text search in every script: the question weighs more than the answer. */
    search: tsvector('search').generatedAlwaysAs(
      sql.raw(`${foldedVector('question', 'A')} || ${foldedVector('answer', 'B')}`),
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fatwahs_reference_key').on(t.reference),
    index('fatwahs_search_idx').using('gin', t.search),
    index('fatwahs_categories_idx').using('gin', t.categories),
    index('fatwahs_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('fatwahs_published_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index('fatwahs_translation_of_idx').on(t.translationOf),
    // The public list in the reader's language first: that language's published fatwahs, newest first.
    index('fatwahs_published_language_idx')
      .on(t.language, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
  ],
);

/**
 * How many fatwahs each status has, in all (category '') and per category, kept by a trigger on `fatwahs`
 * (migration 0003): the lists' totals without counting every row.
 */
export const fatwahCounts = pgTable(
  'fatwah_counts',
  {
    status: fatwahStatus('status').notNull(),
    category: text('category').notNull(),
    fatwahs: integer('fatwahs').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.category] })],
);

/**
 * Every word of every fatwah's question and answer, lower-cased, kept by a trigger on `fatwahs` (migration 0003).
 * A misspelt search word is matched against this short list by trigram similarity, and the words it resembles are
 * then searched in full text, so that both steps use an index.
 */
export const fatwahWords = pgTable('fatwah_words', { word: text('word').primaryKey() }, (t) => [
  index('fatwah_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/**
 * The published fatwahs as their search reads them (id, publication time, categories, search vector), kept by a
 * trigger on `fatwahs` (migration 0009). A common word matches thousands of fatwahs and the ranking reads the
 * vector of each: these narrow rows fill about half the pages that `fatwahs` rows (question and answer too) do.
 */
export const publishedFatwahSearch = pgTable(
  'published_fatwah_search',
  {
    id: uuid('id').primaryKey(),
    publishedAt: timestamptz('published_at'),
    search: tsvector('search').notNull(),
    categories: text('categories').array().notNull(),
    language: language(),
    /**
     * The fatwah's translation group: the first of the group (`translation_of`, else its own id). A search shows one
     * result per group, in the reader's language when the group has it (migration 0023).
     */
    groupId: uuid('group_id').notNull(),
  },
  (t) => [
    index('published_fatwah_search_idx').using('gin', t.search),
    index('published_fatwah_search_group_idx').on(t.groupId, t.language),
  ],
);

export type FatwahRow = typeof fatwahs.$inferSelect;
