import type { ArticleSortField, ArticleSortOrder, ContentLanguage } from '@scholar/shared';
import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchQuery, type Spellings } from '../../lib/search-text';
import { spellingsIn } from '../search/synonyms';
import { articles, users, type ArticleRow } from '../../db/schema';

/** An article's row without its content: what the lists show. */
export type ArticleSummaryRow = Omit<ArticleRow, 'content' | 'markdown'>;

/** An article's columns; its search vector stays in the database. */
const { search: _search, ...articleColumns } = getTableColumns(articles);
const { content: _content, markdown: _markdown, ...summaryColumns } = articleColumns;

/**
 * What readers may see: published, with its publication time come (an article scheduled for later is published with
 * a `published_at` still to come: docs/decisions/050).
 */
export const isVisible = () => and(eq(articles.isPublished, true), sql`${articles.publishedAt} <= now()`);

export interface ArticleFilter {
  /** true: published only (scheduled ones too), false: drafts only, undefined: both. */
  isPublished?: boolean | undefined;
  /** What readers may see now (`isVisible`): published and due. */
  visible?: boolean | undefined;
  search?: string | undefined;
  category?: string | undefined;
  /** Lower-cased; an article matches when it has any of them. */
  tags?: string[] | undefined;
}

export interface ArticleListOptions {
  filter: ArticleFilter;
  /** The reader's language: the articles written in it come first, each part in the list's order. */
  firstIn?: ContentLanguage | undefined;
  sortBy: ArticleSortField;
  sortOrder: ArticleSortOrder;
  limit: number;
  offset: number;
}

export type ArticleValues = Pick<
  typeof articles.$inferInsert,
  | 'title'
  | 'content'
  | 'excerpt'
  | 'author'
  | 'featuredImage'
  | 'category'
  | 'tags'
  | 'isPublished'
  | 'language'
  | 'translationOf'
  | 'markdown'
> & {
  /** A publication time to set (a later one schedules the article); null: now, or the first one when it was. */
  publishAt?: Date | null | undefined;
};

/** At most this many words of a search are matched (each must appear somewhere). */
const MAX_SEARCH_WORDS = 8;
/** Shorter words are not matched by similarity: trigrams of 1-3 letters find too much. */
const MIN_FUZZY_LENGTH = 4;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every word must appear in the title, excerpt or content (ILIKE; the title's trigram index serves it), or, for a
 * word of 4 letters or more, be close to a word of the title (pg_trgm's `<%`, word similarity ≥ 0.6), so that a
 * misspelt title still matches. Or else the full-text search in every script matches (`searchQuery`, GIN index):
 * other letter forms, marks and spellings of a word, and English word forms (docs/decisions/041).
 */
function searchCondition(search: string, spellings: Spellings): SQL | undefined {
  const words = search.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  return or(sql`${articles.search} @@ ${searchQuery(search, spellings)}`, wordsCondition(words));
}

function wordsCondition(words: string[]): SQL | undefined {
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return or(
        ilike(articles.title, pattern),
        ilike(articles.excerpt, pattern),
        ilike(articles.content, pattern),
        word.length >= MIN_FUZZY_LENGTH ? sql`${word} <% ${articles.title}` : undefined,
      );
    }),
  );
}

async function whereOf(db: Db, filter: ArticleFilter): Promise<SQL | undefined> {
  const spellings = filter.search ? await spellingsIn(db) : undefined;
  return and(
    filter.isPublished === undefined ? undefined : eq(articles.isPublished, filter.isPublished),
    filter.visible ? isVisible() : undefined,
    filter.search && spellings ? searchCondition(filter.search, spellings) : undefined,
    filter.category ? sql`lower(${articles.category}) = lower(${filter.category})` : undefined,
    filter.tags && filter.tags.length > 0 ? arrayOverlaps(articles.tags, filter.tags) : undefined,
  );
}

/** The order of a list, always ending with the id so that pages never overlap or skip. */
function orderOf(sortBy: ArticleSortField, sortOrder: ArticleSortOrder): SQL[] {
  const direction = sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const key = {
    publishedAt: sql`${articles.publishedAt} ${direction} nulls last`,
    createdAt: sql`${articles.createdAt} ${direction}`,
    views: sql`${articles.views} ${direction}`,
    title: sql`lower(${articles.title}) ${direction}`,
  }[sortBy];
  return [key, sql`${articles.id} ${direction}`];
}

