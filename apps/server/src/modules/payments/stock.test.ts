// @database: the last copies under parallel checkouts
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createBook, createUser, setEditionStock } from '../../../test/support/factories';
import { books, orders } from '../../db/schema';
import { authHeader, createTestApp } from '../../../test/support/app';
import {
  buyAsGuest,
  expectNetRevenue,
  guestBuyer,
  payInSandbox,
  postCheckout,
  sendPaymentProof,
} from '../../../test/support/purchase';
import { useTestApp } from '../../../test/support/use-test-app';

const { ctx } = useTestApp();
// Whatever a test sold, took back or refused, the desk's revenue is what was paid less what was refunded.
afterEach(async () => {
  const admin = await createUser(ctx.database.db, { role: 'admin' });
  await expectNetRevenue(ctx, await authHeader(ctx, admin));
});

async function bookWithStock(name: string, stock: number | null, price = 250) {
  const book = await createBook(ctx.database.db, { name, price });
  await setEditionStock(ctx.database.db, book.id, stock);
  return book;
}

const stockOf = async (id: string) =>
  (await ctx.database.db.select({ stock: books.stock }).from(books).where(eq(books.id, id)))[0]?.stock;

/** Each checkout from an address of its own: the per-address limit has its own tests. */
const createPaymentOrder = (payload: object) => postCheckout(ctx, { guestInfo: guestBuyer, ...payload });

/** Pays in the sandbox as the checkout window's "Pay" does, then verifies as the browser does. */
async function payAndVerify(orderId: string) {
  return sendPaymentProof(ctx, await payInSandbox(ctx, orderId));
}

