import { z } from 'zod';
import { bookTranslationsSchema } from './books';
import { idSchema } from './common';
import { MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_MESSAGE } from '../messages';
import { bookEditionSchema, bookLanguageSchema, lineLanguageSchema } from './editions';

/** The edition a line is for: English unless named (a book's lines are one per language). */
const language = lineLanguageSchema;

export const addToCartBodySchema = z.object({
  bookId: idSchema,
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_MESSAGE),
  userId: idSchema,
  selectedLanguage: language,
});

/** Setting a quantity to 0 removes the line. */
export const updateCartBodySchema = z.object({
  bookId: idSchema,
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity cannot be negative')
    .max(MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_MESSAGE),
  userId: idSchema,
  selectedLanguage: language,
});

export const removeFromCartBodySchema = z.object({
  bookId: idSchema,
  userId: idSchema,
  selectedLanguage: language,
});

/** The guest cart moved to the server after login. */
export const mergeCartBodySchema = z.object({
  lines: z
    .array(
      z.object({
        bookId: idSchema,
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
        selectedLanguage: bookLanguageSchema.optional(),
        /** The price the guest saw on this line; a later change is named on the line. */
        price: z.number().nonnegative().max(10_000_000).optional(),
      }),
    )
    .max(200),
});

/** The books of a guest cart, read afresh before any total is shown. */
export const cartPricesBodySchema = z.object({
  bookIds: z.array(idSchema).max(200, 'A cart holds at most 200 books'),
});

/** A book as a cart line needs it, at its current price. */
export const cartBookSchema = z.object({
  _id: idSchema,
  name: z.string(),
  author: z.string(),
  description: z.string(),
  price: z.number(),
  images: z.array(z.string()),
  /** Its name, author and description in Urdu and Bengali, which those pages show (docs/decisions/078). */
  translations: bookTranslationsSchema.optional(),
  /**
   * Copies in stock (null: not tracked), so that a line asking for more can say so before checkout: on a cart line
   * the stock of its edition, on a book of the prices call the stock across editions.
   */
  stock: z.number().int().nullable().optional(),
  /** The book's editions with their stock and price: a guest line reads its own edition's. */
  editions: z.array(bookEditionSchema).optional(),
});
export type CartBook = z.infer<typeof cartBookSchema>;

/**
 * A cart line: the book's fields (its id in `_id`) at its current price, the quantity and the language. A line
 * whose book is gone keeps the name and price it was added with.
 */
export const cartLineSchema = cartBookSchema.extend({
  quantity: z.number().int(),
  selectedLanguage: z.string(),
  /** False when the book has been removed from the shop: the line stays, named, until the customer removes it. */
  available: z.boolean(),
  /** The price the customer saw on this line, when the book's price has changed since. */
  previousPrice: z.number().optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;
