import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '../constants';
import { idSchema } from './common';

/** The most copies of one book a cart line (and an order) may hold. */
export const MAX_LINE_QUANTITY = 100;
export const MAX_LINE_QUANTITY_MESSAGE = `At most ${MAX_LINE_QUANTITY} copies of a book per order`;

const language = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[a-z -]+$/i, 'Unknown language')
  .transform((value) => value.toLowerCase())
  .default(DEFAULT_LANGUAGE);

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
});

export const removeFromCartBodySchema = z.object({ bookId: idSchema, userId: idSchema });

/** The guest cart moved to the server after login. */
export const mergeCartBodySchema = z.object({
  lines: z
    .array(
      z.object({
        bookId: idSchema,
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
        selectedLanguage: language.optional(),
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
  /** Copies in stock (null: not tracked), so that a line asking for more can say so before checkout. */
  stock: z.number().int().nullable().optional(),
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
