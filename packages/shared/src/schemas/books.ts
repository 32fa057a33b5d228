import { z } from 'zod';
import { BOOK_SORTS, MAX_BOOKS_PAGE_SIZE, PAGE_MAX } from '../constants';
import { STOCK_MAX, STOCK_MESSAGES } from '../messages';
import { BOOK_IMAGE_LIMITS } from './book-images';
import { idSchema, isoDateTime } from './common';
import { EDITION_MESSAGES, MAX_BOOK_EDITIONS } from '../editions';
import { bookEditionSchema, bookLanguageSchema } from './editions';
import { bookDetailsInputShape, bookDetailsSchema } from './book-details';

/**
 * A book's name, author and description in the site's other languages (docs/decisions/078). A field left empty
 * (or a language left out) shows the English one, marked as English.
 */
export const BOOK_TRANSLATION_LANGUAGES = ['ur', 'bn'] as const;
export type BookTranslationLanguage = (typeof BOOK_TRANSLATION_LANGUAGES)[number];
const bookTextInLanguageSchema = z.object({
  name: z.string().trim().max(200, 'Name must be at most 200 characters long').default(''),
  author: z.string().trim().max(200, 'Author must be at most 200 characters long').default(''),
  description: z.string().trim().max(10_000, 'Description must be at most 10000 characters long').default(''),
});
export type BookTextInLanguage = z.infer<typeof bookTextInLanguageSchema>;
export const bookTranslationsSchema = z.object({
  ur: bookTextInLanguageSchema.optional(),
  bn: bookTextInLanguageSchema.optional(),
});
export type BookTranslations = z.infer<typeof bookTranslationsSchema>;

export const bookSchema = z.object({
  _id: idSchema,
  name: z.string(),
  description: z.string(),
  author: z.string(),
  /** Rupees with at most 2 decimals. */
  price: z.number(),
  images: z.array(z.string()),
  /**
   * Copies in stock across its editions; null when an edition's stock is not tracked (it never runs out). 0 is
   * "Out of stock": no edition can be bought.
   */
  stock: z.number().int().nullable(),
  /** The languages it is printed in, each with its stock and price; the first is the one offered first. */
  editions: z.array(bookEditionSchema),
  /** Its name, author and description in Urdu and Bengali, where given (the server always sends them). */
  translations: bookTranslationsSchema.optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /** Product details (pages, binding, ISBN, publisher); null when not given. */
  ...bookDetailsSchema.shape,
});
export type Book = z.infer<typeof bookSchema>;

/** The sentences of the book screens and calls (docs/product.md, "Validation" and "Messages"). */
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
  imagesRequired: 'A book needs at least one image',
  imageRepeated: 'Each image can appear only once',
  imageUnknown: "An image in the list is not one of this book's images",
  imageUploadUnplaced: 'Each new image must have exactly one place in the list',
  imageOrderInvalid: 'The list of images could not be read',
  imagesChanged: 'The images of this book were changed meanwhile. Reload the book and try again.',
  imageTooLarge: 'Each image must be at most 5 MB',
  imageType: 'Images must be JPEG, PNG, WebP or GIF files',
  imageCorrupt: 'An image could not be read. It may be damaged or incomplete.',
  imageTooManyPixels: 'An image has too many pixels (at most 40 megapixels)',
  notFound: 'Book not found',
  added: 'Book added successfully',
  updated: 'Book updated successfully',
  deleted: 'Book deleted successfully',
  pageInvalid: 'Page must be a whole number from 1',
  limitInvalid: `Limit must be a whole number from 1 to ${MAX_BOOKS_PAGE_SIZE}`,
} as const;

/** A whole number from `min` to `max` in a query (text), refused with `message` whatever is wrong with it. */
const wholeNumberQuery = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * `GET /books?search=&sort=&page=&limit=`. Without a search every book is listed; a search matches each of its
 * words in the name or the author, ignoring case. Without a sort the list is newest first (as `sort=newest`).
 * Without `page` the answer is every book; with it, that page of `limit` books (24 unless given) and its
 * `pagination`. `limit` is read only with `page`.
 */
export const booksQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  sort: z.enum(BOOK_SORTS).optional(),
  page: wholeNumberQuery(1, PAGE_MAX, BOOK_MESSAGES.pageInvalid).optional(),
  limit: wholeNumberQuery(1, MAX_BOOKS_PAGE_SIZE, BOOK_MESSAGES.limitInvalid).optional(),
});
export type BooksQuery = z.infer<typeof booksQuerySchema>;

/** Where a page of books is in the whole list. */
export const bookPaginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  limit: z.number().int(),
});
export type BookPagination = z.infer<typeof bookPaginationSchema>;

/** `GET /books?page=`: one page of the books and where it is. */
export const bookPageSchema = z.object({
  success: z.literal(true),
  data: z.array(bookSchema),
  pagination: bookPaginationSchema,
});
export type BookPage = z.infer<typeof bookPageSchema>;

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

const STOCK_TEXT = /^[+-]?\d+$/;

