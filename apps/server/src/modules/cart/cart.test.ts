import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBook, createUser } from '../../db/factories';
import { authHeader, createTestApp, type TestContext } from '../../test/app';
import { truncateAll } from '../../test/database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await truncateAll(ctx.database);
});

async function customer() {
  const user = await createUser(ctx.database.db);
  return { user, headers: await authHeader(ctx, user) };
}

describe('the server cart', () => {
  it('adds, updates, removes and clears, answering data.cart with the book fields', async () => {
    const { user, headers } = await customer();
    const a = await createBook(ctx.database.db, { name: 'Forty Hadith', price: 150 });
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
    // Adding again adds copies.
    await call('POST', '/cart/add', { bookId: a.id, quantity: 1, userId: user.id, selectedLanguage: 'Urdu' });
    await call('POST', '/cart/add', { bookId: b.id, quantity: 1, userId: user.id });
    const lines = (await ctx.app.inject({ url: '/api/cart', headers })).json().data.cart;
    expect(lines.map((l: { quantity: number }) => l.quantity)).toEqual([3, 1]);
    expect(lines[0].selectedLanguage).toBe('urdu');

    const updated = await call('PATCH', '/cart/update', { bookId: a.id, quantity: 5, userId: user.id });
    expect(updated.json().data.cart[0].quantity).toBe(5);
    const zero = await call('PATCH', '/cart/update', { bookId: b.id, quantity: 0, userId: user.id });
    expect(zero.json().data.cart.map((l: { _id: string }) => l._id)).toEqual([a.id]);
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
});
