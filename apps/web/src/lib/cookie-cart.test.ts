import { COOKIE_CART, cookieCartPayload } from '@scholar/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aCartBook } from '../test/cart';
import { fakeApi } from '../test/fake-api';
import { cookieLineItem, takeCookieCart } from './cookie-cart';
import { guestCart } from './guest-cart';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = `${COOKIE_CART}=; Max-Age=0; Path=/`;
});

const book = aCartBook();
const prices = () =>
  fakeApi({ 'POST /cart/prices': () => [200, { success: true, data: { books: [book] } }] });

describe('the cart kept in a cookie, as the app starts (docs/decisions/064)', () => {
  it("moves the cookie's lines into the browser's cart, ends the cookie and fills in the books' fields", async () => {
    const calls = prices();
    const line = { bookId: book._id, language: 'english', quantity: 2, price: book.price };
    document.cookie = `${COOKIE_CART}=${cookieCartPayload([line])}.signature; Path=/`;

    expect(takeCookieCart()).toBe(1);
    expect(document.cookie).not.toContain(COOKIE_CART);
    await vi.waitFor(() => expect(guestCart.read()[0]?.name).toBe(book.name));
    expect(guestCart.read()).toEqual([
      expect.objectContaining({
        _id: book._id,
        quantity: 2,
        selectedLanguage: 'english',
        author: book.author,
      }),
    ]);
    expect(calls.map((call) => call.body)).toEqual([{ bookIds: [book._id] }]);
  });

  it('fills lines left blank by a page the reader left before their fields came back, with no cookie', async () => {
    const calls = prices();
    guestCart.write([cookieLineItem({ bookId: book._id, language: 'urdu', quantity: 1, price: book.price })]);

    expect(takeCookieCart()).toBe(0);
    await vi.waitFor(() => expect(guestCart.read()[0]?.name).toBe(book.name));
    expect(calls).toHaveLength(1);
  });

  it('asks the server for nothing when no line is blank', async () => {
    const calls = prices();
    guestCart.add(book, 1, 'english');
    expect(takeCookieCart()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([]);
  });
});
