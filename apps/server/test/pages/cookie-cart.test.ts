import {
  API_BASE,
  COOKIE_CART,
  COOKIE_CART_MAX_LINES,
  cookieCartLines,
  cookieCartPayload,
  cookieValue,
  localizePath,
  MAX_LINE_QUANTITY,
  paths,
  type Book,
  type CookieCartLine,
} from '@scholar/shared';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../e2e/fixtures/messages';
import { oneLine } from '../../../../e2e/fixtures/html-text';
import { cookieCartHeader } from '../../src/modules/pages/cookie-cart';
import { useRenderedSite } from './support/site';

/**
 * Add to Cart and the cart's lines without the app's script (docs/decisions/064): forms the server keeps in a
 * signed cookie, and `/cart` rendered from it. The same in the browser: e2e/without-script.spec.ts.
 */

const site = useRenderedSite();
const app = (): FastifyInstance => site.ctx.app;

const books = async () =>
  (await app().inject({ method: 'GET', url: `${API_BASE}/books?limit=50` })).json<{ data: Book[] }>().data;
const withEditions = async (test: (book: Book) => boolean) => {
  const found = (await books()).find(test);
  if (!found) throw new Error('no such demo book');
  return found;
};

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Posts a form to `url` from the site's own page, with the cart's cookie when there is one. */
async function post(url: string, fields: Record<string, string>, cookie?: string, site = 'same-origin') {
  return app().inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': site,
      ...(cookie ? { cookie } : {}),
    },
    payload: form(fields),
  });
}

/** The cart's cookie a response sets (`name=value`), and its lines as the browser reads them. */
function cookieOf(res: { headers: Record<string, unknown> }) {
  const header = String(res.headers['set-cookie'] ?? '');
  const pair = header.split(';')[0] ?? '';
  const value = cookieValue(pair, COOKIE_CART) ?? '';
  const dot = value.lastIndexOf('.');
  return { header, pair, lines: dot > 0 ? cookieCartLines(value.slice(0, dot)) : [] };
}

const add = (bookId: string, language: string, quantity = '1') => ({
  _form: 'addToCart',
  bookId,
  language,
  quantity,
});

/** The text of a page's `#root` as a reader sees it. */
const rootText = (html: string) =>
  oneLine(
    (html.split('<div id="root"')[1] ?? '')
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<[^>]+>/g, ' '),
  );

