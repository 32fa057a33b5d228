import { DEFAULT_LANGUAGE, STORAGE_KEYS, type Book, type CartLine } from '@scholar/shared';
import { api } from './api-client';
import { storage } from './storage';

/**
 * A cart line, guest or server: the book's fields with its id in `_id`, the quantity and the edition's language.
 * Read through `useCart`, `price` is the edition's current one; `previousPrice` is the one the customer saw when it
 * has changed since, and `available` is false for a book (or an edition) the shop no longer sells. In localStorage,
 * `price` is the one the guest saw.
 */
export type CartItem = Pick<
  CartLine,
  '_id' | 'name' | 'author' | 'description' | 'price' | 'images' | 'quantity'
> & {
  /** The edition: lower-case (`bengali`); a line kept without one is English. */
  selectedLanguage?: string;
  available?: boolean;
  previousPrice?: number;
  /** Copies of the edition in stock as last read from the server (null: not tracked); never kept in localStorage. */
  stock?: number | null | undefined;
  /** The book's name, author and description in Urdu and Bengali, as last read (docs/decisions/078). */
  translations?: CartLine['translations'];
};

/** A line's edition: its language in lower case, English when it names none (a line kept by an older version). */
export const lineLanguage = (line: { selectedLanguage?: string | undefined }): string =>
  (line.selectedLanguage || DEFAULT_LANGUAGE).toLowerCase();

/** What tells two lines apart: the book and its edition. */
export const lineKey = (line: { _id: string; selectedLanguage?: string | undefined }): string =>
  `${line._id.toLowerCase()}:${lineLanguage(line)}`;

/** Whether a stored line is the edition `language` of the book `bookId`. */
const isLine = (line: CartItem, bookId: string, language: string) =>
  lineKey(line) === lineKey({ _id: bookId, selectedLanguage: language });

/**
 * Dispatched on `window` whenever this tab changes a cart; other tabs are heard through the `storage` event.
 */
export const CART_CHANGED_EVENT = 'cart:changed';

export const announceCartChange = () => window.dispatchEvent(new Event(CART_CHANGED_EVENT));

/**
 * `lines` with `item` added as Add to Cart adds it: the same edition adds its copies to its line, at the item's
 * price (the one the guest has just seen); another edition is a line of its own.
 */
export function withLine(lines: readonly CartItem[], item: CartItem): CartItem[] {
  const key = lineKey(item);
  if (!lines.some((line) => lineKey(line) === key)) return [...lines, item];
  return lines.map((line) =>
    lineKey(line) === key ? { ...line, price: item.price, quantity: line.quantity + item.quantity } : line,
  );
}

/** The guest cart in localStorage (`localCart`): one line per edition, keyed by the book's `_id` and the language. */
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
  /**
   * Adds copies of one edition of a book: `book.price` is that edition's price. The same edition again adds to its
   * line; another language is a line of its own.
   */
  add(
    book: Pick<Book, '_id' | 'name' | 'author' | 'description' | 'price' | 'images' | 'translations'>,
    quantity: number,
    selectedLanguage: string = DEFAULT_LANGUAGE,
  ): void {
    guestCart.write(
      withLine(guestCart.read(), {
        _id: book._id,
        name: book.name,
        author: book.author,
        price: book.price,
        images: book.images,
        description: book.description,
        ...(book.translations ? { translations: book.translations } : {}),
        quantity,
        selectedLanguage: selectedLanguage.toLowerCase(),
      }),
    );
  },
  /**
   * Sets the quantity of one edition's line; 0 removes it. The guest changes it where its current price is shown
   * (`price`): that price becomes the one seen.
   */
  setQuantity(bookId: string, selectedLanguage: string, quantity: number, price?: number): void {
    const lines = guestCart.read();
    guestCart.write(
      quantity <= 0
        ? lines.filter((line) => !isLine(line, bookId, selectedLanguage))
        : lines.map((line) =>
            isLine(line, bookId, selectedLanguage)
              ? { ...line, quantity, ...(price === undefined ? {} : { price }) }
              : line,
          ),
    );
  },
  clear(): void {
    guestCart.write([]);
  },
};

/** After login, the guest cart joins the customer's server cart, each line with its edition, and leaves the browser. */
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
        selectedLanguage: lineLanguage(line),
      })),
    },
  });
  guestCart.clear();
}
