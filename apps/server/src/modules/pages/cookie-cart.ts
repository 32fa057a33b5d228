import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  API_BASE,
  COOKIE_CART,
  COOKIE_CART_MAX_AGE_S,
  COOKIE_CART_MAX_LINES,
  cookieCartLines,
  cookieCartParts,
  cookieCartPayload,
  cookieValue,
  editionOf,
  formText,
  ID_PATTERN,
  MAX_LINE_QUANTITY,
  sameCookieLine,
  type CartBook,
  type CookieCartLine,
  type FormFields,
  type FormPost,
} from '@scholar/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { renderReadHeaders } from '../../lib/render-reads';

/**
 * The guest's cart in a cookie, for a reader whose page has no script (docs/decisions/064): Add to Cart and a cart
 * line's quantity are forms the server takes here, checking the book and its edition as the app's cart would, and
 * `/cart` is rendered from it. The cookie is signed: the server reads back only lines it wrote.
 */

/** Why a cart form was not taken; the page shows the sentence for the code in its language. */
export type CartRefusal = 'BAD_FORM' | 'NOT_SOLD' | 'NOT_ENOUGH_STOCK' | 'CART_FULL';

const signatureOf = (secret: string, payload: string) =>
  createHmac('sha256', `cookie-cart:${secret}`).update(payload).digest('base64url');

/** The cart in the request's cookie; empty without one, or with one the server did not sign. */
export function readCookieCart(request: FastifyRequest, secret: string): CookieCartLine[] {
  const parts = cookieCartParts(cookieValue(request.headers.cookie, COOKIE_CART));
  if (!parts) return [];
  const given = Buffer.from(parts.signature);
  const expected = Buffer.from(signatureOf(secret, parts.payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  return cookieCartLines(parts.payload);
}

/** The `Set-Cookie` that keeps `lines` (or ends the cookie when there are none). */
export function cookieCartHeader(lines: readonly CookieCartLine[], secret: string, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  if (lines.length === 0) return `${COOKIE_CART}=; Max-Age=0; ${attributes}`;
  const payload = cookieCartPayload(lines);
  return `${COOKIE_CART}=${payload}.${signatureOf(secret, payload)}; Max-Age=${COOKIE_CART_MAX_AGE_S}; ${attributes}`;
}

/** The book as the guest cart reads it (`POST /api/cart/prices`); undefined when the shop does not sell it. */
async function currentBook(app: FastifyInstance, bookId: string): Promise<CartBook | undefined> {
  const res = await app.inject({
    method: 'POST',
    url: `${API_BASE}/cart/prices`,
    // The page's read: the form's request took the reader's turn for the database (pages.routes.ts).
    headers: { 'content-type': 'application/json', accept: 'application/json', ...renderReadHeaders() },
    payload: JSON.stringify({ bookIds: [bookId] }),
  });
  if (res.statusCode !== 200) throw new Error(`POST /api/cart/prices answered ${res.statusCode}`);
  return res.json<{ data: { books: CartBook[] } }>().data.books[0];
}

/** A whole number of copies from a form; undefined for anything else. */
function copies(fields: FormFields, name: string): number | undefined {
  const text = formText(fields, name).trim();
  if (!/^\d{1,6}$/.test(text)) return undefined;
  return Number(text);
}

export type CartFormResult =
  { taken: true; lines: CookieCartLine[] } | { taken: false; answer: FormPost['answer'] };

const refuse = (status: number, code: CartRefusal, extra: Record<string, unknown> = {}): CartFormResult => ({
  taken: false,
  answer: { status, body: { code, ...extra } },
});

/**
 * Adds copies of one edition of a book to the cart, as the book page's Add to Cart does in the app: the book must be
 * sold in that edition, an edition with fewer copies left than asked for is refused, and a line holds at most
 * MAX_LINE_QUANTITY copies (more typed counts as that many). The line keeps the price the reader saw: the
 * edition's now.
 */
export async function addToCookieCart(
  app: FastifyInstance,
  lines: readonly CookieCartLine[],
  fields: FormFields,
): Promise<CartFormResult> {
  const bookId = formText(fields, 'bookId').trim();
  const asked = fields.quantity === undefined ? 1 : copies(fields, 'quantity');
  if (!ID_PATTERN.test(bookId) || asked === undefined || asked < 1) return refuse(400, 'BAD_FORM');
  const quantity = Math.min(asked, MAX_LINE_QUANTITY);
  const book = await currentBook(app, bookId);
  const edition = book?.editions
    ? editionOf(book.editions, formText(fields, 'language') || undefined)
    : undefined;
  if (!book || !edition) return refuse(404, 'NOT_SOLD');
  if (edition.stock !== null && quantity > edition.stock) {
    return refuse(409, 'NOT_ENOUGH_STOCK', { stock: Math.max(0, edition.stock) });
  }
  const language = edition.language;
  if (lines.some((line) => sameCookieLine(line, bookId, language))) {
    return {
      taken: true,
      lines: lines.map((line) =>
        sameCookieLine(line, bookId, language)
          ? { ...line, price: edition.price, quantity: Math.min(MAX_LINE_QUANTITY, line.quantity + quantity) }
          : line,
      ),
    };
  }
  if (lines.length >= COOKIE_CART_MAX_LINES) return refuse(409, 'CART_FULL');
  return { taken: true, lines: [...lines, { bookId: book._id, language, quantity, price: edition.price }] };
}

/**
 * Sets the copies of one line of the cart (0 removes it), as `/cart`'s buttons do in the app; a line that is not
 * in the cart is left as it is.
 */
export function setCookieCartLine(lines: readonly CookieCartLine[], fields: FormFields): CartFormResult {
  const bookId = formText(fields, 'bookId').trim();
  const language = formText(fields, 'language').trim().toLowerCase();
  const quantity = copies(fields, 'quantity');
  if (!ID_PATTERN.test(bookId) || language === '' || quantity === undefined) return refuse(400, 'BAD_FORM');
  return {
    taken: true,
    lines:
      quantity === 0
        ? lines.filter((line) => !sameCookieLine(line, bookId, language))
        : lines.map((line) =>
            sameCookieLine(line, bookId, language)
              ? { ...line, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }
              : line,
          ),
  };
}
