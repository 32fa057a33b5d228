import { MAX_LINE_QUANTITY } from './messages';

/**
 * A guest's cart as a cookie (docs/decisions/064): where a reader whose page has no script yet (a slow phone) or
 * never will (JavaScript off) adds a book. The server keeps it from the page forms (Add to Cart, a line's quantity)
 * and renders `/cart` from it; when the app's script runs it moves the lines into the browser's cart and ends the
 * cookie. Its value is the lines as base64url JSON, a dot and the server's signature of them: the server reads no
 * lines it did not write; the browser reads them without the signature (they are the reader's own).
 */
export const COOKIE_CART = 'guest_cart';

/** One line: the book, its edition's language (lower case), the copies and the price the reader saw. */
export interface CookieCartLine {
  bookId: string;
  language: string;
  quantity: number;
  price: number;
}

/** The most lines the cookie holds: a cookie is kept whole only under 4 KB. */
export const COOKIE_CART_MAX_LINES = 30;

/** How long the cookie lasts: a guest's cart in the browser has no end; this one is a month. */
export const COOKIE_CART_MAX_AGE_S = 30 * 24 * 3600;

/** The forms the cart's cookie is changed by: Add to Cart (a book's page, a list's card) and a line in `/cart`. */
export const CART_FORMS = ['addToCart', 'cartLine'] as const;

/** The id of a row (a book's), as every id of the API is: a UUID. */
export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LANGUAGE = /^[a-z][a-z -]{0,39}$/;

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'));

/** Whether one line read from a cookie is one the server could have written. */
function isLine(value: unknown): value is [string, string, number, number] {
  if (!Array.isArray(value) || value.length !== 4) return false;
  const [bookId, language, quantity, price] = value as unknown[];
  return (
    typeof bookId === 'string' &&
    ID_PATTERN.test(bookId) &&
    typeof language === 'string' &&
    LANGUAGE.test(language) &&
    Number.isInteger(quantity) &&
    (quantity as number) >= 1 &&
    (quantity as number) <= MAX_LINE_QUANTITY &&
    typeof price === 'number' &&
    Number.isFinite(price) &&
    price >= 0
  );
}

/** The lines as the cookie's payload (before its signature). */
export function cookieCartPayload(lines: readonly CookieCartLine[]): string {
  return toBase64Url(
    JSON.stringify(
      lines.map((line) => [line.bookId.toLowerCase(), line.language, line.quantity, line.price]),
    ),
  );
}

/** A cookie's value as its payload and its signature (the part after the last dot); undefined for no such value. */
export function cookieCartParts(
  value: string | undefined,
): { payload: string; signature: string } | undefined {
  const dot = value?.lastIndexOf('.') ?? -1;
  return value === undefined || dot <= 0
    ? undefined
    : { payload: value.slice(0, dot), signature: value.slice(dot + 1) };
}

/** The lines of a cookie's payload; none for a payload that is not one the server writes. */
export function cookieCartLines(payload: string): CookieCartLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(payload));
  } catch {
    return [];
  }
  if (!Array.isArray(parsed) || parsed.length > COOKIE_CART_MAX_LINES || !parsed.every(isLine)) return [];
  return parsed.map(([bookId, language, quantity, price]) => ({ bookId, language, quantity, price }));
}

/** The value of the cookie `name` in a `Cookie` header (or `document.cookie`); undefined when there is none. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The same line: the same book in the same edition. */
export const sameCookieLine = (a: CookieCartLine, bookId: string, language: string): boolean =>
  a.bookId.toLowerCase() === bookId.toLowerCase() && a.language === language.toLowerCase();
