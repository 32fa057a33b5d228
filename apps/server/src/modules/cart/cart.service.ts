import {
  fromPaise,
  MAX_LINE_QUANTITY,
  toPaise,
  type BookLanguage,
  type CartBook,
  type CartLine,
} from '@scholar/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { booksForSale, editionNotOffered, saleEditionOf, type SaleBook } from '../books/books.service';
import { assertInStock } from '../books/stock';
import {
  addToLine,
  cartLines,
  clearCart,
  lineQuantity,
  removeLine,
  setLineQuantity,
  type LineKey,
} from './cart.repository';

/**
 * The cart at current prices, one line per edition (a book's language). A line whose price changed since the
 * customer saw it carries `previousPrice`; a line whose book is gone, or no longer offered in its language, stays
 * with the name and price it was added with and `available: false`, until it is removed.
 */
export async function getCart(db: Db, userId: string): Promise<CartLine[]> {
  const rows = await cartLines(db, userId);
  const books = await booksForSale(
    db,
    rows.map((row) => row.bookId),
  );
  return rows.map((row) => {
    const base = { _id: row.bookId, quantity: row.quantity, selectedLanguage: row.selectedLanguage };
    const book = books.get(row.bookId);
    const edition = book && saleEditionOf(book, row.selectedLanguage);
    if (!book || !edition) {
      return {
        ...base,
        name: row.seenName,
        author: book?.author ?? '',
        description: '',
        price: fromPaise(row.seenPricePaise),
        images: book?.images ?? [],
        available: false,
      };
    }
    return {
      ...base,
      name: book.name,
      author: book.author,
      description: book.description,
      translations: book.translations,
      price: fromPaise(edition.pricePaise),
      images: book.images,
      stock: edition.stock,
      available: true,
      ...(row.seenPricePaise !== edition.pricePaise ? { previousPrice: fromPaise(row.seenPricePaise) } : {}),
    };
  });
}

const editionsOut = (book: SaleBook): CartBook['editions'] =>
  book.editions.map((edition) => ({
    language: edition.language,
    stock: edition.stock,
    price: fromPaise(edition.pricePaise),
    ownPrice: edition.ownPrice,
  }));

/** The books of a guest's cart at their current prices, with their editions; a book that is gone is left out. */
export async function currentCartBooks(db: Db, ids: string[]): Promise<CartBook[]> {
  const books = await booksForSale(db, ids);
  return [...books.values()].map((book) => ({
    _id: book.id,
    name: book.name,
    author: book.author,
    description: book.description,
    translations: book.translations,
    price: fromPaise(book.pricePaise),
    images: book.images,
    stock: book.stock,
    editions: editionsOut(book),
  }));
}

const bookNotFound = () => notFound('Book not found', 'BOOK_NOT_FOUND');
const lineNotFound = () => notFound('This book is not in your cart', 'CART_LINE_NOT_FOUND');

/** The book and the edition a request names: 404 without the book, 400 when it is not offered in that language. */
async function editionToSell(db: Db, bookId: string, language: BookLanguage, field: string) {
  const book = (await booksForSale(db, [bookId])).get(bookId.toLowerCase());
  if (!book) throw bookNotFound();
  const edition = saleEditionOf(book, language);
  if (!edition) throw editionNotOffered(field);
  return { book, edition };
}

export async function addToCart(
  db: Db,
  userId: string,
  line: { bookId: string; quantity: number; selectedLanguage: BookLanguage },
): Promise<CartLine[]> {
  const { book, edition } = await editionToSell(
    db,
    line.bookId,
    line.selectedLanguage,
    'body.selectedLanguage',
  );
  const key: LineKey = { userId, bookId: book.id, selectedLanguage: edition.language };
  if (edition.stock !== null) {
    const inCart = await lineQuantity(db, key);
    assertInStock(
      { name: edition.title, stock: edition.stock },
      Math.min(inCart + line.quantity, MAX_LINE_QUANTITY),
      'body.quantity',
    );
  }
  await addToLine(
    db,
    { ...key, quantity: line.quantity, seenName: book.name, seenPricePaise: edition.pricePaise },
    MAX_LINE_QUANTITY,
  );
  return getCart(db, userId);
}

/** A quantity of 0 removes the line. */
export async function updateCartLine(
  db: Db,
  userId: string,
  line: { bookId: string; quantity: number; selectedLanguage: BookLanguage },
): Promise<CartLine[]> {
  const key: LineKey = { userId, bookId: line.bookId.toLowerCase(), selectedLanguage: line.selectedLanguage };
  if (line.quantity === 0) {
    if (!(await removeLine(db, key))) throw lineNotFound();
    return getCart(db, userId);
  }
  const book = (await booksForSale(db, [key.bookId])).get(key.bookId);
  const edition = book && saleEditionOf(book, key.selectedLanguage);
  if (edition) assertInStock({ name: edition.title, stock: edition.stock }, line.quantity, 'body.quantity');
  if (!(await setLineQuantity(db, key, line.quantity, edition?.pricePaise))) throw lineNotFound();
  return getCart(db, userId);
}

export async function removeFromCart(
  db: Db,
  userId: string,
  line: { bookId: string; selectedLanguage: BookLanguage },
): Promise<CartLine[]> {
  const key: LineKey = { userId, bookId: line.bookId.toLowerCase(), selectedLanguage: line.selectedLanguage };
  if (!(await removeLine(db, key))) throw lineNotFound();
  return getCart(db, userId);
}

export async function emptyCart(db: Db, userId: string): Promise<CartLine[]> {
  await clearCart(db, userId);
  return [];
}

/**
 * The guest cart joins the server cart after login; books that no longer exist, or editions no longer offered, are
 * skipped. A line keeps the price the guest saw, so that a change since is still named.
 */
export async function mergeIntoCart(
  db: Db,
  userId: string,
  lines: {
    bookId: string;
    quantity: number;
    selectedLanguage?: BookLanguage | undefined;
    price?: number | undefined;
  }[],
): Promise<CartLine[]> {
  const books = await booksForSale(
    db,
    lines.map((line) => line.bookId),
  );
  await db.transaction(async (tx) => {
    for (const line of lines) {
      const book = books.get(line.bookId.toLowerCase());
      const edition = book && saleEditionOf(book, line.selectedLanguage);
      if (!book || !edition) continue;
      await addToLine(
        tx,
        {
          userId,
          bookId: book.id,
          selectedLanguage: edition.language,
          quantity: line.quantity,
          seenName: book.name,
          seenPricePaise: line.price === undefined ? edition.pricePaise : toPaise(line.price),
        },
        MAX_LINE_QUANTITY,
      );
    }
  });
  return getCart(db, userId);
}
