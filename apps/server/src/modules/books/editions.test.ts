// @database: stock per edition under parallel orders
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBook, createUser } from '../../../test/support/factories';
import { bookEditions, books, orderItems } from '../../db/schema';
import { authHeader } from '../../../test/support/app';
import { multipart } from '../../../test/support/multipart';
import { buyAsGuest, openCheckout, payInSandbox } from '../../../test/support/purchase';
import { makeImage } from '../../../test/support/test-images';
import { useTestApp } from '../../../test/support/use-test-app';

const { ctx } = useTestApp();

const adminHeaders = async () => authHeader(ctx, await createUser(ctx.database.db, { role: 'admin' }));

const editionStock = async (bookId: string, language: 'english' | 'urdu' | 'bengali') =>
  (
    await ctx.database.db
      .select({ stock: bookEditions.stock })
      .from(bookEditions)
      .where(and(eq(bookEditions.bookId, bookId), eq(bookEditions.language, language)))
  )[0]?.stock;

const bookStock = async (id: string) =>
  (await ctx.database.db.select({ stock: books.stock }).from(books).where(eq(books.id, id)))[0]?.stock;

/** Each checkout from an address of its own: the per-address limit has its own tests. */
let buyers = 0;
const createPaymentOrder = (cartItems: object[]) => {
  buyers += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/create-razorpay-order',
    payload: {
      cartItems,
      guestInfo: {
        name: 'Rafiqul Islam',
        email: `rafiq-${buyers}@example.com`,
        phone: '9831122334',
        address: {
          addressLine1: '9 College Street',
          city: 'Kolkata',
          state: 'West Bengal',
          pincode: '700073',
        },
      },
    },
    remoteAddress: `10.61.${buyers >> 8}.${buyers & 255}`,
  });
};

describe('editions on the book screens', () => {
  it('creates a book in three languages from the multipart form, each with its stock and price', async () => {
    const headers = await adminHeaders();
    const body = await multipart([
      { name: 'name', value: 'Fortress of the Muslim' },
      { name: 'description', value: 'Supplications for every day.' },
      { name: 'author', value: "Sa'id al-Qahtani" },
      { name: 'price', value: '120' },
      {
        name: 'editions',
        value: JSON.stringify([
          { language: 'English', stock: '10' },
          { language: 'bengali', stock: 4, price: '110' },
          { language: 'urdu', stock: '' },
        ]),
      },
      { name: 'images', file: await makeImage('png', 300, 400), filename: 'cover.png' },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/books',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    const book = res.json().data;
    expect(book.editions).toEqual([
      { language: 'english', stock: 10, price: 120, ownPrice: false },
      { language: 'bengali', stock: 4, price: 110, ownPrice: true },
      { language: 'urdu', stock: null, price: 120, ownPrice: false },
    ]);
    // One edition is not counted, so the book never runs out as a whole.
    expect(book.stock).toBeNull();
    const read = await ctx.app.inject({ url: `/api/books/${book._id}` });
    expect(read.json().data.editions).toEqual(book.editions);
  });

  it('replaces the editions on an edit, and keeps the book stock as their sum', async () => {
    const headers = await adminHeaders();
    const book = await createBook(ctx.database.db, { name: 'Forty Hadith', price: 180, stock: 5 });
    expect(await bookStock(book.id)).toBe(5);
    const edit = (body: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/books/${book.id}`,
        headers,
        payload: { name: 'Forty Hadith', description: 'Hadith', author: 'an-Nawawi', price: 180, ...body },
      });
    // One edition: a plain stock edit sets it.
    expect((await edit({ stock: 7 })).json().data.editions).toEqual([
      { language: 'english', stock: 7, price: 180, ownPrice: false },
    ]);
    const two = await edit({
      editions: [
        { language: 'urdu', stock: 2, price: 200 },
        { language: 'english', stock: 7 },
      ],
    });
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().data).toMatchObject({
      stock: 9,
      editions: [
        { language: 'urdu', stock: 2, price: 200, ownPrice: true },
        { language: 'english', stock: 7, price: 180, ownPrice: false },
      ],
    });
    // With two editions a bare stock is ambiguous: refused, and nothing changes.
    const ambiguous = await edit({ stock: 1 });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().details).toEqual([expect.objectContaining({ path: 'body.stock' })]);
    expect(await bookStock(book.id)).toBe(9);
    // Dropping an edition removes it.
    const one = await edit({ editions: [{ language: 'english', stock: 3 }] });
    expect(one.json().data).toMatchObject({ stock: 3, editions: [{ language: 'english', stock: 3 }] });
    expect(await editionStock(book.id, 'urdu')).toBeUndefined();
  });

  it('refuses an empty list, a language twice, an unknown language and a bad stock, changing nothing', async () => {
    const headers = await adminHeaders();
    const book = await createBook(ctx.database.db, { name: 'Forty Hadith', price: 180, stock: 5 });
    for (const [editions, message] of [
      [[], 'A book needs at least one edition'],
      [
        [
          { language: 'urdu', stock: 1 },
          { language: 'Urdu', stock: 2 },
        ],
        'Each language can have only one edition',
      ],
      [[{ language: 'latin', stock: 1 }], 'Unknown language'],
      [[{ language: 'urdu', stock: -1 }], 'Stock cannot be negative'],
      [[{ language: 'urdu', stock: 1, price: 'free' }], 'Price must be a number'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/books/${book.id}`,
        headers,
        payload: { name: 'Changed', description: 'Hadith', author: 'an-Nawawi', price: 1, editions },
      });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().details.map((d: { message: string }) => d.message)).toContain(message);
    }
    const read = (await ctx.app.inject({ url: `/api/books/${book.id}` })).json().data;
    expect(read).toMatchObject({
      name: 'Forty Hadith',
      stock: 5,
      editions: [{ language: 'english', stock: 5 }],
    });
  });
});

