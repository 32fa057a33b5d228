import { z } from 'zod';
import { idSchema, isoDateTime } from './common';

/** The longest word of a set, and the most words a set may hold. */
export const SYNONYM_WORD_MAX = 40;
export const SYNONYM_SET_MAX = 40;

/**
 * One set of words readers use for the same thing, in other spellings, scripts and languages (ablution, wudu, wazu,
 * وضو, অজু): a search for any of them finds what the others find (docs/decisions/077). Words are single words; the
 * desk writes them one per line or separated by commas. Duplicates are dropped, as typed.
 */
export const synonymSetBodySchema = z.object({
  words: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A word cannot be empty')
        .max(SYNONYM_WORD_MAX, `A word has at most ${SYNONYM_WORD_MAX} letters`)
        .regex(/^[^\s,]+$/u, 'Give single words: one per line, or separated by commas'),
    )
    .max(SYNONYM_SET_MAX, `A set holds at most ${SYNONYM_SET_MAX} words`)
    .transform((words) => [...new Set(words)])
    .refine((words) => words.length >= 2, 'Give at least two different words'),
});
export type SynonymSetBody = z.input<typeof synonymSetBodySchema>;

export const synonymSetSchema = z.object({
  _id: idSchema,
  words: z.array(z.string()),
  updatedAt: isoDateTime,
});
export type SynonymSet = z.infer<typeof synonymSetSchema>;

/** Splits what the desk's box holds into words: lines, commas (Latin, Urdu ، and Arabic ,) and spaces. */
export function synonymWordsOf(text: string): string[] {
  return text
    .split(/[\s,،]+/u)
    .map((word) => word.trim())
    .filter(Boolean);
}