/**
 * Copies in stock: a whole number from 0, or empty (`''` or null) for "not tracked" (null). A number or numeric
 * text (multipart forms send text). Left out, it is undefined: a new book is then not tracked and an edit keeps
 * the stock as it is.
 */
export const bookStockSchema = z
  .union([z.number(), z.string(), z.null()], { error: STOCK_MESSAGES.invalid })
  .optional()
  .transform((value, ctx): number | null | undefined => {
    if (value === undefined) return undefined;
    if (value === null) return null;
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    };
    let copies: number;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text === '') return null;
      if (!STOCK_TEXT.test(text)) return fail(STOCK_MESSAGES.invalid);
      copies = Number(text);
    } else copies = value;
    if (!Number.isInteger(copies)) return fail(STOCK_MESSAGES.invalid);
    if (copies < 0) return fail(STOCK_MESSAGES.negative);
    if (copies > STOCK_MAX) return fail(STOCK_MESSAGES.tooHigh);
    return copies;
  });

/** A multipart form sends the list as JSON text; a JSON body sends it as a list. */
function listFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** An edition's own price: empty (or left out) when it follows the book's price (null). */
const editionPriceSchema = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
  bookPriceSchema(BOOK_MESSAGES.priceInvalid).optional(),
);

/**
 * The editions of a book as the book screens send them (JSON text in a multipart form): each language once, with
 * its stock (empty: not tracked) and its own price (empty: the book's). Left out, a new book has one English
 * edition with the book's `stock`, and an edit keeps the editions as they are.
 */
export const bookEditionsInputSchema = z.preprocess(
  listFromText,
  z
    .array(
      z.object({
        language: bookLanguageSchema,
        stock: bookStockSchema.transform((stock) => stock ?? null),
        price: editionPriceSchema.transform((price) => price ?? null),
      }),
      { error: EDITION_MESSAGES.invalid },
    )
    .min(1, EDITION_MESSAGES.required)
    .max(MAX_BOOK_EDITIONS, EDITION_MESSAGES.repeated)
    .refine(
      (list) => new Set(list.map((edition) => edition.language)).size === list.length,
      EDITION_MESSAGES.repeated,
    ),
);
export type BookEditionsInput = z.output<typeof bookEditionsInputSchema>;

const text = (requiredMessage: string, max: number, tooLong: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, tooLong);

function bookFieldsSchema(requiredMessage: string) {
  return z.object(
    {
      name: text(requiredMessage, BOOK_TEXT_LIMITS.name, BOOK_MESSAGES.nameTooLong),
      description: text(requiredMessage, BOOK_TEXT_LIMITS.description, BOOK_MESSAGES.descriptionTooLong),
      author: text(requiredMessage, BOOK_TEXT_LIMITS.author, BOOK_MESSAGES.authorTooLong),
      price: bookPriceSchema(requiredMessage),
      stock: bookStockSchema,
      editions: bookEditionsInputSchema.optional(),
      /** JSON text in a multipart form; left out, an edit keeps them as they are. */
      translations: z.preprocess(listFromText, bookTranslationsSchema).optional(),
      ...bookDetailsInputShape,
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

/** An entry of a book's image list in `PUT /books/{id}/images` that stands for the n-th uploaded file. */
export const NEW_BOOK_IMAGE = /^new:(\d{1,2})$/;
/** The entry of the n-th (from 0) file sent with `PUT /books/{id}/images`. */
export const newBookImageEntry = (index: number) => `new:${index}`;

/**
 * A book's images in their new order, the first being the cover: each entry is one of the book's current images
 * (its path, as `GET /books/{id}` gives it) or `new:<n>`, the n-th image file sent with the request (from 0).
 * Leaving an image out removes it. One to 10 entries, none twice.
 */
export const bookImageOrderSchema = z.preprocess(
  listFromText,
  z
    .array(z.string({ error: BOOK_MESSAGES.imageOrderInvalid }).trim().min(1).max(2000), {
      error: BOOK_MESSAGES.imageOrderInvalid,
    })
    .min(1, BOOK_MESSAGES.imagesRequired)
    .max(BOOK_IMAGE_LIMITS.maxFiles, BOOK_MESSAGES.tooManyImages)
    .refine((list) => new Set(list).size === list.length, BOOK_MESSAGES.imageRepeated),
);

/**
 * `PUT /books/{id}/images`: multipart/form-data with `order` (the list above, as JSON text) and the new files as
 * parts named `images`; or JSON `{order: [...]}` when no file is added.
 */
export const updateBookImagesBodySchema = z.object(
  {
    order: bookImageOrderSchema.describe(
      'The images in their new order (the first is the cover): current image paths and `new:<n>` for the ' +
        'n-th file sent; JSON text in a multipart form',
    ),
    images: z
      .array(z.string().meta({ format: 'binary' }))
      .optional()
      .describe('The new image files (JPEG, PNG, WebP or GIF; 5 MB and 40 megapixels each)'),
  },
  { error: BOOK_MESSAGES.imagesRequired },
);
export type UpdateBookImagesBody = z.output<typeof updateBookImagesBodySchema>;
