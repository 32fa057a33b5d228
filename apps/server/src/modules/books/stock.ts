import { notEnoughStockMessage } from '@scholar/shared';
import { badRequest } from '../../lib/errors';

/**
 * More copies than the book has in stock (null: not tracked, never too many): a 400 naming the book, with the
 * field it belongs to when the request has one. The cart is no reservation; the payment order checks again.
 */
export function assertInStock(
  book: { name: string; stock: number | null },
  quantity: number,
  field?: string,
): void {
  if (book.stock === null || quantity <= book.stock) return;
  const message = notEnoughStockMessage(book.name, book.stock);
  throw badRequest(message, 'NOT_ENOUGH_STOCK', field ? [{ path: field, message }] : undefined);
}
