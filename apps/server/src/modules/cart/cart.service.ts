import { fromPaise, MAX_LINE_QUANTITY, type CartLine } from '@scholar/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import {
  addToLine,
  bookExists,
  cartLines,
  clearCart,
  existingBookIds,
  removeLine,
  setLineQuantity,
} from './cart.repository';

export async function getCart(db: Db, userId: string): Promise<CartLine[]> {
  const rows = await cartLines(db, userId);
  return rows.map((row) => ({
    _id: row.bookId,
    name: row.name,
    author: row.author,
    description: row.description,
    price: fromPaise(row.pricePaise),
    images: row.images,
    quantity: row.quantity,
    selectedLanguage: row.selectedLanguage,
  }));
}

const bookNotFound = () => notFound('Book not found', 'BOOK_NOT_FOUND');
const lineNotFound = () => notFound('This book is not in your cart', 'CART_LINE_NOT_FOUND');

export async function addToCart(
  db: Db,
  userId: string,
  line: { bookId: string; quantity: number; selectedLanguage: string },
): Promise<CartLine[]> {
  if (!(await bookExists(db, line.bookId))) throw bookNotFound();
  await addToLine(db, { userId, ...line }, MAX_LINE_QUANTITY);
  return getCart(db, userId);
}

/** A quantity of 0 removes the line. */
export async function updateCartLine(
  db: Db,
  userId: string,
  bookId: string,
  quantity: number,
): Promise<CartLine[]> {
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

/** The guest cart joins the server cart after login; books that no longer exist are skipped. */
export async function mergeIntoCart(
  db: Db,
  userId: string,
  lines: { bookId: string; quantity: number; selectedLanguage?: string | undefined }[],
): Promise<CartLine[]> {
  const existing = await existingBookIds(
    db,
    lines.map((l) => l.bookId),
  );
  await db.transaction(async (tx) => {
    for (const line of lines) {
      if (!existing.has(line.bookId)) continue;
      await addToLine(
        tx,
        {
          userId,
          bookId: line.bookId,
          quantity: line.quantity,
          selectedLanguage: line.selectedLanguage ?? 'english',
        },
        MAX_LINE_QUANTITY,
      );
    }
  });
  return getCart(db, userId);
}
