import { DEFAULT_LANGUAGE, STORAGE_KEYS, type Book, type CartLine } from '@scholar/shared';
import { api } from './api-client';
import { storage } from './storage';

/**
 * A cart line, guest or server: the book's fields with its id in `_id`, and the quantity. Read through `useCart`,
 * `price` is the current one; `previousPrice` is the one the customer saw when it has changed since, and
 * `available` is false for a book the shop no longer sells. In localStorage, `price` is the one the guest saw.
 */
export type CartItem = Pick<
  CartLine,
  '_id' | 'name' | 'author' | 'description' | 'price' | 'images' | 'quantity'
> & {
  selectedLanguage?: string;
  available?: boolean;
  previousPrice?: number;
  /** Copies in stock as last read from the server (null: not tracked); never kept in localStorage. */
  stock?: number | null | undefined;
};

/**
 * Dispatched on `window` whenever this tab changes a cart; other tabs are heard through the `storage` event.
 */
export const CART_CHANGED_EVENT = 'cart:changed';

export const announceCartChange = () => window.dispatchEvent(new Event(CART_CHANGED_EVENT));

/** The guest cart in localStorage (`localCart`), keyed by the book's `_id`. */
export const guestCart = {
  read(): CartItem[] {
    const lines = storage.get<unknown>(STORAGE_KEYS.localCart);
    if (!Array.isArray(lines)) return [];
    return lines.filter(
      (line): line is CartItem =>
        typeof (line as CartItem | null)?._id === 'string' && Number((line as CartItem).quantity) > 0,
    );
  },
  write(lines: CartItem[]): void {
    if (lines.length === 0) storage.remove(STORAGE_KEYS.localCart);
    else storage.set(STORAGE_KEYS.localCart, lines);
    announceCartChange();
  },
  add(
    book: Pick<Book, '_id' | 'name' | 'author' | 'description' | 'price' | 'images'>,
    quantity: number,
  ): void {
    const lines = guestCart.read();
    const found = lines.some((line) => line._id === book._id);
    guestCart.write(
      found
        ? lines.map((line) =>
            // The guest is looking at the book: its price now is the one they have seen.
            line._id === book._id ? { ...line, price: book.price, quantity: line.quantity + quantity } : line,
          )
        : [
            ...lines,
            {
              _id: book._id,
              name: book.name,
              author: book.author,
              price: book.price,
              images: book.images,
              description: book.description,
              quantity,
              selectedLanguage: DEFAULT_LANGUAGE,
            },
          ],
    );
  },
  /**
   * Setting a quantity to 0 removes the line. The guest changes it where its current price is shown (`price`):
   * that price becomes the one seen.
   */
  setQuantity(bookId: string, quantity: number, price?: number): void {
    const lines = guestCart.read();
    guestCart.write(
      quantity <= 0
        ? lines.filter((line) => line._id !== bookId)
        : lines.map((line) =>
            line._id === bookId ? { ...line, quantity, ...(price === undefined ? {} : { price }) } : line,
          ),
    );
  },
  clear(): void {
    guestCart.write([]);
  },
};

/** After login, the guest cart joins the customer's server cart and leaves the browser. */
export async function mergeGuestCart(): Promise<void> {
  const lines = guestCart.read();
  if (lines.length === 0) return;
  await api('/cart/merge', {
    method: 'POST',
    body: {
      lines: lines.map((line) => ({
        bookId: line._id,
        quantity: line.quantity,
        ...(typeof line.price === 'number' && line.price >= 0 && line.price <= 10_000_000
          ? { price: line.price }
          : {}),
        ...(line.selectedLanguage ? { selectedLanguage: line.selectedLanguage } : {}),
      })),
    },
  });
  guestCart.clear();
}
