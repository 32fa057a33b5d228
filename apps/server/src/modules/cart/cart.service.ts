import { fromPaise, MAX_LINE_QUANTITY, toPaise, type CartBook, type CartLine } from '@scholar/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { assertInStock } from '../books/stock';
import {
  addToLine,
  cartBooks,
  cartLines,
  clearCart,
  lineQuantity,
  removeLine,
  setLineQuantity,
} from './cart.repository';

/**
 * The cart at current prices. A line whose price changed since the customer saw it carries `previousPrice`; a line
 * whose book is gone stays, with the name and price it was added with and `available: false`, until it is removed.
 */
export async function getCart(db: Db, userId: string): Promise<CartLine[]> {
  const rows = await cartLines(db, userId);
  return rows.map((row) => {
    const base = { _id: row.bookId, quantity: row.quantity, selectedLanguage: row.selectedLanguage };
    if (row.name === null || row.pricePaise === null) {
      return {
        ...base,
        name: row.seenName,
        author: '',
        description: '',
        price: fromPaise(row.seenPricePaise),
        images: [],
        available: false,
      };
    }
    return {
      ...base,
      name: row.name,
      author: row.author ?? '',
      description: row.description ?? '',
      price: fromPaise(row.pricePaise),
      images: row.images ?? [],
      stock: row.stock,
      available: true,
      ...(row.seenPricePaise !== row.pricePaise ? { previousPrice: fromPaise(row.seenPricePaise) } : {}),
    };
  });
}

/** The books of a guest's cart at their current prices; a book that is gone is left out. */
export async function currentCartBooks(db: Db, ids: string[]): Promise<CartBook[]> {
  const rows = await cartBooks(db, [...new Set(ids.map((id) => id.toLowerCase()))]);
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    author: row.author,
    description: row.description,
    price: fromPaise(row.pricePaise),
    images: row.images,
    stock: row.stock,
  }));
}

const bookNotFound = () => notFound('Book not found', 'BOOK_NOT_FOUND');
const lineNotFound = () => notFound('This book is not in your cart', 'CART_LINE_NOT_FOUND');

export async function addToCart(
  db: Db,
  userId: string,
  line: { bookId: string; quantity: number; selectedLanguage: string },
): Promise<CartLine[]> {
  const [book] = await cartBooks(db, [line.bookId]);
  if (!book) throw bookNotFound();
  if (book.stock !== null) {
    const inCart = await lineQuantity(db, userId, book.id);
    assertInStock(book, Math.min(inCart + line.quantity, MAX_LINE_QUANTITY), 'body.quantity');
  }
  await addToLine(
    db,
    { userId, ...line, seenName: book.name, seenPricePaise: book.pricePaise },
    MAX_LINE_QUANTITY,
  );
  return getCart(db, userId);
}

/** A quantity of 0 removes the line. */
export async function updateCartLine(
  db: Db,
  userId: string,
  bookId: string,
  quantity: number,
): Promise<CartLine[]> {
  if (quantity > 0) {
    const [book] = await cartBooks(db, [bookId.toLowerCase()]);
    if (book) assertInStock(book, quantity, 'body.quantity');
  }
  const found =
    quantity === 0
      ? await removeLine(db, userId, bookId)
      : await setLineQuantity(db, userId, bookId, quantity);
  if (!found) throw lineNotFound();
  return getCart(db, userId);
}

export async function removeFromCart(db: Db, userId: string, bookId: string): Promise<CartLine[]> {
  if (!(await removeLine(db, userId, bookId))) throw lineNotFound();
  return getCart(db, userId);
}

export async function emptyCart(db: Db, userId: string): Promise<CartLine[]> {
  await clearCart(db, userId);
  return [];
}

/**
 * The guest cart joins the server cart after login; books that no longer exist are skipped. A line keeps the price
 * the guest saw, so that a change since is still named.
 */
export async function mergeIntoCart(
  db: Db,
  userId: string,
  lines: {
    bookId: string;
    quantity: number;
    selectedLanguage?: string | undefined;
    price?: number | undefined;
  }[],
): Promise<CartLine[]> {
  const found = new Map(
    (
      await cartBooks(
        db,
        lines.map((l) => l.bookId),
      )
    ).map((book) => [book.id, book]),
  );
  await db.transaction(async (tx) => {
    for (const line of lines) {
      const book = found.get(line.bookId.toLowerCase());
      if (!book) continue;
      await addToLine(
        tx,
        {
          userId,
          bookId: book.id,
          quantity: line.quantity,
          selectedLanguage: line.selectedLanguage ?? 'english',
          seenName: book.name,
          seenPricePaise: line.price === undefined ? book.pricePaise : toPaise(line.price),
        },
        MAX_LINE_QUANTITY,
      );
    }
  });
  return getCart(db, userId);
}
