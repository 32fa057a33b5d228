import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBook, createUser } from '../../../test/support/factories';
import { books } from '../../db/schema';
import { authHeader } from '../../../test/support/app';
import { useTestApp } from '../../../test/support/use-test-app';

const { ctx } = useTestApp();

async function customer() {
  const user = await createUser(ctx.database.db);
  return { user, headers: await authHeader(ctx, user) };
}

describe('the server cart', () => {
  it('adds, updates, removes and clears, answering data.cart with the book fields', async () => {
    const { user, headers } = await customer();
    const a = await createBook(ctx.database.db, {
      name: 'Forty Hadith',
      price: 150,
      editions: [{ language: 'english' }, { language: 'urdu', price: 170 }],
    });
    const b = await createBook(ctx.database.db, { name: 'Fortress of the Muslim', price: 120 });
    const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

    const added = await call('POST', '/cart/add', { bookId: a.id, quantity: 2, userId: user.id });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.cart).toEqual([
      expect.objectContaining({
        _id: a.id,
        name: 'Forty Hadith',
        price: 150,
        quantity: 2,
        selectedLanguage: 'english',
      }),
    ]);
    // Adding again adds copies; another language of the book is a line of its own, at that edition's price.
    await call('POST', '/cart/add', { bookId: a.id, quantity: 1, userId: user.id });
    await call('POST', '/cart/add', { bookId: a.id, quantity: 1, userId: user.id, selectedLanguage: 'Urdu' });
    await call('POST', '/cart/add', { bookId: b.id, quantity: 1, userId: user.id });
    const lines = (await ctx.app.inject({ url: '/api/cart', headers })).json().data.cart;
    expect(
      lines.map((l: { quantity: number; selectedLanguage: string; price: number }) => [
        l.selectedLanguage,
        l.quantity,
        l.price,
      ]),
    ).toEqual([
      ['english', 3, 150],
      ['urdu', 1, 170],
      ['english', 1, 120],
    ]);
    // A language the book is not printed in is refused, and changes nothing.
    const addIn = (selectedLanguage: string) =>
      call('POST', '/cart/add', { bookId: b.id, quantity: 1, userId: user.id, selectedLanguage });
    const notOffered = await addIn('bengali');
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toMatchObject({
      error: 'This book is not offered in that language',
      code: 'EDITION_NOT_OFFERED',
    });
    const unknown = await addIn('klingon');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([
      expect.objectContaining({ path: 'body.selectedLanguage', message: 'Unknown language' }),
    ]);

    const updated = await call('PATCH', '/cart/update', {
      bookId: a.id,
      quantity: 5,
      userId: user.id,
      selectedLanguage: 'urdu',
    });
    expect(
      updated
        .json()
        .data.cart.map((l: { quantity: number; selectedLanguage: string }) => [
          l.selectedLanguage,
          l.quantity,
        ]),
    ).toEqual([
      ['english', 3],
      ['urdu', 5],
      ['english', 1],
    ]);
    const zero = await call('PATCH', '/cart/update', { bookId: b.id, quantity: 0, userId: user.id });
    expect(zero.json().data.cart.map((l: { _id: string }) => l._id)).toEqual([a.id, a.id]);
    await call('DELETE', '/cart/remove', { bookId: a.id, userId: user.id, selectedLanguage: 'urdu' });
    const removed = await call('DELETE', '/cart/remove', { bookId: a.id, userId: user.id });
    expect(removed.json()).toMatchObject({ data: { cart: [] }, message: 'Removed from cart' });
    await call('POST', '/cart/add', { bookId: b.id, quantity: 1, userId: user.id });
    const cleared = await call('DELETE', '/cart/clear');
    expect(cleared.json()).toMatchObject({ data: { cart: [] }, message: 'Cart cleared' });
  });

  it("refuses guests, admins, other users' ids, negative and fractional quantities, unknown books", async () => {
    const { user, headers } = await customer();
    const other = await createUser(ctx.database.db);
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    const book = await createBook(ctx.database.db);
    const add = (payload: object, h: Record<string, string> = headers) =>
      ctx.app.inject({ method: 'POST', url: '/api/cart/add', headers: h, payload });

    expect((await add({ bookId: book.id, quantity: 1, userId: user.id }, {})).statusCode).toBe(401);
    expect(
      (await add({ bookId: book.id, quantity: 1, userId: admin.id }, await authHeader(ctx, admin)))
        .statusCode,
    ).toBe(403);
    expect((await add({ bookId: book.id, quantity: 1, userId: other.id })).statusCode).toBe(403);
    expect((await add({ bookId: book.id, quantity: -1, userId: user.id })).statusCode).toBe(400);
    expect((await add({ bookId: book.id, quantity: 1.5, userId: user.id })).statusCode).toBe(400);
    expect((await add({ bookId: book.id, quantity: '2', userId: user.id })).statusCode).toBe(400);
    const unknown = await add({
      bookId: '0190b0a0-0000-7000-8000-000000000000',
      quantity: 1,
      userId: user.id,
    });
    expect(unknown.statusCode).toBe(404);
    const negative = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/cart/update',
      headers,
      payload: { bookId: book.id, quantity: -3, userId: user.id },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error).toBe('Quantity cannot be negative');
    const otherRemove = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/cart/remove',
      headers,
      payload: { bookId: book.id, userId: other.id },
    });
    expect(otherRemove.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/cart', headers })).json().data.cart).toEqual([]);
  });

  it("refuses to update another user's cart with 403, changing neither cart", async () => {
    const me = await customer();
    const them = await customer();
    const book = await createBook(ctx.database.db);
    for (const { user, headers } of [me, them]) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/cart/add',
        headers,
        payload: { bookId: book.id, quantity: 2, userId: user.id },
      });
    }
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/cart/update',
      headers: me.headers,
      payload: { bookId: book.id, quantity: 7, userId: them.user.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      error: 'You can only change your own cart',
      code: 'NOT_YOUR_CART',
    });
    for (const { headers } of [me, them]) {
      const cart = (await ctx.app.inject({ url: '/api/cart', headers })).json().data.cart;
      expect(cart).toEqual([expect.objectContaining({ _id: book.id, quantity: 2 })]);
    }
  });

  it('merges a guest cart after login, skipping books that are gone', async () => {
    const { headers } = await customer();
    const book = await createBook(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/merge',
      headers,
      payload: {
        lines: [
          { bookId: book.id, quantity: 2 },
          { bookId: '0190b0a0-0000-7000-8000-000000000000', quantity: 1 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.cart).toEqual([expect.objectContaining({ _id: book.id, quantity: 2 })]);
  });

  it('names a changed price and a removed book on the line, and totals at current prices', async () => {
    const { user, headers } = await customer();
    const raised = await createBook(ctx.database.db, { name: 'Raised', price: 100 });
    const gone = await createBook(ctx.database.db, { name: 'Gone', price: 80 });
    const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      ctx.app.inject({ method, url: `/api${url}`, headers, payload });
    await call('POST', '/cart/add', { bookId: raised.id, quantity: 1, userId: user.id });
    await call('POST', '/cart/add', { bookId: gone.id, quantity: 2, userId: user.id });

    await ctx.database.db.update(books).set({ pricePaise: 20000 }).where(eq(books.id, raised.id));
    await ctx.database.db.delete(books).where(eq(books.id, gone.id));
    const cart = (await ctx.app.inject({ url: '/api/cart', headers })).json().data.cart;
    expect(cart).toEqual([
      expect.objectContaining({ _id: raised.id, price: 200, previousPrice: 100, available: true }),
      expect.objectContaining({ _id: gone.id, name: 'Gone', price: 80, quantity: 2, available: false }),
    ]);
    expect(cart[1]).not.toHaveProperty('previousPrice');

    // Changing the line in the cart, where the new price is shown, takes it as seen.
    const updated = await call('PATCH', '/cart/update', { bookId: raised.id, quantity: 2, userId: user.id });
    expect(updated.json().data.cart[0]).toMatchObject({ price: 200, quantity: 2, available: true });
    expect(updated.json().data.cart[0]).not.toHaveProperty('previousPrice');
    // The line of the removed book goes when the customer removes it.
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/cart/remove',
      headers,
      payload: { bookId: gone.id, userId: user.id },
    });
    expect(removed.json().data.cart.map((line: { _id: string }) => line._id)).toEqual([raised.id]);
  });

  it('keeps the price a guest saw through the merge, so that a change since is still named', async () => {
    const { headers } = await customer();
    const book = await createBook(ctx.database.db, { price: 150 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/merge',
      headers,
      payload: { lines: [{ bookId: book.id, quantity: 1, price: 120 }] },
    });
    expect(res.json().data.cart).toEqual([expect.objectContaining({ price: 150, previousPrice: 120 })]);
  });
});

describe('POST /api/cart/prices', () => {
  it("answers the current fields of a guest cart's books to anyone, leaving out books that are gone", async () => {
    const a = await createBook(ctx.database.db, { name: 'Kept', price: 199.5 });
    const gone = await createBook(ctx.database.db, { name: 'Gone' });
    await ctx.database.db.delete(books).where(eq(books.id, gone.id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/prices',
      payload: { bookIds: [a.id, gone.id, a.id.toUpperCase()] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data.books).toEqual([
      {
        _id: a.id,
        name: 'Kept',
        author: a.author,
        description: a.description,
        // Its words in Urdu and Bengali (none here), which those pages name its cart line with.
        translations: {},
        price: 199.5,
        images: a.images,
        stock: null,
        editions: [{ language: 'english', stock: null, price: 199.5, ownPrice: false }],
      },
    ]);
  });

  it('refuses a malformed list with 400 and its details', async () => {
    for (const payload of [
      {},
      { bookIds: ['nope'] },
      { bookIds: Array.from({ length: 201 }, () => crypto.randomUUID()) },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/cart/prices', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });
});