/** One page of articles (without their content) and the number of all that match. */
export async function listArticles(
  db: Db,
  options: ArticleListOptions,
): Promise<{ rows: ArticleSummaryRow[]; total: number }> {
  const where = await whereOf(db, options.filter);
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(articles)
      .where(where)
      .orderBy(
        ...(options.firstIn ? [desc(sql`${articles.language} = ${options.firstIn}`)] : []),
        ...orderOf(options.sortBy, options.sortOrder),
      )
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(articles).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** How many articles that match the filter each language has. */
export async function articleLanguageCounts(
  db: Db,
  filter: ArticleFilter,
): Promise<Partial<Record<ContentLanguage, number>>> {
  const rows = await db
    .select({ language: articles.language, n: count() })
    .from(articles)
    .where(await whereOf(db, filter))
    .groupBy(articles.language);
  return Object.fromEntries(rows.map((row) => [row.language, row.n]));
}

/** The newest published articles (in one language, when given), without their content (the home page, "recent" lists and the feeds). */
export function latestPublishedArticles(
  db: Db,
  limit: number,
  language?: ContentLanguage,
  tag?: string,
): Promise<ArticleSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(articles)
    .where(
      and(
        isVisible(),
        language ? eq(articles.language, language) : undefined,
        tag ? arrayOverlaps(articles.tags, [tag]) : undefined,
      ),
    )
    .orderBy(...orderOf('publishedAt', 'desc'))
    .limit(limit);
}

/** The name an admin signs with: their display name, else their name; undefined for an unknown id. */
export async function bylineOfUser(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ byline: sql<string>`coalesce(nullif(btrim(${users.displayName}), ''), ${users.name})` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.byline;
}

export async function findArticle(db: Db, id: string): Promise<ArticleRow | undefined> {
  const [row] = await db.select(articleColumns).from(articles).where(eq(articles.id, id)).limit(1);
  return row;
}

/** An article's place in its translation group: its id and the article it translates (null for the first). */
export async function findTranslationLink(
  db: Db,
  id: string,
): Promise<{ id: string; translationOf: string | null } | undefined> {
  const [row] = await db
    .select({ id: articles.id, translationOf: articles.translationOf })
    .from(articles)
    .where(eq(articles.id, id))
    .limit(1);
  return row;
}

/** The translations of `from` become translations of `to`: `from` joins `to`'s group and brings its own. */
export async function moveTranslations(db: Db, from: string, to: string): Promise<void> {
  await db.update(articles).set({ translationOf: to }).where(eq(articles.translationOf, from));
}

/**
 * The other published articles of an article's translation group: the first of the group and every article that
 * translates it, but the article itself; in the order of the languages, then oldest first.
 */
export function publishedTranslations(
  db: Db,
  article: { id: string; translationOf: string | null },
): Promise<{ id: string; language: ArticleRow['language']; title: string }[]> {
  const root = article.translationOf ?? article.id;
  return db
    .select({ id: articles.id, language: articles.language, title: articles.title })
    .from(articles)
    .where(
      and(
        or(eq(articles.id, root), eq(articles.translationOf, root)),
        ne(articles.id, article.id),
        isVisible(),
      ),
    )
    .orderBy(asc(articles.language), asc(articles.createdAt), asc(articles.id));
}

/** A published, due article, counting one view (atomically: parallel readers each add one). Drafts: undefined. */
export async function viewPublishedArticle(db: Db, id: string): Promise<ArticleRow | undefined> {
  const [row] = await db
    .update(articles)
    // A view is not an edit: updated_at stays.
    .set({ views: sql`${articles.views} + 1`, updatedAt: sql`${articles.updatedAt}` })
    .where(and(eq(articles.id, id), isVisible()))
    .returning(articleColumns);
  return row;
}

/** The `published_at` an insert sets: the time sent, else now for a published article. */
function publishedAtOnInsert({ isPublished, publishAt }: ArticleValues): Date | SQL | null {
  if (publishAt) return publishAt;
  return isPublished ? sql`now()` : null;
}

/**
 * The `published_at` an edit sets: a sent time; null sent: now when there was none or it was still to come (the
 * schedule is dropped: published now), else the first publication stays; absent: a published article keeps its
 * time, or gets now.
 */
function publishedAtOnUpdate({ isPublished, publishAt }: ArticleValues): Date | SQL | undefined {
  if (publishAt) return publishAt;
  if (publishAt === null) {
    return isPublished ? sql`least(coalesce(${articles.publishedAt}, now()), now())` : undefined;
  }
  return isPublished ? sql`coalesce(${articles.publishedAt}, now())` : undefined;
}

export async function insertArticle(db: Db, values: ArticleValues): Promise<ArticleRow> {
  const { publishAt: _publishAt, ...columns } = values;
  const [row] = await db
    .insert(articles)
    .values({ ...columns, publishedAt: publishedAtOnInsert(values) })
    .returning(articleColumns);
  if (!row) throw new Error('article not inserted');
  return row;
}

