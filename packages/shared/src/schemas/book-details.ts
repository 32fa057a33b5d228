import { z } from 'zod';
import { bookLanguageSchema } from './editions';
import { emailSchema } from './auth';
import { BOOK_BINDINGS } from '../constants';

/**
 * A book's product details (pages, binding, ISBN, publisher), shown on the book page, and the "Notify me when it is
 * back" ask of an edition out of stock (docs/decisions/056).
 */

export const BOOK_PAGES_MAX = 20_000;
export const BOOK_PUBLISHER_MAX = 200;

export const BOOK_DETAIL_MESSAGES = {
  isbnFormat: 'ISBN must have 10 digits (the last may be X) or 13 digits; hyphens and spaces are allowed',
  isbnChecksum: 'This ISBN is not valid: its check digit does not match. Check it for a typing mistake.',
  pagesInvalid: `Pages must be a whole number from 1 to ${BOOK_PAGES_MAX}`,
  bindingInvalid: `Binding must be one of: ${BOOK_BINDINGS.join(', ')}`,
  publisherTooLong: `Publisher must be at most ${BOOK_PUBLISHER_MAX} characters long`,
} as const;

export const STOCK_NOTIFICATION_MESSAGES = {
  saved: 'We will email you when this book is back in stock',
  inStock: 'This edition is in stock: you can order it now',
  notOffered: 'This book is not offered in that language',
  rateLimited: 'Too many requests. Please try again later.',
} as const;

/** An ISBN as typed, without its hyphens and spaces, X upper case: `978-0-306-40615-7` → `9780306406157`. */
export const compactIsbn = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

/** Whether a compact ISBN-10 (nine digits and a digit or X) has the right check digit: Σ (10 − i)·dᵢ ≡ 0 mod 11. */
export function isValidIsbn10(isbn: string): boolean {
  if (!/^\d{9}[\dX]$/.test(isbn)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const digit = isbn[i] === 'X' ? 10 : Number(isbn[i]);
    sum += (10 - i) * digit;
  }
  return sum % 11 === 0;
}

/** Whether a compact ISBN-13 (13 digits) has the right check digit: weights 1 and 3 alternating, Σ ≡ 0 mod 10. */
export function isValidIsbn13(isbn: string): boolean {
  if (!/^\d{13}$/.test(isbn)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i += 1) sum += Number(isbn[i]) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

/** Empty text (or null) is "no value" (null); left out stays undefined (an edit keeps what the book has). */
const emptyIsNull = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** An ISBN-10 or ISBN-13 with its check digit right, kept compact; empty: none. */
export const isbnSchema = z.preprocess(
  emptyIsNull,
  z
    .string({ error: BOOK_DETAIL_MESSAGES.isbnFormat })
    .transform(compactIsbn)
    .superRefine((isbn, ctx) => {
      if (!/^(\d{9}[\dX]|\d{13})$/.test(isbn)) {
        ctx.addIssue({ code: 'custom', message: BOOK_DETAIL_MESSAGES.isbnFormat });
      } else if (!(isbn.length === 10 ? isValidIsbn10(isbn) : isValidIsbn13(isbn))) {
        ctx.addIssue({ code: 'custom', message: BOOK_DETAIL_MESSAGES.isbnChecksum });
      }
    })
    .nullable()
    .optional(),
);

/** Pages: a whole number (or its text, from a multipart form) from 1; empty: not given. */
export const bookPagesSchema = z.preprocess(
  emptyIsNull,
  z.coerce
    .number({ error: BOOK_DETAIL_MESSAGES.pagesInvalid })
    .int(BOOK_DETAIL_MESSAGES.pagesInvalid)
    .min(1, BOOK_DETAIL_MESSAGES.pagesInvalid)
    .max(BOOK_PAGES_MAX, BOOK_DETAIL_MESSAGES.pagesInvalid)
    .nullable()
    .optional(),
);

export const bookBindingSchema = z.preprocess(
  emptyIsNull,
  z.enum(BOOK_BINDINGS, { error: BOOK_DETAIL_MESSAGES.bindingInvalid }).nullable().optional(),
);

export const bookPublisherSchema = z.preprocess(
  emptyIsNull,
  z.string().trim().max(BOOK_PUBLISHER_MAX, BOOK_DETAIL_MESSAGES.publisherTooLong).nullable().optional(),
);

/**
 * The product details a create or an edit may send. Each left out keeps what the book has (a new book: none);
 * empty or null clears it.
 */
export const bookDetailsInputShape = {
  pages: bookPagesSchema,
  binding: bookBindingSchema,
  isbn: isbnSchema,
  publisher: bookPublisherSchema,
};

/** The product details as the answers give them: null when not given. */
export const bookDetailsSchema = z.object({
  pages: z.number().int().nullable().optional(),
  /** One of `BOOK_BINDINGS`. */
  binding: z.string().nullable().optional(),
  /** Compact: digits only (an ISBN-10 may end in X). */
  isbn: z.string().nullable().optional(),
  publisher: z.string().nullable().optional(),
});
export type BookDetails = z.infer<typeof bookDetailsSchema>;

/** `POST /books/{id}/notify`: mail this address once the edition in `language` is back in stock. */
export const stockNotificationBodySchema = z.object({
  email: emailSchema,
  language: bookLanguageSchema,
});
export type StockNotificationBody = z.infer<typeof stockNotificationBodySchema>;
