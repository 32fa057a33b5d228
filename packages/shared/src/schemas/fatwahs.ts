import { z } from 'zod';
import { FATWAH_CATEGORIES, FATWAH_STATUSES, MAX_PAGE_SIZE, PAGE_SIZES } from '../constants';
import { FATWAH_MESSAGES } from '../messages';
import {
  contentLanguageSchema,
  idSchema,
  languageCountsSchema,
  isoDateTime,
  pageQuerySchema,
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
export const adminFatwahsQuerySchema = z.object({
  ...listQueryBase,
  status: z.union([fatwahStatusSchema, z.literal(''), z.literal('all')]).optional(),
});
export type AdminFatwahsQuery = z.input<typeof adminFatwahsQuerySchema>;

/** A published translation of a fatwah, as its page links it. */
export const fatwahTranslationSchema = z.object({
  _id: idSchema,
  language: contentLanguageSchema,
  question: z.string(),
});
export type FatwahTranslation = z.infer<typeof fatwahTranslationSchema>;

export const fatwahSchema = z.object({
  _id: idSchema,
  question: z.string(),
  /** The language of the question and answer. */
  language: contentLanguageSchema,
  /** The fatwah this one translates (docs/decisions/041), or null. */
  translationOf: idSchema.nullable(),
  /** Only on a read of one fatwah: the other published fatwahs of its translation group. */
  translations: z.array(fatwahTranslationSchema).optional(),
  answer: z.string().optional(),
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
  reference: z.string(),
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
