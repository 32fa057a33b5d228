import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZES } from '../constants';
import {
  ARTICLE_LIMITS,
  ARTICLE_MESSAGES,
  ARTICLE_SORT_FIELDS,
  ARTICLE_SORT_ORDERS,
  isArticleImageUrl,
  normalizeTags,
} from '../articles';
import {
  contentLanguageSchema,
  idSchema,
  languageCountsSchema,
  isoDateTime,
  pageQuerySchema,
  translationGroupFields,
  translationLinkSchema,
  translationOfSchema,
} from './common';

/** A published translation of an article, as its page links it. */
export const articleTranslationSchema = translationLinkSchema({ title: z.string() });
export type ArticleTranslation = z.infer<typeof articleTranslationSchema>;

/** Another article as a reading page links it: related articles, the next and the previous one. */
export const articleLinkSchema = z.object({
  _id: idSchema,
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
  featuredImage: z.string(),
  publishedAt: isoDateTime.nullable(),
});
export type ArticleLink = z.infer<typeof articleLinkSchema>;

export const articleSchema = z.object({
  _id: idSchema,
  title: z.string(),
  /** `language` is that of the title, excerpt and content. */
  ...translationGroupFields(articleTranslationSchema),
  /** Sanitised HTML (paragraphs and basic formatting). */
  content: z.string(),
  /**
   * Only on the editors' read: the article as written, in Markdown; null for an article saved as HTML before the
   * editor wrote Markdown (the editor opens its HTML, which Markdown passes through).
   */
  markdown: z.string().nullable().optional(),
  /** Only on a reader's read: up to 3 published articles of the same category or with a shared tag. */
  related: z.array(articleLinkSchema).optional(),
  /** Only on a reader's read: the next newer and the previous older published article. */
  next: articleLinkSchema.nullable().optional(),
  previous: articleLinkSchema.nullable().optional(),
  excerpt: z.string(),
  author: z.string(),
  featuredImage: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  isPublished: z.boolean(),
  views: z.number().int(),
  publishedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Article = z.infer<typeof articleSchema>;

export const articlePaginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});
export type ArticlePagination = z.infer<typeof articlePaginationSchema>;

/**
 * An article as the lists show it (cards, the admin table, feeds): everything but `content`, which only the
 * article's own read answers; the `excerpt` stands in for it.
 */
export const articleSummarySchema = articleSchema.omit({
  content: true,
  translations: true,
  markdown: true,
  related: true,
  next: true,
  previous: true,
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

/** `GET /articles/published` and `GET /articles/admin/all`: a page of summaries. */
export const articleListSchema = z.object({
  articles: z.array(articleSummarySchema),
  pagination: articlePaginationSchema,
  /** The public list with `language` and no search: the published articles of each language. */
  languages: languageCountsSchema.optional(),
});
export type ArticleList = z.infer<typeof articleListSchema>;

export const articleStatsSchema = z.object({
  overview: z.object({
    totalArticles: z.number().int(),
    publishedArticles: z.number().int(),
    draftArticles: z.number().int(),
    totalViews: z.number().int(),
  }),
});
export type ArticleStats = z.infer<typeof articleStatsSchema>;

// ---- Queries -------------------------------------------------------------------------------------------------

/** A query text: trimmed, and an empty value counts as absent. */
const queryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

const limitSchema = (fallback: number) => z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(fallback);

/**
 * `?tags=a&tags=b` (repeated keys) or `?tags=a`: lower-cased, at most 20; without repeats and sorted, since an
 * article matches any of them (so one set of tags is one query, whatever its order).
 */
const tagsQuerySchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    value === undefined
      ? undefined
      : [
          ...new Set(
            (Array.isArray(value) ? value : [value]).map((tag) => tag.trim().toLowerCase()).filter(Boolean),
          ),
        ].sort(),
  )
  .pipe(z.array(z.string().max(ARTICLE_LIMITS.tag)).max(ARTICLE_LIMITS.tags).optional())
  .describe('Repeat the key for several tags; an article matches when it has ANY of them');

const listQueryFields = {
  page: pageQuerySchema,
  sortOrder: z.enum(ARTICLE_SORT_ORDERS).default('desc'),
  search: queryText(ARTICLE_LIMITS.search).describe(
    'Every word must appear in the title, excerpt or content (case-insensitive); a word of 4+ letters may also be a close spelling of a title word',
  ),
  category: queryText(ARTICLE_LIMITS.category).describe('Exact category, case-insensitive'),
  tags: tagsQuerySchema,
};

/** `GET /articles/published`. */
export const publishedArticlesQuerySchema = z.object({
  ...listQueryFields,
  /** The reader's language: without a search, the articles written in it come first, and the answer counts each. */
  language: contentLanguageSchema.optional(),
  limit: limitSchema(PAGE_SIZES.publicArticles),
  sortBy: z.enum(ARTICLE_SORT_FIELDS).default('publishedAt'),
});
export type PublishedArticlesQuery = z.input<typeof publishedArticlesQuerySchema>;
export type PublishedArticlesFilters = z.output<typeof publishedArticlesQuerySchema>;

/** `GET /articles/admin/all`: every article, drafts included; `isPublished` narrows to one status. */
export const adminArticlesQuerySchema = z.object({
  ...listQueryFields,
  limit: limitSchema(PAGE_SIZES.adminArticles),
  sortBy: z.enum(ARTICLE_SORT_FIELDS).default('createdAt'),
  isPublished: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : undefined))
    .describe("'true' for published, 'false' for drafts, absent for both"),
});
export type AdminArticlesQuery = z.input<typeof adminArticlesQuerySchema>;
export type AdminArticlesFilters = z.output<typeof adminArticlesQuerySchema>;

