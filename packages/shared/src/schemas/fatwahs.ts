import { z } from 'zod';
import { FATWAH_CATEGORIES, FATWAH_STATUSES, MAX_PAGE_SIZE, PAGE_SIZES } from '../constants';
import { FATWAH_MESSAGES } from '../messages';
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

/** The longest question the public form accepts, and the longest answer. */
export const QUESTION_MAX_LENGTH = 5000;
export const ANSWER_MAX_LENGTH = 50_000;

export const fatwahStatusSchema = z.enum(FATWAH_STATUSES);
export const fatwahCategorySchema = z.enum(FATWAH_CATEGORIES, { error: 'Unknown category' });

const categoriesSchema = (message: string) =>
  z
    .array(fatwahCategorySchema, { error: message })
    .min(1, message)
    .max(FATWAH_CATEGORIES.length)
    .transform((list) => [...new Set(list)]);

const optionalTrimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((value) => (value ? value : undefined));

/** The public question form. `website` is a honeypot: people leave it empty, robots fill it in. */
export const submitFatwahBodySchema = z.object({
  question: z
    .string({ error: FATWAH_MESSAGES.questionRequired })
    .trim()
    .min(1, FATWAH_MESSAGES.questionRequired)
    .max(QUESTION_MAX_LENGTH, `Please keep your question under ${QUESTION_MAX_LENGTH} characters`),
  categories: categoriesSchema(FATWAH_MESSAGES.categoryRequired),
  askerName: optionalTrimmed(100),
  askerEmail: optionalTrimmed(254).pipe(z.string().email('Please enter a valid email address').optional()),
  /** The asker ticked "Show my name with the question"; without it the name is never published. */
  showAskerName: z.boolean().optional().default(false),
  website: z.string().max(500).optional(),
});
export type SubmitFatwahBody = z.input<typeof submitFatwahBodySchema>;

/** `Q-2026-00123`: the number an asker keeps to speak of their question. */
export const fatwahReferenceSchema = z.string().regex(/^Q-\d{4}-\d{5,}$/);

/** What a sent question answers: its id and reference (both null for a robot caught by the honeypot). */
export const submittedFatwahSchema = z.object({
  _id: z.string().nullable(),
  status: z.literal('pending'),
  reference: fatwahReferenceSchema.nullable(),
});
export type SubmittedFatwah = z.infer<typeof submittedFatwahSchema>;

/** The public path of a fatwah, as the web app routes it. */
export const fatwahPublicPath = (id: string) => `/fatwah/${id}`;

const questionSchema = z
  .string({ error: FATWAH_MESSAGES.adminQuestionRequired })
  .trim()
  .min(1, FATWAH_MESSAGES.adminQuestionRequired)
  .max(QUESTION_MAX_LENGTH);
const answerSchema = z
  .string()
  .trim()
  .max(ANSWER_MAX_LENGTH)
  .optional()
  .nullable()
  .transform((value) => (value ? value : undefined));

export const createFatwahBodySchema = z.object({
  question: questionSchema,
  answer: answerSchema,
  categories: categoriesSchema(FATWAH_MESSAGES.adminCategoryRequired),
  status: fatwahStatusSchema.default('draft'),
  language: contentLanguageSchema.default('en'),
  translationOf: translationOfSchema,
});
export type CreateFatwahBody = z.input<typeof createFatwahBodySchema>;

/**
 * The modal's edit form: an existing fatwah keeps an answer (docs/product.md, "Validation"), so an edit cannot
 * clear it.
 */
export const editFatwahBodySchema = z.object({
  question: questionSchema,
  answer: z
    .string()
    .nullish()
    .transform((value) => value?.trim() ?? '')
    .pipe(z.string().min(1, FATWAH_MESSAGES.adminAnswerRequired).max(ANSWER_MAX_LENGTH)),
  categories: categoriesSchema(FATWAH_MESSAGES.adminCategoryRequired),
  status: fatwahStatusSchema,
  /** Left out: the language stays as it is. */
  language: contentLanguageSchema.optional(),
  translationOf: translationOfSchema,
});
export type EditFatwahBody = z.input<typeof editFatwahBodySchema>;

