import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { articles, books, fatwahs } from '../../db/schema';

export interface SitemapRows {
  books: { id: string; updatedAt: Date }[];
  articles: { id: string; updatedAt: Date; publishedAt: Date | null }[];
  fatwahs: { id: string; updatedAt: Date; publishedAt: Date | null }[];
}

/** Ids and dates of every book and of the published articles and fatwahs, for the sitemap. */
export async function listSitemapEntries(db: Db): Promise<SitemapRows> {
  const [bookRows, articleRows, fatwahRows] = await Promise.all([
    db
      .select({ id: books.id, updatedAt: books.updatedAt })
      .from(books)
      .orderBy(asc(books.createdAt), asc(books.id)),
    db
      .select({ id: articles.id, updatedAt: articles.updatedAt, publishedAt: articles.publishedAt })
      .from(articles)
      // Published and due: an article scheduled for later is not listed before its time.
      .where(and(eq(articles.isPublished, true), sql`${articles.publishedAt} <= now()`))
      .orderBy(desc(articles.publishedAt), desc(articles.id)),
    db
      .select({ id: fatwahs.id, updatedAt: fatwahs.updatedAt, publishedAt: fatwahs.publishedAt })
      .from(fatwahs)
      .where(eq(fatwahs.status, 'published'))
      .orderBy(desc(fatwahs.publishedAt), desc(fatwahs.id)),
  ]);
  return { books: bookRows, articles: articleRows, fatwahs: fatwahRows };
}
