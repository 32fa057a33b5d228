import {
  BOOK_IMAGE_LIMITS,
  BOOK_IMAGE_VARIANT_WIDTHS,
  BOOK_MESSAGES,
  type BookEdition,
  type BookEditionsInput,
  type BookLanguage,
  DEFAULT_LANGUAGE,
  EDITION_MESSAGES,
  editionOf,
  editionTitle,
  fromPaise,
  toPaise,
  type Book,
  type BookTranslations,
  type CreateBookFields,
  NEW_BOOK_IMAGE,
  PAGE_SIZES,
  type BookPage,
} from '@scholar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { BookRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { checkImage, type CheckedImage } from '../uploads/images';
import type { UploadStore } from '../uploads/object-store';
import { removeBookImages, storeBookImages } from '../uploads/storage';
import * as repo from './books.repository';

export interface BooksDeps {
  db: Db;
  /** DATA_DIR/uploads or the S3 bucket. */
  uploads: UploadStore;
  log: FastifyBaseLogger;
}

/** Validated fields of a create or an update: rupees with at most 2 decimals. */
export type BookFields = CreateBookFields;

/** An edition as the answers give it: its price is its own, or the book's. */
export function toEdition(row: repo.EditionValues, bookPricePaise: number): BookEdition {
  return {
    language: row.language,
    stock: row.stock,
    price: fromPaise(row.pricePaise ?? bookPricePaise),
    ownPrice: row.pricePaise !== null,
  };
}

export function toBook(row: BookRow, editions: readonly repo.EditionValues[]): Book {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    author: row.author,
    price: fromPaise(row.pricePaise),
    images: row.images,
    stock: row.stock,
    editions: editions.map((edition) => toEdition(edition, row.pricePaise)),
    translations: row.translations,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    pages: row.pages,
    binding: row.binding,
    isbn: row.isbn,
    publisher: row.publisher,
  };
}

/** The books with their editions (one query for all of them). */
async function withEditions(db: Db, rows: BookRow[]): Promise<Book[]> {
  const editions = await repo.editionsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toBook(row, editions.get(row.id) ?? []));
}

async function oneWithEditions(db: Db, row: BookRow): Promise<Book> {
  const [book] = await withEditions(db, [row]);
  return book!;
}

/** An edition as it is sold: its language, copies in stock (null: not tracked) and the price it sells at. */
export interface SaleEdition {
  language: BookLanguage;
  stock: number | null;
  pricePaise: number;
  /** True when the owner set this edition's price (otherwise it is the book's). */
  ownPrice: boolean;
}

/** A book as the cart and the checkout sell it, with its editions. */
export interface SaleBook {
  id: string;
  name: string;
  author: string;
  description: string;
  pricePaise: number;
  images: string[];
  /** Across its editions (null: one is not tracked). */
  stock: number | null;
  editions: SaleEdition[];
  /** Its name, author and description in Urdu and Bengali, which those pages show (docs/decisions/078). */
  translations: BookTranslations;
}

/** The books with these ids (any case) as they are sold, by id; those that no longer exist are left out. */
export async function booksForSale(db: Db, ids: readonly string[]): Promise<Map<string, SaleBook>> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const rows = await repo.findBooks(db, unique);
  const editions = await repo.editionsOf(
    db,
    rows.map((row) => row.id),
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        author: row.author,
        description: row.description,
        pricePaise: row.pricePaise,
        images: row.images,
        stock: row.stock,
        translations: row.translations,
        editions: (editions.get(row.id) ?? []).map((edition) => ({
          language: edition.language,
          stock: edition.stock,
          pricePaise: edition.pricePaise ?? row.pricePaise,
          ownPrice: edition.pricePaise !== null,
        })),
      },
    ]),
  );
}

/**
 * The edition of a book a line names (English unless named), with the title its messages use: "Forty Hadith", or
 * "Forty Hadith (Bengali)" when the book has several editions. Undefined when the book is not offered in it.
 */
export function saleEditionOf(
  book: SaleBook,
  language: string | undefined,
): (SaleEdition & { title: string }) | undefined {
  const edition = editionOf(book.editions, language);
  if (!edition) return undefined;
  return { ...edition, title: editionTitle(book.name, edition.language, book.editions.length) };
}

