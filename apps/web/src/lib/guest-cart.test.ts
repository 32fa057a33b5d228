import { STORAGE_KEYS } from '@scholar/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aCartBook } from '../test/cart';
import { fakeApi } from '../test/fake-api';
import { priceGuestLines } from './cart';
import { guestCart, lineKey, mergeGuestCart } from './guest-cart';

afterEach(() => {
  vi.unstubAllGlobals();
});

const book = aCartBook();
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.localCart) ?? 'null') as unknown;

describe('the guest cart', () => {
  it('keeps two editions of one book as two lines, and adds copies of the same edition to its line', () => {
    guestCart.add(book, 1, 'english');
    guestCart.add({ ...book, price: 300 }, 2, 'bengali');
    guestCart.add(book, 3, 'english');
    expect(guestCart.read()).toEqual([
      expect.objectContaining({ _id: book._id, selectedLanguage: 'english', quantity: 4, price: 449.5 }),
      expect.objectContaining({ _id: book._id, selectedLanguage: 'bengali', quantity: 2, price: 300 }),
    ]);
    expect(guestCart.read().map(lineKey)).toEqual([`${book._id}:english`, `${book._id}:bengali`]);
  });

  it('counts a line kept without a language as English', () => {
    const { _id, name, author, description, price, images } = book;
    localStorage.setItem(
      STORAGE_KEYS.localCart,
      JSON.stringify([{ _id, name, author, description, price, images, quantity: 1 }]),
    );
    guestCart.add(book, 1, 'english');
    guestCart.add(book, 1, 'urdu');
    expect(stored()).toEqual([
      { _id, name, author, description, price, images, quantity: 2 },
      expect.objectContaining({ _id, selectedLanguage: 'urdu', quantity: 1 }),
    ]);
    guestCart.setQuantity(_id, 'english', 5);
    expect(guestCart.read().map((line) => line.quantity)).toEqual([5, 1]);
  });

  it('changes and removes one edition only', () => {
    guestCart.add(book, 1, 'english');
    guestCart.add({ ...book, price: 300 }, 1, 'bengali');
    guestCart.setQuantity(book._id, 'bengali', 3, 320);
    expect(guestCart.read()).toEqual([
      expect.objectContaining({ selectedLanguage: 'english', quantity: 1, price: 449.5 }),
      expect.objectContaining({ selectedLanguage: 'bengali', quantity: 3, price: 320 }),
    ]);
    guestCart.setQuantity(book._id, 'english', 0);
    expect(guestCart.read()).toEqual([expect.objectContaining({ selectedLanguage: 'bengali', quantity: 3 })]);
  });

  it('merges each line after login with its language and the price the guest saw', async () => {
    guestCart.add(book, 2, 'english');
    guestCart.add({ ...book, price: 300 }, 1, 'bengali');
    const calls = fakeApi({ 'POST /cart/merge': () => [200, { success: true, data: { cart: [] } }] });
    await mergeGuestCart();
    expect(calls.find((call) => call.path === '/cart/merge')?.body).toEqual({
      lines: [
        { bookId: book._id, quantity: 2, price: 449.5, selectedLanguage: 'english' },
        { bookId: book._id, quantity: 1, price: 300, selectedLanguage: 'bengali' },
      ],
    });
    expect(stored()).toBeNull();
  });
});

describe('priceGuestLines', () => {
  const priced = aCartBook({
    price: 449.5,
    stock: null,
    editions: [
      { language: 'english', stock: 4, price: 449.5, ownPrice: false },
      { language: 'bengali', stock: null, price: 320, ownPrice: true },
    ],
  });

  it("reads each line's own edition: its price, a change since the guest saw it, and its stock", () => {
    guestCart.add(book, 1, 'english');
    guestCart.add({ ...book, price: 300 }, 2, 'bengali');
    const lines = priceGuestLines(guestCart.read(), [priced]);
    expect(lines).toEqual([
      expect.objectContaining({ selectedLanguage: 'english', price: 449.5, stock: 4, available: true }),
      expect.objectContaining({
        selectedLanguage: 'bengali',
        price: 320,
        previousPrice: 300,
        stock: null,
        available: true,
      }),
    ]);
    expect(lines[0]).not.toHaveProperty('previousPrice');
  });

  it('leaves a line of an edition no longer offered unavailable, like a book that is gone', () => {
    guestCart.add(book, 1, 'urdu');
    guestCart.add(aCartBook({ _id: '0190b0a0-0000-7000-8000-000000000009', name: 'Gone' }), 1);
    expect(priceGuestLines(guestCart.read(), [priced])).toEqual([
      expect.objectContaining({ selectedLanguage: 'urdu', available: false }),
      expect.objectContaining({ name: 'Gone', available: false }),
    ]);
  });
});
