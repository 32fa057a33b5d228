import {
  BOOK_IMAGE_LIMITS,
  BOOK_IMAGE_VARIANT_WIDTHS,
  BOOK_MESSAGES,
  fromPaise,
  toPaise,
  type Book,
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

export function toBook(row: BookRow): Book {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    author: row.author,
    price: fromPaise(row.pricePaise),
    images: row.images,
    stock: row.stock,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const bookNotFound = () => notFound(BOOK_MESSAGES.notFound, 'BOOK_NOT_FOUND');

const toValues = (fields: BookFields): repo.BookValues => ({
  name: fields.name,
  description: fields.description,
  author: fields.author,
  pricePaise: toPaise(fields.price),
  // Left out of an edit, the stock stays as it is; left out of a new book, it is not tracked.
  ...(fields.stock !== undefined ? { stock: fields.stock } : {}),
});

export async function getBooks(db: Db, filter: repo.BookListFilter = {}): Promise<Book[]> {
  return (await repo.listBooks(db, filter)).map(toBook);
}

/** Page `page` of the list `getBooks` gives for the filter, `limit` books a page (24 unless given). */
export async function getBookPage(
  db: Db,
  { page, limit = PAGE_SIZES.publicBooks, ...filter }: repo.BookListFilter & { page: number; limit?: number },
): Promise<Omit<BookPage, 'success'>> {
  const { rows, total } = await repo.listBookPage(db, { ...filter, page, limit });
  return {
    data: rows.map(toBook),
    pagination: { currentPage: page, totalPages: Math.ceil(total / limit), totalItems: total, limit },
  };
}

export async function getBook(db: Db, id: string): Promise<Book> {
  const row = await repo.findBook(db, id);
  if (!row) throw bookNotFound();
  return toBook(row);
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

/** Writes a new book's row with its stored images (in the caller's transaction, if any). */
export async function insertNewBook(db: Db, fields: BookFields, images: string[]): Promise<Book> {
  return toBook(await repo.insertBook(db, { ...toValues(fields), images }));
}

export async function updateBook(db: Db, id: string, fields: BookFields): Promise<Book> {
  const row = await repo.updateBook(db, id, toValues(fields));
  if (!row) throw bookNotFound();
  return toBook(row);
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
  return toBook(updated);
}

/**
 * Deletes a book. Carts lose it, orders keep their snapshot. Its uploaded images are removed too, unless an order
 * or a checkout in progress shows them.
 */
export async function deleteBook(deps: BooksDeps, id: string): Promise<Book> {
  const keepImages = await repo.isBookInOrders(deps.db, id);
  const row = await repo.deleteBook(deps.db, id);
  if (!row) throw bookNotFound();
  if (!keepImages) {
    await removeBookImages(deps.uploads, row.images).catch((error: unknown) =>
      deps.log.warn({ err: error, bookId: id }, 'could not remove the images of a deleted book'),
    );
  }
  return toBook(row);
}
