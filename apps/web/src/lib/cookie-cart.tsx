import {
  COOKIE_CART,
  cookieCartLines,
  cookieCartParts,
  cookieValue,
  MAX_LINE_QUANTITY,
  type CartBook,
  type CookieCartLine,
} from '@scholar/shared';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { api } from './api-client';
import { guestCart, lineKey, withLine, type CartItem } from './guest-cart';

/**
 * The guest's cart kept in a cookie by the server (docs/decisions/064): Add to Cart pressed before the app's script
 * ran, or with none. `/cart` is rendered from it on the server; the browser's first render of that page shows the
 * same lines, then the app moves them into the browser's cart (`takeCookieCart`) and ends the cookie.
 */

/** A cookie's line as a cart line: the book's fields come from the server (blank until read). */
export const cookieLineItem = (line: CookieCartLine): CartItem => ({
  _id: line.bookId,
  name: '',
  author: '',
  description: '',
  images: [],
  price: line.price,
  quantity: line.quantity,
  selectedLanguage: line.language,
});

const CookieCartContext = createContext<CartItem[] | undefined>(undefined);

/** Around a render of `/cart` from the cookie (the server's, and the browser's first render of it). */
export function CookieCartProvider({
  lines,
  children,
}: {
  lines: CookieCartLine[] | undefined;
  children: ReactNode;
}) {
  const items = useMemo(() => lines?.map(cookieLineItem), [lines]);
  return <CookieCartContext.Provider value={items}>{children}</CookieCartContext.Provider>;
}

/** The lines the page was rendered with from the cookie; undefined for a page rendered without them. */
export const useCookieCartSeed = (): CartItem[] | undefined => useContext(CookieCartContext);

/** The lines in the browser's cookie (its payload: the signature is the server's to check). */
function cookieLinesOfDocument(): CookieCartLine[] {
  const parts = cookieCartParts(cookieValue(document.cookie, COOKIE_CART));
  return parts ? cookieCartLines(parts.payload) : [];
}

/**
 * Moves the cookie's lines into the browser's cart, as Add to Cart would have (the same edition adds to its line, up
 * to the line limit), and ends the cookie; then fills in the books' names and pictures. Answers how many lines came.
 * Run once, as the app starts, before its first render. The filling runs at every start, cookie or not: a reader who
 * left the page before the books' fields came back still has blank lines, which the next page fills.
 */
export function takeCookieCart(): number {
  const taken = cookieLinesOfDocument();
  if (taken.length > 0) joinCookieLines(taken);
  void fillBlankLines();
  return taken.length;
}

/** The cookie's lines joined to the browser's cart, as Add to Cart would have; then the cookie ended. */
function joinCookieLines(taken: CookieCartLine[]): void {
  const joined = taken.reduce((lines, line) => withLine(lines, cookieLineItem(line)), guestCart.read());
  const added = new Set(taken.map((line) => lineKey(cookieLineItem(line))));
  guestCart.write(
    joined.map((line) =>
      added.has(lineKey(line)) ? { ...line, quantity: Math.min(MAX_LINE_QUANTITY, line.quantity) } : line,
    ),
  );
  document.cookie = `${COOKIE_CART}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** Writes the books' fields into the browser's lines that came from the cookie without them. */
async function fillBlankLines(): Promise<void> {
  const blank = guestCart.read().filter((line) => line.name === '');
  if (blank.length === 0) return;
  try {
    const { books } = (
      await api<{ data: { books: CartBook[] } }>('/cart/prices', {
        method: 'POST',
        body: { bookIds: [...new Set(blank.map((line) => line._id))] },
      })
    ).data;
    const byId = new Map(books.map((book) => [book._id.toLowerCase(), book]));
    guestCart.write(
      guestCart.read().map((line) => {
        const book = line.name === '' ? byId.get(line._id.toLowerCase()) : undefined;
        return book
          ? {
              ...line,
              name: book.name,
              author: book.author,
              description: book.description,
              ...(book.translations ? { translations: book.translations } : {}),
              images: book.images,
            }
          : line;
      }),
    );
  } catch (error) {
    // The cart page reads the books itself; another screen shows the line without its name until then.
    console.error('The books of the cart could not be read', error);
  }
}