export const recentArticlesQuerySchema = z.object({
  limit: limitSchema(PAGE_SIZES.recentArticles),
});

// ---- Bodies --------------------------------------------------------------------------------------------------

const required = ARTICLE_MESSAGES.required;
const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

/** Tags as written: each normalised (`normalizeTag`), blanks and repeats dropped; at most 10 of at most 40 characters. */
export const articleTagsSchema = z
  .array(z.string(), { error: ARTICLE_MESSAGES.tagsInvalid })
  .transform((tags) => normalizeTags(tags))
  .pipe(
    z
      .array(z.string().max(ARTICLE_LIMITS.tag, ARTICLE_MESSAGES.tagsInvalid))
      .max(ARTICLE_LIMITS.tags, ARTICLE_MESSAGES.tagsInvalid),
  );

/** A date and time with its offset (`2026-11-27T10:00:00+05:30` or `…Z`). */
const publishAtSchema = z.iso.datetime({ offset: true, error: ARTICLE_MESSAGES.publishAtInvalid });

/**
 * `POST /articles/admin` and `PUT /articles/admin/{id}`. The text is `markdown` (stored as written, and rendered to
 * sanitised HTML for readers) or, from older clients, `content`: plain text (each line a paragraph) or HTML, stored
 * as sanitised HTML. `views` cannot be sent (unknown keys are dropped). On PUT, a field left out keeps its value,
 * except `excerpt`, which is derived again when the content changes.
 */
export const articleBodySchema = z.object(
  {
    title: z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(ARTICLE_LIMITS.title, ARTICLE_MESSAGES.titleTooLong),
    markdown: z
      .string()
      .max(ARTICLE_LIMITS.content, ARTICLE_MESSAGES.contentTooLong)
      .refine((value) => value.trim() !== '', required)
      .optional()
      .describe('The article in Markdown (headings, lists, quotes, links, images); wins over content'),
    content: z
      .string()
      .max(ARTICLE_LIMITS.content, ARTICLE_MESSAGES.contentTooLong)
      .refine((value) => value.trim() !== '', required)
      .optional()
      .describe('Plain text (each line a paragraph) or HTML, when markdown is not sent'),
    publishAt: publishAtSchema
      .nullable()
      .optional()
      .describe(
        'When a published article appears to readers: a later time schedules it; null publishes it now ' +
          '(or keeps its first publication); absent keeps it as it is',
      ),
    featuredImage: z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(ARTICLE_LIMITS.imageUrl, ARTICLE_MESSAGES.imageInvalid)
      .refine(isArticleImageUrl, ARTICLE_MESSAGES.imageInvalid),
    author: optionalText(ARTICLE_LIMITS.author, ARTICLE_MESSAGES.authorTooLong).describe(
      "Empty or absent: 'Admin'",
    ),
    isPublished: z.boolean().optional().describe('Create: draft unless true'),
    excerpt: optionalText(ARTICLE_LIMITS.excerpt, ARTICLE_MESSAGES.excerptTooLong).describe(
      'Empty or absent: the first ~200 characters of the text',
    ),
    category: optionalText(ARTICLE_LIMITS.category, ARTICLE_MESSAGES.categoryTooLong).describe(
      "Empty or absent on create: 'General'",
    ),
    tags: articleTagsSchema.optional(),
    language: contentLanguageSchema.optional().describe("Absent: 'en' on create, unchanged on edit"),
    translationOf: translationOfSchema.describe(
      'The id of the article this one translates; null unlinks, absent keeps the link on edit',
    ),
  },
  { error: required },
);
export type ArticleBody = z.input<typeof articleBodySchema>;
export type ArticleInput = z.output<typeof articleBodySchema>;

/** `POST /articles/admin/images`: the uploaded featured image's path, for `featuredImage`. */
export const articleImageSchema = z.object({
  path: z
    .string()
    .describe('/api/uploads/books/<name>.<ext>, with WebP variants <name>-400.webp and <name>-800.webp'),
});
export type ArticleImage = z.infer<typeof articleImageSchema>;

/** `POST /articles/admin/preview`: the Markdown to render as readers would see it. */
export const articlePreviewBodySchema = z.object({
  markdown: z.string().max(ARTICLE_LIMITS.content, ARTICLE_MESSAGES.contentTooLong),
});
export const articlePreviewSchema = z.object({ html: z.string() });
export type ArticlePreview = z.infer<typeof articlePreviewSchema>;
