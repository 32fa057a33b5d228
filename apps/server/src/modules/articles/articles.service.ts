import {
  ARTICLE_LIMITS,
  ARTICLE_MESSAGES,
  DEFAULT_ARTICLE_AUTHOR,
  DEFAULT_ARTICLE_CATEGORY,
  DEFAULT_CONTENT_LANGUAGE,
  type AdminArticlesFilters,
  BOOK_IMAGE_VARIANT_WIDTHS,
  type Article,
  type ArticleImage,
  type ArticleInput,
  type ArticleLink,
  type ArticleList,
  type ArticlePreview,
  type ArticlePagination,
  type ArticleStats,
  type ArticleSummary,
  type ContentLanguage,
  type PublishedArticlesFilters,
  normalizeTags,
} from '@scholar/shared';
import type { Db } from '../../db/client';
import { checkImage } from '../uploads/images';
import type { UploadStore } from '../uploads/object-store';
import { storeBookImages } from '../uploads/storage';
import type { ArticleRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { markdownToHtml } from '../../lib/rich-text';
import { translationRoot } from '../../lib/translations';
import { excerptOf, hasVisibleContent, toStoredContent } from './articles.content';
import {
  adjacentArticle,
  articleTotals,
  nextScheduledTime,
  relatedArticles,
  type ArticleLinkRow,
  bylineOfUser,
  deleteArticle as deleteArticleRow,
  findArticle,
  findTranslationLink,
  insertArticle,
  latestPublishedArticles,
  listArticles,
  moveTranslations,
  publishedTranslations,
  togglePublished,
  updateArticle as updateArticleRow,
  viewPublishedArticle,
  type ArticleFilter,
  type ArticleSummaryRow,
  articleLanguageCounts,
} from './articles.repository';

/** An article as the lists show it: no content (a list never shows it, and it is most of an article's size). */
export function toArticleSummary(row: ArticleSummaryRow): ArticleSummary {
  return {
    _id: row.id,
    title: row.title,
    language: row.language,
    translationOf: row.translationOf,
    excerpt: row.excerpt,
    author: row.author,
    featuredImage: row.featuredImage,
    category: row.category,
    tags: row.tags,
    isPublished: row.isPublished,
    views: row.views,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toArticle(row: ArticleRow): Article {
  return { ...toArticleSummary(row), content: row.content };
}

/** An article for its editors: with the Markdown it was written in (null for one saved as HTML). */
const toEditedArticle = (row: ArticleRow): Article => ({ ...toArticle(row), markdown: row.markdown });

const toArticleLink = (row: ArticleLinkRow): ArticleLink => ({
  _id: row.id,
  title: row.title,
  excerpt: row.excerpt,
  category: row.category,
  featuredImage: row.featuredImage,
  publishedAt: row.publishedAt?.toISOString() ?? null,
});

/** Related articles a reading page shows ("More in …"). */
export const RELATED_ARTICLES = 3;

/** An article with its published translations, for its page to link (docs/decisions/041). */
async function withTranslations(db: Db, row: ArticleRow): Promise<Article> {
  const translations = (await publishedTranslations(db, row)).map((translation) => ({
    _id: translation.id,
    language: translation.language,
    title: translation.title,
  }));
  return { ...toArticle(row), translations };
}

/** The article a sent `translationOf` links to, as stored: the first of its group (lib/translations). */
const articleTranslationRoot = (
  db: Db,
  sent: string | null | undefined,
  self?: { id: string; translationOf: string | null },
) => translationRoot(sent, self, (id) => findTranslationLink(db, id), 'article');

const articleNotFound = () => notFound(ARTICLE_MESSAGES.notFound, 'ARTICLE_NOT_FOUND');

export function paginationOf(page: number, limit: number, total: number): ArticlePagination {
  const totalPages = Math.ceil(total / limit);
  return { currentPage: page, totalPages, total, hasNext: page < totalPages, hasPrev: page > 1 };
}

async function listPage(
  db: Db,
  query: { page: number; limit: number } & Pick<PublishedArticlesFilters, 'sortBy' | 'sortOrder'>,
  filter: ArticleFilter,
  firstIn?: ContentLanguage,
): Promise<ArticleList> {
  const { rows, total } = await listArticles(db, {
    filter,
    firstIn,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    articles: rows.map(toArticleSummary),
    pagination: paginationOf(query.page, query.limit, total),
  };
}

/** The public list: published articles only. */
/**
 * The public list: published articles only. With the reader's language and no search, those written in it come
 * first and the answer says how many each language has.
 */
export async function getPublishedArticles(db: Db, query: PublishedArticlesFilters): Promise<ArticleList> {
  const { search, category, tags, language } = query;
  const filter = { visible: true, search, category, tags };
  const firstIn = search ? undefined : language;
  const [list, languages] = await Promise.all([
    listPage(db, query, filter, firstIn),
    firstIn ? articleLanguageCounts(db, filter) : undefined,
  ]);
  return languages ? { ...list, languages } : list;
}

/** The editors' list: drafts too, unless `isPublished` narrows it. */
export function getAdminArticles(db: Db, query: AdminArticlesFilters): Promise<ArticleList> {
  const { search, category, tags, isPublished } = query;
  return listPage(db, query, { isPublished, search, category, tags });
}

export async function getRecentArticles(
  db: Db,
  limit: number,
  language?: ContentLanguage,
  tag?: string,
): Promise<ArticleSummary[]> {
  return (await latestPublishedArticles(db, limit, language, tag)).map(toArticleSummary);
}

/** True when readers may see the article: published, and its time has come (not scheduled for later). */
export const isVisibleRow = (row: Pick<ArticleRow, 'isPublished' | 'publishedAt'>, now = new Date()) =>
  row.isPublished && row.publishedAt !== null && row.publishedAt <= now;

/**
 * A published article for a reader, with where to read on: related articles, the next and the previous one by
 * publication. Each call counts one view unless told not to. Drafts and articles scheduled for later are not found.
 */
export async function readPublishedArticle(
  db: Db,
  id: string,
  { countView = true }: { countView?: boolean } = {},
): Promise<Article> {
  const row = countView ? await viewPublishedArticle(db, id) : await findArticle(db, id);
  if (!row || !isVisibleRow(row) || !row.publishedAt) throw articleNotFound();
  const at = { id: row.id, publishedAt: row.publishedAt };
  const [article, related, next, previous] = await Promise.all([
    withTranslations(db, row),
    relatedArticles(db, row, RELATED_ARTICLES),
    adjacentArticle(db, at, 'next'),
    adjacentArticle(db, at, 'previous'),
  ]);
  return {
    ...article,
    related: related.map(toArticleLink),
    next: next ? toArticleLink(next) : null,
    previous: previous ? toArticleLink(previous) : null,
  };
}

/** When the next article scheduled for later appears to readers; undefined when none is. */
export const nextScheduledArticleTime = (db: Db) => nextScheduledTime(db);

/** The Markdown rendered as it would be stored and shown to readers. */
export function previewArticle(markdown: string): ArticlePreview {
  return { html: markdownToHtml(markdown) };
}

/** Counts one view of a published article (a reader's browser, for a page that came rendered with it). */
export async function countArticleView(db: Db, id: string): Promise<{ views: number }> {
  const row = await viewPublishedArticle(db, id);
  if (!row) throw articleNotFound();
  return { views: row.views };
}

/** Any article, for the editors (no view counted). */
export async function getArticle(db: Db, id: string): Promise<Article> {
  const row = await findArticle(db, id);
  if (!row) throw articleNotFound();
  return { ...(await withTranslations(db, row)), markdown: row.markdown };
}

/**
 * The stored text of what was sent: Markdown kept as written and rendered to sanitised HTML, or else the content
 * (plain text or HTML) as sanitised HTML with no Markdown. A text that sanitises to nothing counts as missing.
 */
function storedContent(input: Pick<ArticleInput, 'markdown' | 'content'>): {
  content: string;
  markdown: string | null;
} {
  const markdown = input.markdown ?? null;
  const html = markdown !== null ? markdownToHtml(markdown) : toStoredContent(input.content ?? '');
  if (!hasVisibleContent(html)) {
    throw badRequest(ARTICLE_MESSAGES.required, 'VALIDATION_ERROR', [
      {
        path: input.markdown !== undefined ? 'body.markdown' : 'body.content',
        message: ARTICLE_MESSAGES.required,
      },
    ]);
  }
  return { content: html, markdown };
}

const publishAtOf = (input: ArticleInput) =>
  input.publishAt === undefined ? undefined : input.publishAt === null ? null : new Date(input.publishAt);

/**
 * A new article: a draft unless `isPublished` is true. Without an author it is signed by the admin who writes it
 * (`authorId`): their display name, else their name ('Admin' if they are gone).
 */
export async function createArticle(db: Db, input: ArticleInput, authorId: string): Promise<Article> {
  const { content, markdown } = storedContent(input);
  const author =
    input.author ||
    (await bylineOfUser(db, authorId))?.slice(0, ARTICLE_LIMITS.author) ||
    DEFAULT_ARTICLE_AUTHOR;
  const row = await insertArticle(db, {
    title: input.title,
    content,
    markdown,
    excerpt: input.excerpt || excerptOf(content),
    author,
    featuredImage: input.featuredImage,
    category: input.category || DEFAULT_ARTICLE_CATEGORY,
    tags: normalizeTags(input.tags ?? []),
    isPublished: input.isPublished ?? false,
    publishAt: publishAtOf(input),
    language: input.language ?? DEFAULT_CONTENT_LANGUAGE,
    translationOf: (await articleTranslationRoot(db, input.translationOf)) ?? null,
  });
  return toEditedArticle(row);
}

/**
 * Saves an edit. Optional fields left out keep their values, and so does an empty author (the byline stays whoever
 * edits). The excerpt: a sent one is saved; an empty one is derived from the text; one left out stays when it was
 * written by hand (not the one derived from the old text) or the text is unchanged, and is derived again otherwise.
 */
export async function updateArticle(db: Db, id: string, input: ArticleInput): Promise<Article> {
  const { content, markdown } = storedContent(input);
  return db.transaction(async (tx) => {
    const current = await findArticle(tx, id);
    if (!current) throw articleNotFound();
    const translationOf = await articleTranslationRoot(tx, input.translationOf, current);
    // Joining another group, the article brings its own translations along (a group has one first article).
    if (translationOf && current.translationOf === null) await moveTranslations(tx, id, translationOf);
    const handWritten = current.excerpt !== '' && current.excerpt !== excerptOf(current.content);
    const keepExcerpt =
      input.excerpt === undefined && current.excerpt !== '' && (content === current.content || handWritten);
    const row = await updateArticleRow(tx, id, {
      title: input.title,
      content,
      markdown,
      excerpt: input.excerpt || (keepExcerpt ? current.excerpt : excerptOf(content)),
      author: input.author || current.author,
      featuredImage: input.featuredImage,
      category: input.category === undefined ? current.category : input.category || DEFAULT_ARTICLE_CATEGORY,
      tags: input.tags === undefined ? current.tags : normalizeTags(input.tags),
      isPublished: input.isPublished ?? current.isPublished,
      publishAt: publishAtOf(input),
      language: input.language ?? current.language,
      translationOf: translationOf === undefined ? current.translationOf : translationOf,
    });
    if (!row) throw articleNotFound();
    return toEditedArticle(row);
  });
}

export async function deleteArticle(db: Db, id: string): Promise<Article> {
  const row = await deleteArticleRow(db, id);
  if (!row) throw articleNotFound();
  return toArticle(row);
}

export async function toggleArticlePublished(
  db: Db,
  id: string,
): Promise<{ article: Article; message: string }> {
  const row = await togglePublished(db, id);
  if (!row) throw articleNotFound();
  return {
    article: toArticle(row),
    message: row.isPublished ? ARTICLE_MESSAGES.published : ARTICLE_MESSAGES.unpublished,
  };
}

export async function getArticleStats(db: Db): Promise<ArticleStats> {
  const totals = await articleTotals(db);
  return {
    overview: {
      totalArticles: totals.total,
      publishedArticles: totals.published,
      draftArticles: totals.total - totals.published,
      totalViews: totals.views,
    },
  };
}

/**
 * Stores an uploaded featured image through the books' pipeline: the bytes must be a JPEG, PNG, WebP or GIF that
 * decodes completely, and it is kept with WebP variants 400 and 800 px wide. Answers the path for `featuredImage`.
 */
export async function uploadArticleImage(uploads: UploadStore, files: Buffer[]): Promise<ArticleImage> {
  const [file, ...more] = files;
  if (!file) throw badRequest(ARTICLE_MESSAGES.imageMissing, 'IMAGE_REQUIRED');
  if (more.length > 0) throw badRequest(ARTICLE_MESSAGES.imageOne, 'TOO_MANY_IMAGES');
  const image = await checkImage(file, BOOK_IMAGE_VARIANT_WIDTHS);
  const [path] = await storeBookImages(uploads, [image]);
  if (!path) throw new Error('image not stored');
  return { path };
}

/* ---- Read by the subscriptions' sending job (docs/decisions/048): appended, nothing above depends on it. ---- */
import { and as whereAll, asc as ascending, eq as equals, gt as after, lte as atMost } from 'drizzle-orm';
import { articles as articleTable } from '../../db/schema';

/** A published article as a subscription mail tells of it. */
export interface PublishedArticleNotice {
  id: string;
  title: string;
  excerpt: string;
  language: ContentLanguage;
  publishedAt: Date;
}

/**
 * The articles published in (`from`, `to`], oldest first, at most `limit`: one scheduled for later is among them
 * only once `to` has reached its time.
 */
export async function publishedArticlesBetween(
  db: Db,
  from: Date,
  to: Date,
  limit = 500,
): Promise<PublishedArticleNotice[]> {
  const rows = await db
    .select({
      id: articleTable.id,
      title: articleTable.title,
      excerpt: articleTable.excerpt,
      language: articleTable.language,
      publishedAt: articleTable.publishedAt,
    })
    .from(articleTable)
    .where(
      whereAll(
        equals(articleTable.isPublished, true),
        after(articleTable.publishedAt, from),
        atMost(articleTable.publishedAt, to),
      ),
    )
    .orderBy(ascending(articleTable.publishedAt), ascending(articleTable.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt! }));
}