describe('Add to Cart without the script', () => {
  it("keeps the line in a signed cookie and answers with the cart, rendered from it in the page's language", async () => {
    const book = await withEditions((each) => (each.editions ?? []).some((e) => e.language === 'urdu'));
    const urdu = book.editions.find((each) => each.language === 'urdu')!;
    const res = await post(localizePath('ur', paths.book(book._id)), add(book._id, 'urdu', '2'));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(localizePath('ur', paths.cart));
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = cookieOf(res);
    expect(cookie.header).toMatch(/Path=\/; SameSite=Lax/);
    expect(cookie.header).not.toMatch(/HttpOnly/);
    expect(cookie.lines).toEqual([{ bookId: book._id, language: 'urdu', quantity: 2, price: urdu.price }]);

    const cart = await app().inject({ method: 'GET', url: '/ur/cart', headers: { cookie: cookie.pair } });
    expect(cart.statusCode).toBe(200);
    expect(cart.headers['cache-control']).toBe('no-store');
    expect(cart.body).toContain('<meta name="robots" content="noindex" />');
    expect(cart.body).toContain('<html lang="ur"');
    const text = rootText(cart.body);
    const t = messages('ur');
    expect(text).toContain(t('shop.cart.heading'));
    // The line names the book in Urdu, as the Urdu pages do (docs/decisions/078).
    expect(book.translations?.ur?.name).toBeTruthy();
    expect(text).toContain(book.translations!.ur!.name);
    // Two copies at the edition's price, and a total (the prices were read for this page).
    expect(text).toContain(`₹${(urdu.price * 2).toFixed(2)}`);
    expect(text).toContain(t('shop.summary.total'));
  });

  it('adds the same edition to its line, up to the line limit, and another edition as a line of its own', async () => {
    const book = await withEditions(
      (each) => (each.editions ?? []).filter((e) => e.stock === null || e.stock > 5).length > 1,
    );
    const [first, second] = book.editions.filter((e) => e.stock === null || e.stock > 5);
    const once = cookieOf(await post(paths.book(book._id), add(book._id, first!.language, '3')));
    const twice = cookieOf(await post(paths.book(book._id), add(book._id, first!.language, '2'), once.pair));
    expect(twice.lines).toEqual([expect.objectContaining({ language: first!.language, quantity: 5 })]);
    const other = cookieOf(await post(paths.books, add(book._id, second!.language), twice.pair));
    expect(other.lines.map((line) => [line.language, line.quantity])).toEqual([
      [first!.language, 5],
      [second!.language, 1],
    ]);

    const unlimited = await withEditions((each) => (each.editions ?? []).some((e) => e.stock === null));
    const edition = unlimited.editions.find((e) => e.stock === null)!;
    const many = cookieOf(
      await post(
        paths.book(unlimited._id),
        add(unlimited._id, edition.language, String(MAX_LINE_QUANTITY + 50)),
      ),
    );
    expect(many.lines[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('refuses what the app refuses with the reason on the page, and leaves the cookie as it was', async () => {
    const soldOut = await withEditions((each) => (each.editions ?? []).some((e) => e.stock === 0));
    const none = soldOut.editions.find((e) => e.stock === 0)!;
    const out = await post(paths.book(soldOut._id), add(soldOut._id, none.language));
    expect(out.statusCode).toBe(409);
    expect(out.headers['set-cookie']).toBeUndefined();
    expect(out.headers['cache-control']).toBe('no-store');
    expect(out.body).toMatch(/<p role="alert"[^>]*>[^<]*is out of stock/);
    // The page shows the form as it was sent: the sold-out edition chosen, and named in the sentence.
    const language = none.language[0]!.toUpperCase() + none.language.slice(1);
    expect(out.body).toMatch(new RegExp(`<p role="alert"[^>]*>[^<]*\\(${language}\\) is out of stock`));
    expect(out.body).toMatch(new RegExp(`<input(?=[^>]*value="${none.language}")(?=[^>]*checked)[^>]*>`));

    const english = await withEditions(
      (each) => (each.editions ?? []).length === 1 && each.editions[0]!.language === 'english',
    );
    const notSold = await post(paths.book(english._id), add(english._id, 'bengali'));
    expect(notSold.statusCode).toBe(404);
    expect(notSold.body).toContain(messages('en')('book.notSold'));

    for (const quantity of ['0', '-1', '1.5', 'two']) {
      const bad = await post(paths.book(english._id), add(english._id, 'english', quantity));
      expect(bad.statusCode, quantity).toBe(400);
      expect(bad.headers['set-cookie']).toBeUndefined();
    }
    const unknown = await post(paths.books, add('01234567-89ab-7def-8123-456789abcdef', 'english'));
    expect(unknown.statusCode).toBe(404);
  });

  it('holds at most its lines, and says the cart is full', async () => {
    const full: CookieCartLine[] = Array.from({ length: COOKIE_CART_MAX_LINES }, (_, n) => ({
      bookId: `01234567-89ab-7def-8123-${String(n).padStart(12, '0')}`,
      language: 'english',
      quantity: 1,
      price: 10,
    }));
    // A full cart as the server writes one; under the 4 KB a browser keeps whole.
    const header = cookieCartHeader(full, app().config.jwtSecret!, false);
    expect(header.length).toBeLessThan(4096);
    const cookie = header.split(';')[0]!;
    const book = await withEditions((each) => (each.editions ?? []).some((e) => e.stock === null));
    const edition = book.editions.find((e) => e.stock === null)!;
    const refused = await post(paths.book(book._id), add(book._id, edition.language), cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(refused.body).toContain(messages('en')('book.cartFull'));
  });

  it('reads no cookie it did not sign: a forged or altered one is an empty cart', async () => {
    const book = await withEditions((each) => (each.editions ?? []).some((e) => e.stock === null));
    const edition = book.editions.find((e) => e.stock === null)!;
    const real = cookieOf(await post(paths.book(book._id), add(book._id, edition.language)));
    const [payload, signature] = (cookieValue(real.pair, COOKIE_CART) ?? '').split('.');
    const altered = cookieCartPayload([
      { bookId: book._id, language: edition.language, quantity: 9, price: 0 },
    ]);
    for (const cookie of [
      `${COOKIE_CART}=${altered}.${signature}`,
      `${COOKIE_CART}=${payload}.${'A'.repeat(signature!.length)}`,
      `${COOKIE_CART}=${payload}`,
    ]) {
      const cart = await app().inject({ method: 'GET', url: paths.cart, headers: { cookie } });
      expect(cart.statusCode).toBe(200);
      // The app's page unrendered: the browser's own cart.
      expect(rootText(cart.body), cookie).not.toContain(book.name);
      // An add onto it starts a cart of its own.
      const next = cookieOf(await post(paths.book(book._id), add(book._id, edition.language), cookie));
      expect(next.lines).toEqual([expect.objectContaining({ quantity: 1, price: edition.price })]);
    }
  });

  it('is refused from another site, and changes nothing', async () => {
    const book = (await books())[0]!;
    const res = await post(paths.book(book._id), add(book._id, 'english'), undefined, 'cross-site');
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe("the cart's lines without the script", () => {
  it('sets a line, removes it at 0, and ends the cookie with the last line', async () => {
    const [a, b] = (await books()).filter((each) => (each.editions ?? []).some((e) => e.stock === null));
    const lang = (book: Book) => book.editions.find((e) => e.stock === null)!.language;
    let cookie = cookieOf(await post(paths.book(a!._id), add(a!._id, lang(a!)))).pair;
    cookie = cookieOf(await post(paths.book(b!._id), add(b!._id, lang(b!)), cookie)).pair;

    const line = (book: Book, quantity: string) => ({
      _form: 'cartLine',
      bookId: book._id,
      language: lang(book),
      quantity,
    });
    const set = await post('/bn/cart', line(a!, '4'), cookie);
    expect(set.statusCode).toBe(303);
    expect(set.headers.location).toBe('/bn/cart');
    const four = cookieOf(set);
    expect(four.lines.map((each) => [each.bookId, each.quantity])).toEqual([
      [a!._id, 4],
      [b!._id, 1],
    ]);
    const removed = cookieOf(await post(paths.cart, line(a!, '0'), four.pair));
    expect(removed.lines.map((each) => each.bookId)).toEqual([b!._id]);
    const last = cookieOf(await post(paths.cart, line(b!, '0'), removed.pair));
    expect(last.header).toMatch(new RegExp(`^${COOKIE_CART}=; Max-Age=0`));

    // With no cookie, `/cart` is the app's own page (the browser's cart), not rendered here.
    const empty = await app().inject({ method: 'GET', url: paths.cart });
    expect(empty.statusCode).toBe(200);
    expect(rootText(empty.body)).not.toContain(a!.name);
  });

  it('keeps the cart out of every page that a cache may keep', async () => {
    const book = (await books()).find((each) => (each.editions ?? []).some((e) => e.stock === null))!;
    const edition = book.editions.find((e) => e.stock === null)!;
    const cookie = cookieOf(await post(paths.book(book._id), add(book._id, edition.language))).pair;
    for (const url of [paths.home, paths.books, paths.book(book._id)]) {
      const without = await app().inject({ method: 'GET', url });
      const withCart = await app().inject({ method: 'GET', url, headers: { cookie } });
      expect(withCart.headers.etag, url).toBe(without.headers.etag);
      expect(withCart.headers['set-cookie'], url).toBeUndefined();
    }
  });
});

describe('a flood of Add to Cart', () => {
  it("takes its turns for the database from one address, refuses it beyond its share, and serves another reader's", async () => {
    const book = (await books()).find((each) => (each.editions ?? []).some((e) => e.stock === null))!;
    const edition = book.editions.find((e) => e.stock === null)!;
    const from = (address: string) =>
      app().inject({
        method: 'POST',
        url: paths.book(book._id),
        remoteAddress: address,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        payload: form(add(book._id, edition.language)),
      });
    const flood = await Promise.all(Array.from({ length: 150 }, () => from('10.90.0.1')));
    const statuses = flood.map((res) => res.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 303).length).toBeGreaterThan(0);
    const refused = flood.filter((res) => res.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.headers['retry-after']).toBeDefined();
    // Another reader, meanwhile: served.
    const other = await from('10.90.0.2');
    expect(other.statusCode).toBe(303);
  });
});
