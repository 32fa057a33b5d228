import { z } from 'zod';
import { CONTENT_LANGUAGES, PAGE_MAX } from '../constants';
import { IDEMPOTENCY_MESSAGES } from '../messages';

/** Every failure the API sends: a sentence for the person, a code for the program. */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  details: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('Field errors of a 400 answer'),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** `{success: true, data, message?}` around a data schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

export const idSchema = z.string().uuid('Invalid id');

/** The language a fatwah or an article is written in (`en`, `ur`, `bn`, `ar`). */
export const contentLanguageSchema = z.enum(CONTENT_LANGUAGES, {
  error: `Language must be one of: ${CONTENT_LANGUAGES.join(', ')}`,
});

/** How many published items each language has (of the list's filter), so that a list can name the others. */
export const languageCountsSchema = z.partialRecord(contentLanguageSchema, z.number().int());
export type LanguageCounts = z.infer<typeof languageCountsSchema>;

/**
 * The item a fatwah or an article translates (docs/decisions/041): its id, or null for none. Left out on an edit,
 * the link stays as it is.
 */
export const translationOfSchema = z
  .string()
  .uuid('Translation of: give the id of the item this one translates')
  .nullable()
  .optional();

/** A published translation of a fatwah or an article as its page links it: its id, language and `heading`. */
export const translationLinkSchema = <Heading extends z.ZodRawShape>(heading: Heading) =>
  z.object({ _id: idSchema, language: contentLanguageSchema, ...heading });

/**
 * The fields by which a fatwah or an article stands in its translation group (docs/decisions/041): the language it
 * is written in, the item it translates (or null) and, only on a read of one item, the other published items of
 * its group as `translation` links them.
 */
export const translationGroupFields = <Link extends z.ZodType>(translation: Link) => ({
  language: contentLanguageSchema,
  translationOf: idSchema.nullable(),
  translations: z.array(translation).optional(),
});

export const idParamsSchema = z.object({ id: idSchema });

/** `?page=` as sent by the browser: a whole number from 1, default 1. */
export const pageQuerySchema = z.coerce.number().int().min(1).max(PAGE_MAX).default(1);

/** ISO 8601 timestamp. */
export const isoDateTime = z.string().describe('ISO 8601 timestamp');

/** A service the site shares with its other instances, as this instance last saw it. */
const serviceStateSchema = z.enum(['up', 'down']);

/**
 * Liveness: the process serves and its database answers. `services` reports what the instances share — Redis
 * when configured, the uploads store — as up or down; a shared service that is down never makes this answer fail.
 */
export const healthSchema = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  services: z.object({ redis: serviceStateSchema.optional(), uploads: serviceStateSchema }),
});

/** What readiness asks: this instance's own database. */
const readinessPartsSchema = z.object({ database: z.enum(['ok', 'failed']).optional() });
export const readinessSchema = z.object({ success: z.literal(true), data: readinessPartsSchema });
/** 503: this instance cannot serve: its database did not answer (`data.database`), or it is stopping (`data` empty). */
export const readinessFailureSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.literal('NOT_READY'),
  data: readinessPartsSchema,
});

/**
 * The `Idempotency-Key` header of a create a person may send again (docs/decisions/039): one key per submission of
 * a form, the same again on a retry of it.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES.keyInvalid)
    .optional()
    .describe(
      'Names one attempt: sent again with the same body, the first answer is replayed (Idempotent-Replayed: true) ' +
        'and nothing is made twice; with another body, 422 IDEMPOTENCY_KEY_REUSED',
    ),
});
