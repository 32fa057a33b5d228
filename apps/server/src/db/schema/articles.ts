import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, tsvector, foldedVector, language, timestamptz } from './columns';

export const articles = pgTable(
  'articles',
  {
    id: id(),
    title: text('title').notNull(),
    /** Sanitised HTML: rendered on the server from `markdown` when the article was written in Markdown. */
    content: text('content').notNull(),
    /** The article as its writer wrote it, in Markdown; null for an article written as HTML before the editor had it. */
    markdown: text('markdown'),
    excerpt: text('excerpt').notNull().default(''),
    author: text('author').notNull().default('Admin'),
    featuredImage: text('featured_image').notNull(),
    category: text('category').notNull().default('General'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPublished: boolean('is_published').notNull().default(false),
    views: integer('views').notNull().default(0),
    publishedAt: timestamptz('published_at'),
    language: language(),
    /** The article this one translates, always the first of its group, as for fatwahs (docs/decisions/041). */
    translationOf: uuid('translation_of').references((): AnyPgColumn => articles.id, {
      onDelete: 'set null',
    }),
    /**
     * Full-text search in every script: title, then excerpt, then content (its HTML tags are not words to the
     * parser).
     */
    search: tsvector('search').generatedAlwaysAs(
      sql.raw(
        `${foldedVector('title', 'A')} || ${foldedVector('excerpt', 'B')} || ${foldedVector('content', 'C')}`,
      ),
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('articles_search_idx').using('gin', t.search),
    index('articles_translation_of_idx').on(t.translationOf),
    index('articles_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.isPublished}`),
    index('articles_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('articles_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('articles_tags_idx').using('gin', t.tags),
  ],
);

export type ArticleRow = Omit<typeof articles.$inferSelect, 'search'>;