/**
 * A full edit, or `{status}` alone (the one-click Publish). A form field in the latter fails outright, so that a
 * form answers with its own message ('Answer is required for existing fatwahs') rather than 'Invalid input'.
 */
export const updateFatwahBodySchema = z.union([
  editFatwahBodySchema,
  z.strictObject({
    status: fatwahStatusSchema,
    question: z.never().optional(),
    answer: z.never().optional(),
    categories: z.never().optional(),
  }),
]);
export type UpdateFatwahBody = z.input<typeof updateFatwahBodySchema>;

const listQueryBase = {
  search: z.string().trim().max(200).optional(),
  category: z.union([fatwahCategorySchema, z.literal('')]).optional(),
  page: pageQuerySchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZES.publicFatwahs),
};
export const publicFatwahsQuerySchema = z.object({
  ...listQueryBase,
  /** The reader's language: without a search, the fatwahs written in it come first, and the answer counts each. */
  language: contentLanguageSchema.optional(),
});
/**
 * The desk's queues (docs/decisions/049): questions without an answer, answered but not published, and published.
 * Unlike the statuses, a queue says what the scholar has still to do.
 */
export const FATWAH_QUEUES = ['unanswered', 'answered', 'published'] as const;
export const fatwahQueueSchema = z.enum(FATWAH_QUEUES);
export type FatwahQueue = z.infer<typeof fatwahQueueSchema>;
/**
 * The desk's order: the oldest first (what has waited longest), or the newest. Without it, the queues of what waits
 * (unanswered, answered) list the oldest first, and every other list the newest.
 */
export const FATWAH_DESK_SORTS = ['oldest', 'newest'] as const;
export type FatwahDeskSort = (typeof FATWAH_DESK_SORTS)[number];
/** The order a desk list takes when none is asked for. */
export const defaultDeskSort = (queue: FatwahQueue | undefined): FatwahDeskSort =>
  queue === 'unanswered' || queue === 'answered' ? 'oldest' : 'newest';

export const adminFatwahsQuerySchema = z.object({
  ...listQueryBase,
  status: z.union([fatwahStatusSchema, z.literal(''), z.literal('all')]).optional(),
  queue: fatwahQueueSchema.optional(),
  sort: z.enum(FATWAH_DESK_SORTS).optional(),
});
export type AdminFatwahsQuery = z.input<typeof adminFatwahsQuerySchema>;

/** A published translation of a fatwah, as its page links it. */
export const fatwahTranslationSchema = translationLinkSchema({ question: z.string() });
export type FatwahTranslation = z.infer<typeof fatwahTranslationSchema>;

export const fatwahSchema = z.object({
  _id: idSchema,
  question: z.string(),
  /** `language` is that of the question and answer. */
  ...translationGroupFields(fatwahTranslationSchema),
  /** The scholar's Markdown, as written. */
  answer: z.string().optional(),
  /** The answer as readers are shown it: rendered from the Markdown and sanitised on the server. */
  answerHtml: z.string().optional(),
  /** The fatwah's number (`Q-2026-00031`): the asker's reference, shown and searchable once published. */
  reference: z.string(),
  categories: z.array(z.string()),
  status: fatwahStatusSchema,
  /** Public answers carry it only when the asker agreed to show it (`showAskerName`); admins always see it. */
  askerName: z.string().optional(),
  answeredBy: z.object({ name: z.string() }).nullable(),
  publishedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Fatwah = z.infer<typeof fatwahSchema>;

/**
 * What admins see besides: the question's reference, the asker's name whatever they chose, whether they agreed to
 * show it, and their email, for clarification only.
 */
export const adminFatwahSchema = fatwahSchema.extend({
  showAskerName: z.boolean(),
  askerEmail: z.string().optional(),
});
export type AdminFatwah = z.infer<typeof adminFatwahSchema>;

export const fatwahPaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type FatwahPagination = z.infer<typeof fatwahPaginationSchema>;

export function fatwahListSchema<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    pagination: fatwahPaginationSchema,
    /** With `language` and no search: the published fatwahs of each language. */
    languages: languageCountsSchema.optional(),
  });
}

