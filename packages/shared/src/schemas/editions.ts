import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '../constants';
import { BOOK_LANGUAGES, EDITION_MESSAGES, isBookLanguage, type BookLanguage } from '../editions';

/** A language as a request names it: any case, trimmed; one of BOOK_LANGUAGES. */
export const bookLanguageSchema = z
  .string({ error: EDITION_MESSAGES.unknownLanguage })
  .trim()
  .toLowerCase()
  .refine(isBookLanguage, EDITION_MESSAGES.unknownLanguage);

/** The language of a line that names none: English, the default of `selectedLanguage` (docs/product.md, "Data"). */
export const lineLanguageSchema = bookLanguageSchema.default(DEFAULT_LANGUAGE as BookLanguage);

/**
 * One edition of a book as the book answers give it: its language, its copies in stock (null: not tracked) and its
 * price in rupees (the book's own price unless the owner set one for the edition).
 */
export const bookEditionSchema = z.object({
  language: z.enum(BOOK_LANGUAGES),
  stock: z.number().int().nullable(),
  price: z.number(),
  /** True when the owner set a price for this edition (otherwise it follows the book's price). */
  ownPrice: z.boolean(),
});
export type BookEdition = z.infer<typeof bookEditionSchema>;