/** A line names an edition the book is not offered in: a 400, with the field when the request has one. */
export const editionNotOffered = (field?: string) =>
  badRequest(
    EDITION_MESSAGES.notOffered,
    'EDITION_NOT_OFFERED',
    field ? [{ path: field, message: EDITION_MESSAGES.notOffered }] : undefined,
  );

const bookNotFound = () => notFound(BOOK_MESSAGES.notFound, 'BOOK_NOT_FOUND');

const toValues = (fields: BookFields): repo.BookValues => {
  const values: repo.BookValues = {
    name: fields.name,
    description: fields.description,
    author: fields.author,
    pricePaise: toPaise(fields.price),
  };
  // A detail left out keeps what the book has; null clears it.
  for (const key of ['pages', 'binding', 'isbn', 'publisher', 'translations'] as const) {
    if (fields[key] !== undefined) Object.assign(values, { [key]: fields[key] });
  }
  return values;
};

const toEditionValues = (editions: BookEditionsInput): repo.EditionValues[] =>
  editions.map((edition) => ({
    language: edition.language,
    stock: edition.stock,
    pricePaise: edition.price === null ? null : toPaise(edition.price),
  }));

const severalEditions = () => {
  const message = 'This book has editions in several languages: set the stock of each edition';
  return badRequest(message, 'VALIDATION_ERROR', [{ path: 'body.stock', message }]);
};

/**
 * Writes the editions of a book being created or edited (its row locked by the caller's write): the list when
 * given; otherwise a new book gets one English edition with `stock` (not tracked when left out), and an edit that
 * sets `stock` sets it on the book's only edition.
 */
async function writeEditions(db: Db, bookId: string, fields: BookFields, isNew: boolean): Promise<void> {
  if (fields.editions) return repo.replaceEditions(db, bookId, toEditionValues(fields.editions));
  if (isNew) {
    return repo.replaceEditions(db, bookId, [
      { language: DEFAULT_LANGUAGE, stock: fields.stock ?? null, pricePaise: null },
    ]);
  }
  if (fields.stock !== undefined && !(await repo.setOnlyEditionStock(db, bookId, fields.stock))) {
    throw severalEditions();
  }
}

export async function getBooks(db: Db, filter: repo.BookListFilter = {}): Promise<Book[]> {
  return withEditions(db, await repo.listBooks(db, filter));
}

/** Page `page` of the list `getBooks` gives for the filter, `limit` books a page (24 unless given). */
export async function getBookPage(
  db: Db,
  { page, limit = PAGE_SIZES.publicBooks, ...filter }: repo.BookListFilter & { page: number; limit?: number },
): Promise<Omit<BookPage, 'success'>> {
  const { rows, total } = await repo.listBookPage(db, { ...filter, page, limit });
  return {
    data: await withEditions(db, rows),
    pagination: { currentPage: page, totalPages: Math.ceil(total / limit), totalItems: total, limit },
  };
}

export async function getBook(db: Db, id: string): Promise<Book> {
  const row = await repo.findBook(db, id);
  if (!row) throw bookNotFound();
  return oneWithEditions(db, row);
}

/**
 * A new book, first half: its uploaded files. Every image is checked and its variants made in memory first; only
 * then are files written. Their paths go to `insertNewBook`; the caller removes them again (`removeBookImages`)
 * if the insert fails or is not needed, so a refused or failed upload leaves no file behind.
 */
export async function storeNewBookImages(
  deps: Pick<BooksDeps, 'uploads'>,
  files: Buffer[],
): Promise<string[]> {
  if (files.length === 0) {
    throw badRequest(BOOK_MESSAGES.createRequired, 'VALIDATION_ERROR', [
      { path: 'body.images', message: BOOK_MESSAGES.createRequired },
    ]);
  }
  if (files.length > BOOK_IMAGE_LIMITS.maxFiles)
    throw badRequest(BOOK_MESSAGES.tooManyImages, 'TOO_MANY_IMAGES');
  const checked: CheckedImage[] = [];
  // One at a time: each decode may take up to 40 megapixels of memory.
  for (const file of files) checked.push(await checkImage(file, BOOK_IMAGE_VARIANT_WIDTHS));
  return storeBookImages(deps.uploads, checked);
}