/** How many fatwahs each desk queue holds. */
export const fatwahQueueCountsSchema = z.object({
  unanswered: z.number().int(),
  answered: z.number().int(),
  published: z.number().int(),
});
export type FatwahQueueCounts = z.infer<typeof fatwahQueueCountsSchema>;

/** The desk's list: a page of a queue (or of a status) and the count of every queue. */
export const adminFatwahListSchema = fatwahListSchema(adminFatwahSchema).extend({
  counts: fatwahQueueCountsSchema,
});
export type AdminFatwahList = z.infer<typeof adminFatwahListSchema>;

/** The desk's preview: the scholar's Markdown, answered with the HTML readers will be shown. */
export const answerPreviewBodySchema = z.object({ answer: z.string().max(ANSWER_MAX_LENGTH) });
export const answerPreviewSchema = z.object({ html: z.string() });

/** A published fatwah named beside another, or beside a question being typed: enough to link it. */
export const fatwahLinkSchema = z.object({
  _id: idSchema,
  question: z.string(),
  reference: z.string(),
  language: contentLanguageSchema,
  categories: z.array(z.string()),
  publishedAt: isoDateTime.nullable(),
});
export type FatwahLink = z.infer<typeof fatwahLinkSchema>;

/**
 * The readers' list. A search shows one result per translation group, with the group's other published versions as
 * `translations` ("also in"); a misspelt search read as other words says how (`didYouMean`); a search that finds
 * nothing brings the published answers nearest to its words (`nearest`), else the newest in the reader's language.
 */
export const publicFatwahListSchema = fatwahListSchema(fatwahSchema).extend({
  didYouMean: z.string().optional(),
  nearest: z.array(fatwahLinkSchema).optional(),
});
export type PublicFatwahList = z.infer<typeof publicFatwahListSchema>;
/** How many answers a search that finds nothing offers instead. */
export const NEAREST_ANSWERS = 3;

/** The fewest words a question being typed needs before published fatwahs like it are looked for. */
export const SIMILAR_MIN_WORDS = 3;
/** Published questions like a text being typed (`q`), optionally without one fatwah (`exclude`). */
export const similarFatwahsQuerySchema = z.object({
  q: z.string().trim().min(1).max(500),
  exclude: idSchema.optional(),
});

/**
 * The asker's status page: the reference they were given and the email they gave. `Q-2026-00031`, `q-2026-31` and
 * `2026-31` are the same reference.
 */
export const fatwahStatusQuerySchema = z.object({
  reference: z.string().trim().min(1, 'Please enter your reference').max(40),
  email: z.string().trim().toLowerCase().email('Please enter a valid email address').max(254),
});
export type FatwahStatusQuery = z.input<typeof fatwahStatusQuerySchema>;
/** What the asker may learn, and nothing more: received, answered (not yet published), or published with its id. */
export const FATWAH_ASKER_STATUSES = ['received', 'answered', 'published'] as const;
export const fatwahAskerStatusSchema = z.object({
  status: z.enum(FATWAH_ASKER_STATUSES),
  reference: z.string(),
  /** Only once published: the fatwah's id, for its public page. */
  fatwahId: idSchema.optional(),
});
export type FatwahAskerStatus = z.infer<typeof fatwahAskerStatusSchema>;

/**
 * A reference as stored (`Q-2026-00031`) from what a person types: with or without the `Q-`, the dashes or the
 * zeros. Undefined when the text is not a reference.
 */
export function normalizeFatwahReference(text: string): string | undefined {
  const match = /^\s*(?:q\s*[-‐–]?\s*)?(\d{4})\s*[-‐–/ ]\s*0*(\d{1,9})\s*$/iu.exec(text);
  if (!match) return undefined;
  return `Q-${match[1]}-${match[2]!.padStart(5, '0')}`;
}