describe('buying an edition', () => {
  it('charges the edition’s own price and names the edition on the order, the CSV and out-of-stock messages', async () => {
    const book = await createBook(ctx.database.db, {
      name: 'Stories of the Prophets',
      price: 540,
      editions: [
        { language: 'english', stock: 3 },
        { language: 'bengali', stock: 1, price: 495 },
      ],
    });
    const order = await buyAsGuest(ctx, [{ bookId: book.id, quantity: 1, selectedLanguage: 'bengali' }]);
    // ₹495 and ₹50 for the started pair of books.
    expect(order.amount).toBe(545);
    expect(order.items).toEqual([expect.objectContaining({ selectedLanguage: 'bengali', quantity: 1 })]);
    expect(await editionStock(book.id, 'bengali')).toBe(0);
    expect(await editionStock(book.id, 'english')).toBe(3);
    expect(await bookStock(book.id)).toBe(3);

    const out = await createPaymentOrder([{ book: book.id, quantity: 1, selectedLanguage: 'bengali' }]);
    expect(out.statusCode).toBe(400);
    expect(out.json().error).toBe('Stories of the Prophets (Bengali) is out of stock');
    const notOffered = await createPaymentOrder([{ book: book.id, quantity: 1, selectedLanguage: 'urdu' }]);
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().code).toBe('EDITION_NOT_OFFERED');

    const csv = await ctx.app.inject({ url: '/api/orders/admin/export-csv', headers: await adminHeaders() });
    expect(csv.statusCode).toBe(200);
    const rows = parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), { columns: true });
    expect(rows.find((row) => row['Order Number'] === order.orderNumber)?.Items).toBe(
      'Stories of the Prophets (Bengali) x1',
    );
  });

  it('20 buyers race for the last Bengali copy: one order takes it, none is charged for nothing, English stays buyable', async () => {
    const book = await createBook(ctx.database.db, {
      name: 'Forty Hadith',
      price: 180,
      editions: [
        { language: 'english', stock: 5 },
        { language: 'bengali', stock: 1 },
      ],
    });
    const bengali = [{ book: book.id, quantity: 1, selectedLanguage: 'bengali' }];
    // Each buyer opens a checkout and pays as soon as it opens, all at once.
    type Outcome = { order: { _id: string; backordered: boolean } } | { refused: string };
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async (): Promise<Outcome> => {
        const opened = await createPaymentOrder(bengali);
        if (opened.statusCode !== 200) return { refused: opened.json().error as string };
        const proof = await payInSandbox(ctx, opened.json().orderId as string);
        const verified = await ctx.app.inject({
          method: 'POST',
          url: '/api/payments/verify-razorpay-payment',
          payload: proof,
        });
        expect(verified.statusCode, verified.body).toBe(200);
        return { order: verified.json().order as { _id: string; backordered: boolean } };
      }),
    );
    const orders = outcomes.flatMap((outcome) => ('order' in outcome ? [outcome.order] : []));
    const refused = outcomes.flatMap((outcome) => ('refused' in outcome ? [outcome.refused] : []));
    // Every buyer either paid and has an order, or was refused before paying.
    expect(orders.length + refused.length).toBe(20);
    expect(new Set(refused)).toEqual(
      new Set(refused.length ? ['Forty Hadith (Bengali) is out of stock'] : []),
    );
    expect(orders.filter((order) => !order.backordered)).toHaveLength(1);
    const taken = await ctx.database.db
      .select({ stockTaken: orderItems.stockTaken })
      .from(orderItems)
      .where(eq(orderItems.bookId, book.id));
    expect(taken.reduce((sum, row) => sum + row.stockTaken, 0)).toBe(1);
    expect(await editionStock(book.id, 'bengali')).toBe(0);
    expect(await editionStock(book.id, 'english')).toBe(5);

    // The Bengali edition can no longer be bought; the English one can.
    expect((await createPaymentOrder(bengali)).statusCode).toBe(400);
    const english = await buyAsGuest(ctx, [{ bookId: book.id, quantity: 2, selectedLanguage: 'english' }]);
    expect(english.backordered).toBe(false);
    expect(await editionStock(book.id, 'english')).toBe(3);
    expect(await bookStock(book.id)).toBe(3);
  });

  it('a cancelled order gives its copies back to the edition they came from', async () => {
    const book = await createBook(ctx.database.db, {
      name: 'Forty Hadith',
      price: 180,
      editions: [
        { language: 'english', stock: 5 },
        { language: 'urdu', stock: 4 },
      ],
    });
    const order = await buyAsGuest(ctx, [
      { bookId: book.id, quantity: 3, selectedLanguage: 'urdu' },
      { bookId: book.id, quantity: 1, selectedLanguage: 'english' },
    ]);
    expect([await editionStock(book.id, 'urdu'), await editionStock(book.id, 'english')]).toEqual([1, 4]);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order._id}/cancel`,
      headers: await adminHeaders(),
      payload: { reason: 'The customer asked' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect([await editionStock(book.id, 'urdu'), await editionStock(book.id, 'english')]).toEqual([4, 5]);
    expect(await bookStock(book.id)).toBe(9);
  });

  it('a guest cart reads each edition’s price and stock from the prices call', async () => {
    const book = await createBook(ctx.database.db, {
      price: 300,
      editions: [
        { language: 'english', stock: 2 },
        { language: 'urdu', stock: 0, price: 280 },
      ],
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/prices',
      payload: { bookIds: [book.id] },
    });
    expect(res.json().data.books[0]).toMatchObject({
      stock: 2,
      editions: [
        { language: 'english', stock: 2, price: 300 },
        { language: 'urdu', stock: 0, price: 280 },
      ],
    });
    // Checkout lines of one edition count together; the two editions do not.
    const ok = await openCheckout(ctx, [{ bookId: book.id, quantity: 2, selectedLanguage: 'english' }]);
    expect(ok).toMatch(/^order_/);
    const tooMany = await createPaymentOrder([
      { book: book.id, quantity: 1 },
      { book: book.id, quantity: 2, selectedLanguage: 'english' },
    ]);
    expect(tooMany.json().error).toBe(`Only 2 copies of ${book.name} (English) are left`);
  });
});