/** Saves an edit; becoming published sets `published_at` unless it was set before (it is never cleared, see above). */
export async function updateArticle(
  db: Db,
  id: string,
  values: ArticleValues,
): Promise<ArticleRow | undefined> {
  const { publishAt: _publishAt, ...columns } = values;
  const publishedAt = publishedAtOnUpdate(values);
  const [row] = await db
    .update(articles)
    .set({ ...columns, ...(publishedAt === undefined ? {} : { publishedAt }) })
    .where(eq(articles.id, id))
    .returning(articleColumns);
  return row;
}

/** Flips published and draft in one statement; the first publication's date is kept. */
export async function togglePublished(db: Db, id: string): Promise<ArticleRow | undefined> {
  const [row] = await db
    .update(articles)
    .set({
      isPublished: sql`not ${articles.isPublished}`,
      publishedAt: sql`case when ${articles.isPublished} then ${articles.publishedAt} else coalesce(${articles.publishedAt}, now()) end`,
    })
    .where(eq(articles.id, id))
    .returning(articleColumns);
  return row;
}

export async function deleteArticle(db: Db, id: string): Promise<ArticleRow | undefined> {
  const [row] = await db.delete(articles).where(eq(articles.id, id)).returning(articleColumns);
  return row;
}

/** The admin overview in one aggregate query. */
export async function articleTotals(db: Db): Promise<{ total: number; published: number; views: number }> {
  const [row] = await db
    .select({
      total: count(),
      published: sql<number>`count(*) filter (where ${articles.isPublished})`.mapWith(Number),
      views: sql<number>`coalesce(sum(${articles.views}), 0)`.mapWith(Number),
    })
    .from(articles);
  return row ?? { total: 0, published: 0, views: 0 };
}

/** The earliest publication time still to come of a published article: when the next scheduled one appears. */
export async function nextScheduledTime(db: Db): Promise<Date | undefined> {
  const [row] = await db
    .select({
      at: sql<Date | null>`min(${articles.publishedAt})`.mapWith((value: string | Date | null) =>
        value ? new Date(value) : null,
      ),
    })
    .from(articles)
    .where(and(eq(articles.isPublished, true), sql`${articles.publishedAt} > now()`));
  return row?.at ?? undefined;
}

/** Columns of an article as a reading page links it. */
const linkColumns = {
  id: articles.id,
  title: articles.title,
  excerpt: articles.excerpt,
  category: articles.category,
  featuredImage: articles.featuredImage,
  publishedAt: articles.publishedAt,
};
export interface ArticleLinkRow {
  id: string;
  title: string;
  excerpt: string;
  category: string;
  featuredImage: string;
  publishedAt: Date | null;
}

/**
 * Up to `limit` visible articles of the same category (case-insensitive) or with a tag in common, not the article
 * itself: those sharing both first, then the most tags, then the newest.
 */
/** The links of the visible articles other than this one that meet the condition. */
const otherVisibleArticles = (db: Db, id: string, condition: SQL | undefined) =>
  db
    .select(linkColumns)
    .from(articles)
    .where(and(isVisible(), ne(articles.id, id), condition));

export function relatedArticles(
  db: Db,
  article: { id: string; category: string; tags: string[] },
  limit: number,
): Promise<ArticleLinkRow[]> {
  const sameCategory = sql`lower(${articles.category}) = lower(${article.category})`;
  const tags = article.tags.length > 0 ? article.tags : [''];
  const sharedTags = sql<number>`cardinality(array(select unnest(${articles.tags}) intersect select unnest(${sql.param(tags)}::text[])))`;
  return otherVisibleArticles(
    db,
    article.id,
    or(sameCategory, article.tags.length > 0 ? arrayOverlaps(articles.tags, article.tags) : undefined),
  )
    .orderBy(desc(sameCategory), desc(sharedTags), desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
}

/** The visible article published just after (`next`) or just before (`previous`) this one; ties by id. */
export async function adjacentArticle(
  db: Db,
  article: { id: string; publishedAt: Date },
  direction: 'next' | 'previous',
): Promise<ArticleLinkRow | undefined> {
  const after = direction === 'next';
  const [row] = await otherVisibleArticles(
    db,
    article.id,
    or(
      (after ? gt : lt)(articles.publishedAt, article.publishedAt),
      and(eq(articles.publishedAt, article.publishedAt), (after ? gt : lt)(articles.id, article.id)),
    ),
  )
    .orderBy(
      ...(after
        ? [asc(articles.publishedAt), asc(articles.id)]
        : [desc(articles.publishedAt), desc(articles.id)]),
    )
    .limit(1);
  return row;
}
