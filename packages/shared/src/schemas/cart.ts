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
      }),
    )
    .max(200),
});

/** A cart line: the book's fields (its id in `_id`), the quantity and the language. */
export const cartLineSchema = z.object({
  _id: idSchema,
  name: z.string(),
  author: z.string(),
  description: z.string(),
  price: z.number(),
  images: z.array(z.string()),
  quantity: z.number().int(),
  selectedLanguage: z.string(),
});
export type CartLine = z.infer<typeof cartLineSchema>;
