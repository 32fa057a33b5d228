import {
  checkoutBookId,
  checkoutLineKey,
  PAYMENT_MESSAGES,
  shippingFor,
  toPaise,
  type CreatePaymentOrderBody,
} from '@scholar/shared';
import type { Db } from '../../db/client';
import type { CheckoutLine } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { booksForSale, editionNotOffered, saleEditionOf } from '../books/books.service';
import { assertInStock } from '../books/stock';

/**
 * The price of a cart, from the database: what the checkout charges and what a coupon's preview takes its discount
 * from. Both the checkout and the coupons call it; it calls neither, so that neither of them has to call the other
 * back (docs/decisions/059).
 */

export interface PricedCart {
  lines: CheckoutLine[];
  subtotalPaise: number;
  shippingPaise: number;
  amountPaise: number;
}

/**
 * Prices the cart from the database, edition by edition: the client's prices and totals are never read. A line
 * names its book and its language (English unless named); the edition's own price, or the book's, is charged.
 */
export async function priceCart(db: Db, items: CreatePaymentOrderBody['cartItems']): Promise<PricedCart> {
  // The lines of one edition count together (the body's schema has held their sum to the limit of a line).
  const wanted = new Map<string, { bookId: string; language: string | undefined; quantity: number }>();
  for (const item of items) {
    const key = checkoutLineKey(item);
    const previous = wanted.get(key);
    wanted.set(key, {
      bookId: checkoutBookId(item).toLowerCase(),
      language: item.selectedLanguage,
      quantity: (previous?.quantity ?? 0) + item.quantity,
    });
  }
  if (wanted.size === 0) throw badRequest(PAYMENT_MESSAGES.emptyCart, 'EMPTY_CART');
  const books = await booksForSale(
    db,
    [...wanted.values()].map((line) => line.bookId),
  );
  const lines: CheckoutLine[] = [];
  for (const line of wanted.values()) {
    const book = books.get(line.bookId);
    if (!book) throw badRequest(PAYMENT_MESSAGES.unavailable, 'BOOK_UNAVAILABLE');
    const edition = saleEditionOf(book, line.language);
    if (!edition) throw editionNotOffered();
    // More copies than are left are refused here, naming the book (and its edition); stock that runs out after
    // this point never refuses a payment (the order is then backordered).
    assertInStock({ name: edition.title, stock: edition.stock }, line.quantity);
    lines.push({
      bookId: book.id,
      name: book.name,
      author: book.author,
      pricePaise: edition.pricePaise,
      quantity: line.quantity,
      images: book.images,
      selectedLanguage: edition.language,
    });
  }
  const subtotalPaise = lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
  const shippingPaise = toPaise(shippingFor(lines.reduce((sum, line) => sum + line.quantity, 0)));
  return { lines, subtotalPaise, shippingPaise, amountPaise: subtotalPaise + shippingPaise };
}
