import { z } from 'zod';

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
export const idParamsSchema = z.object({ id: idSchema });

/** `?page=` as sent by the browser: a whole number from 1, default 1. */
export const pageQuerySchema = z.coerce.number().int().min(1).max(1_000_000).default(1);

/** ISO 8601 timestamp. */
export const isoDateTime = z.string().describe('ISO 8601 timestamp');

export const healthSchema = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/** Each part an instance depends on, when it is configured: did it answer the readiness check. */
const readinessPartsSchema = z.object({
  database: z.enum(['ok', 'failed']).optional(),
  redis: z.enum(['ok', 'failed']).optional(),
  uploads: z.enum(['ok', 'failed']).optional(),
});
export const readinessSchema = z.object({ success: z.literal(true), data: readinessPartsSchema });
/** 503: a part did not answer (named in `data`), or the instance is stopping (`data` empty). */
export const readinessFailureSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.literal('NOT_READY'),
  data: readinessPartsSchema,
});