/** Writes a new book's row with its stored images and its editions (in the caller's transaction). */
export async function insertNewBook(db: Db, fields: BookFields, images: string[]): Promise<Book> {
  return db.transaction(async (tx) => {
    const row = await repo.insertBook(tx, { ...toValues(fields), images });
    await writeEditions(tx, row.id, fields, true);
    return oneWithEditions(tx, (await repo.findBook(tx, row.id))!);
  });
}

/** The book's fields and, when sent, its editions or its only edition's stock: all or nothing. */
export async function updateBook(db: Db, id: string, fields: BookFields): Promise<Book> {
  return db.transaction(async (tx) => {
    // The row is locked by this update before the editions are written, as the order path locks it first.
    const row = await repo.updateBook(tx, id, toValues(fields));
    if (!row) throw bookNotFound();
    await writeEditions(tx, id, fields, false);
    return oneWithEditions(tx, (await repo.findBook(tx, id))!);
  });
}

const orderRefused = (message: string, code = 'VALIDATION_ERROR') =>
  badRequest(message, code, [{ path: 'body.order', message }]);

/**
 * Sets a book's images from `order` (validated by `bookImageOrderSchema`): its current images it keeps, in the new
 * order, and `new:<n>` entries for the uploaded `files`, each of which must have exactly one place. New files are
 * checked and stored before the row changes and removed again if it does not; images left out are removed from
 * disk afterwards, unless an order or a checkout shows the book (its snapshot may show them).
 */
export async function updateBookImages(
  deps: BooksDeps,
  id: string,
  order: readonly string[],
  files: Buffer[],
): Promise<Book> {
  const row = await repo.findBook(deps.db, id);
  if (!row) throw bookNotFound();
  if (files.length > BOOK_IMAGE_LIMITS.maxFiles)
    throw badRequest(BOOK_MESSAGES.tooManyImages, 'TOO_MANY_IMAGES');
  const placed = new Set<number>();
  for (const entry of order) {
    const upload = NEW_BOOK_IMAGE.exec(entry);
    if (upload) {
      const index = Number(upload[1]);
      if (index >= files.length) throw orderRefused(BOOK_MESSAGES.imageUploadUnplaced);
      placed.add(index);
    } else if (!row.images.includes(entry)) throw orderRefused(BOOK_MESSAGES.imageUnknown);
  }
  if (placed.size !== files.length) throw orderRefused(BOOK_MESSAGES.imageUploadUnplaced);

  const checked: CheckedImage[] = [];
  for (const file of files) checked.push(await checkImage(file, BOOK_IMAGE_VARIANT_WIDTHS));
  const stored = await storeBookImages(deps.uploads, checked);
  const images = order.map((entry) => {
    const upload = NEW_BOOK_IMAGE.exec(entry);
    return upload ? stored[Number(upload[1])]! : entry;
  });
  let updated: BookRow | undefined;
  try {
    updated = await repo.replaceBookImages(deps.db, id, row.images, images);
  } catch (error) {
    await removeBookImages(deps.uploads, stored);
    throw error;
  }
  if (!updated) {
    await removeBookImages(deps.uploads, stored);
    if (!(await repo.findBook(deps.db, id))) throw bookNotFound();
    throw conflict(BOOK_MESSAGES.imagesChanged, 'BOOK_IMAGES_CHANGED');
  }
  const dropped = row.images.filter((image) => !images.includes(image));
  if (dropped.length > 0 && !(await repo.isBookInOrders(deps.db, id))) {
    await removeBookImages(deps.uploads, dropped).catch((error: unknown) =>
      deps.log.warn({ err: error, bookId: id }, 'could not remove the dropped images of a book'),
    );
  }
  return oneWithEditions(deps.db, updated);
}

/**
 * Deletes a book. Carts lose it, orders keep their snapshot. Its uploaded images are removed too, unless an order
 * or a checkout in progress shows them.
 */
export async function deleteBook(deps: BooksDeps, id: string): Promise<Book> {
  const keepImages = await repo.isBookInOrders(deps.db, id);
  const editions = (await repo.editionsOf(deps.db, [id])).get(id) ?? [];
  const row = await repo.deleteBook(deps.db, id);
  if (!row) throw bookNotFound();
  if (!keepImages) {
    await removeBookImages(deps.uploads, row.images).catch((error: unknown) =>
      deps.log.warn({ err: error, bookId: id }, 'could not remove the images of a deleted book'),
    );
  }
  return toBook(row, editions);
}
