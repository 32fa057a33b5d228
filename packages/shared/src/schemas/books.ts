import { z } from 'zod';
import { idSchema, isoDateTime } from './common';

export const bookSchema = z.object({
  _id: idSchema,
  name: z.string(),
  description: z.string(),
  author: z.string(),
  /** Rupees with at most 2 decimals. */
  price: z.number(),
  images: z.array(z.string()),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Book = z.infer<typeof bookSchema>;

/** The orders of the book list: newest first, price low to high, price high to low, name A to Z. */
export const BOOK_SORTS = ['newest', 'price-asc', 'price-desc', 'name'] as const;
export type BookSort = (typeof BOOK_SORTS)[number];

/**
 * `GET /books?search=&sort=`. Without a search every book is listed; a search matches each of its words in the
 * name or the author, ignoring case. Without a sort the list is oldest first.
 */
export const booksQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  sort: z.enum(BOOK_SORTS).optional(),
});
export type BooksQuery = z.infer<typeof booksQuerySchema>;

/** The sentences of the book screens and calls (spec §5 and §8). */
export const BOOK_MESSAGES = {
  createRequired: 'All fields including at least one image are required',
  updateRequired: 'Name, description, author and price are required',
  priceInvalid: 'Price must be a number',
  priceNegative: 'Price cannot be negative',
  pricePrecision: 'Price can have at most 2 decimal places',
  priceTooHigh: 'Price cannot be more than ₹1,00,00,000',
  nameTooLong: 'Name must be at most 200 characters long',
  authorTooLong: 'Author must be at most 200 characters long',
  descriptionTooLong: 'Description must be at most 10000 characters long',
  tooManyImages: 'A book can have at most 10 images',
  imageTooLarge: 'Each image must be at most 5 MB',
  imageType: 'Images must be JPEG, PNG, WebP or GIF files',
  imageCorrupt: 'An image could not be read. It may be damaged or incomplete.',
  imageTooManyPixels: 'An image has too many pixels (at most 40 megapixels)',
  notFound: 'Book not found',
  added: 'Book added successfully',
  updated: 'Book updated successfully',
  deleted: 'Book deleted successfully',
} as const;

export const BOOK_PRICE_MAX = 10_000_000;
export const BOOK_TEXT_LIMITS = { name: 200, author: 200, description: 10_000 } as const;

const PRICE_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** True when rupees have at most 2 decimals (tolerating binary floating point: 0.07 × 100 is 7.000000000000001). */
export function hasAtMostTwoDecimals(rupees: number): boolean {
  const paise = rupees * 100;
  return Math.abs(paise - Math.round(paise)) < 1e-6;
}

/**
 * A price in rupees: a number, or a numeric string (multipart forms send text). At least 0, at most 2 decimals.
 */
export function bookPriceSchema(requiredMessage: string) {
  return z.union([z.number(), z.string()], { error: requiredMessage }).transform((value, ctx) => {
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    };
    let rupees: number;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text === '') return fail(requiredMessage);
      if (!PRICE_TEXT.test(text)) return fail(BOOK_MESSAGES.priceInvalid);
      rupees = Number(text);
    } else rupees = value;
    if (!Number.isFinite(rupees)) return fail(BOOK_MESSAGES.priceInvalid);
    if (rupees < 0) return fail(BOOK_MESSAGES.priceNegative);
    if (!hasAtMostTwoDecimals(rupees)) return fail(BOOK_MESSAGES.pricePrecision);
    if (rupees > BOOK_PRICE_MAX) return fail(BOOK_MESSAGES.priceTooHigh);
    return Math.round(rupees * 100) / 100;
  });
}

const text = (requiredMessage: string, max: number, tooLong: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, tooLong);

function bookFieldsSchema(requiredMessage: string) {
  return z.object(
    {
      name: text(requiredMessage, BOOK_TEXT_LIMITS.name, BOOK_MESSAGES.nameTooLong),
      description: text(requiredMessage, BOOK_TEXT_LIMITS.description, BOOK_MESSAGES.descriptionTooLong),
      author: text(requiredMessage, BOOK_TEXT_LIMITS.author, BOOK_MESSAGES.authorTooLong),
      price: bookPriceSchema(requiredMessage),
    },
    { error: requiredMessage },
  );
}

/**
 * `POST /books` (multipart/form-data): the text fields. The images travel as file parts named `images`; the
 * server checks them after the fields. The add-book form validates its fields with this schema too.
 */
export const createBookFieldsSchema = bookFieldsSchema(BOOK_MESSAGES.createRequired);
export type CreateBookFields = z.output<typeof createBookFieldsSchema>;

/** The `POST /books` body as documented: the fields plus the image files. */
export const createBookBodySchema = createBookFieldsSchema.extend({
  images: z
    .array(z.string().meta({ format: 'binary' }))
    .optional()
    .describe('One to 10 image files (JPEG, PNG, WebP or GIF; 5 MB and 40 megapixels each)'),
});

/** `PUT /books/{id}` (JSON). */
export const updateBookBodySchema = bookFieldsSchema(BOOK_MESSAGES.updateRequired);
export type UpdateBookBody = z.input<typeof updateBookBodySchema>;