describe('stock on the book screens', () => {
  it('is set on create and edit, kept when an edit leaves it out, and refused when not a whole number >= 0', async () => {
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    const headers = await authHeader(ctx, admin);
    const book = await createBook(ctx.database.db, { name: 'Bulugh al-Maram' });
    const edit = (body: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/books/${book.id}`,
        headers,
        payload: {
          name: 'Bulugh al-Maram',
          description: 'Hadith of rulings',
          author: 'Ibn Hajar',
          price: 300,
          ...body,
        },
      });
    expect((await ctx.app.inject({ url: `/api/books/${book.id}` })).json().data.stock).toBeNull();
    const set = await edit({ stock: 7 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.stock).toBe(7);
    expect((await edit({})).json().data.stock).toBe(7);
    expect((await edit({ stock: '' })).json().data.stock).toBeNull();
    for (const stock of [-1, 1.5, 'many']) {
      const refused = await edit({ stock });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([
        expect.objectContaining({ path: 'body.stock', message: expect.stringMatching(/^Stock /) }),
      ]);
    }
  });
});

describe('stock at the cart and the checkout', () => {
  it('refuses more copies than are left at cart add and update, naming the book', async () => {
    const user = await createUser(ctx.database.db);
    const headers = await authHeader(ctx, user);
    const few = await bookWithStock('Forty Hadith', 2);
    const gone = await bookWithStock('Fortress of the Muslim', 0);
    const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      ctx.app.inject({ method, url: `/api${url}`, headers, payload: { userId: user.id, ...payload } });

    const tooMany = await call('POST', '/cart/add', { bookId: few.id, quantity: 3 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      success: false,
      error: 'Only 2 copies of Forty Hadith are left',
      code: 'NOT_ENOUGH_STOCK',
    });
    expect((await call('POST', '/cart/add', { bookId: few.id, quantity: 2 })).statusCode).toBe(200);
    // One more on top of the two in the cart is one too many.
    expect((await call('POST', '/cart/add', { bookId: few.id, quantity: 1 })).json().error).toBe(
      'Only 2 copies of Forty Hadith are left',
    );
    const update = await call('PATCH', '/cart/update', { bookId: few.id, quantity: 3 });
    expect(update.statusCode).toBe(400);
    expect(update.json().error).toBe('Only 2 copies of Forty Hadith are left');
    const outOfStock = await call('POST', '/cart/add', { bookId: gone.id, quantity: 1 });
    expect(outOfStock.statusCode).toBe(400);
    expect(outOfStock.json().error).toBe('Fortress of the Muslim is out of stock');

    const cart = await ctx.app.inject({ url: '/api/cart', headers });
    expect(cart.json().data.cart).toEqual([expect.objectContaining({ _id: few.id, quantity: 2, stock: 2 })]);
  });

  it("reports each book's stock to the guest cart's prices call", async () => {
    const few = await bookWithStock('Forty Hadith', 3);
    const untracked = await bookWithStock('Riyad as-Salihin', null);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/prices',
      payload: { bookIds: [few.id, untracked.id] },
    });
    expect(res.statusCode).toBe(200);
    const byId = new Map(
      (res.json().data.books as { _id: string; stock: number | null }[]).map((b) => [b._id, b.stock]),
    );
    expect(byId.get(few.id)).toBe(3);
    expect(byId.get(untracked.id)).toBeNull();
  });

  it('refuses a payment order for more copies than are left, naming the book, and opens nothing', async () => {
    const few = await bookWithStock('Forty Hadith', 2);
    const gone = await bookWithStock('Fortress of the Muslim', 0);
    const refused = await createPaymentOrder({ cartItems: [{ book: few.id, quantity: 3 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'Only 2 copies of Forty Hadith are left',
      code: 'NOT_ENOUGH_STOCK',
    });
    const out = await createPaymentOrder({ cartItems: [{ book: gone.id, quantity: 1 }] });
    expect(out.statusCode).toBe(400);
    expect(out.json().error).toBe('Fortress of the Muslim is out of stock');
    // Two lines of one book count together.
    const split = await createPaymentOrder({
      cartItems: [
        { book: few.id, quantity: 2 },
        { book: { _id: few.id }, quantity: 1 },
      ],
    });
    expect(split.statusCode).toBe(400);
    expect((await createPaymentOrder({ cartItems: [{ book: few.id, quantity: 2 }] })).statusCode).toBe(200);
  });
});

describe('stock taken by an order', () => {
  it('decrements the stock of tracked books once, however often the payment is verified', async () => {
    const tracked = await bookWithStock('Forty Hadith', 5);
    const untracked = await bookWithStock('Riyad as-Salihin', null);
    const created = await createPaymentOrder({
      cartItems: [
        { book: tracked.id, quantity: 2 },
        { book: untracked.id, quantity: 4 },
      ],
    });
    expect(created.statusCode).toBe(200);
    const verified = await payAndVerify(created.json().orderId);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().order.backordered).toBe(false);
    expect(await stockOf(tracked.id)).toBe(3);
    expect(await stockOf(untracked.id)).toBeNull();
  });

  it('20 buyers of the last copy all pay at once: one order, 19 backordered, none lost, stock 0', async () => {
    const last = await bookWithStock('The Sealed Nectar', 1);
    // Every payment order is opened before anyone pays, so every one passes the checkout's check.
    const opened = [];
    for (let i = 0; i < 20; i += 1) {
      const res = await createPaymentOrder({ cartItems: [{ book: last.id, quantity: 1 }] });
      expect(res.statusCode).toBe(200);
      opened.push(res.json().orderId as string);
    }
    const results = await Promise.all(opened.map((orderId) => payAndVerify(orderId)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const answered = results.map((r) => r.json().order as { _id: string; backordered: boolean });
    expect(new Set(answered.map((order) => order._id)).size).toBe(20);
    expect(answered.filter((order) => !order.backordered)).toHaveLength(1);
    expect(answered.filter((order) => order.backordered)).toHaveLength(19);

    const [{ n } = { n: 0 }] = await ctx.database.db.select({ n: count() }).from(orders);
    expect(n).toBe(20);
    const [{ n: backordered } = { n: 0 }] = await ctx.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.backordered, true));
    expect(backordered).toBe(19);
    expect(await stockOf(last.id)).toBe(0);

    // The desk lists them with the flag.
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    const desk = await ctx.app.inject({
      url: '/api/orders/admin/all',
      headers: await authHeader(ctx, admin),
    });
    const listed = desk.json().data.orders as { backordered: unknown }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((order) => typeof order.backordered === 'boolean')).toBe(true);
  });
});

describe('the stock the public book answers show', () => {
  it('follows a paid order and its cancellation at once, with the public cache on', async () => {
    const cached = await createTestApp({ PUBLIC_CACHE_TTL_MS: '30000' });
    try {
      const admin = await authHeader(cached, await createUser(cached.database.db, { role: 'admin' }));
      const book = await createBook(cached.database.db, { name: 'Zad al-Maad', price: 400 });
      await setEditionStock(cached.database.db, book.id, 4);
      const shown = async () =>
        (await cached.app.inject({ url: `/api/books/${book.id}` })).json().data.stock as number;
      expect(await shown()).toBe(4);
      const order = await buyAsGuest(cached, [{ bookId: book.id, quantity: 3 }]);
      expect(await shown()).toBe(1);
      const cancelled = await cached.app.inject({
        method: 'POST',
        url: `/api/orders/admin/${order._id}/cancel`,
        headers: admin,
        payload: { reason: 'Ordered twice by mistake' },
      });
      expect(cancelled.statusCode).toBe(200);
      expect(await shown()).toBe(4);
    } finally {
      await cached.close();
    }
  });
});
