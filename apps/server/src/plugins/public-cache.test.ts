import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBook, createFatwah, createUser } from '../db/factories';
import { authHeader, createTestApp, type TestContext } from '../test/app';
import { truncateAll } from '../test/database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_CACHE_TTL_MS: '30000' });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await truncateAll(ctx.database);
  // Empty the cache too: a write to each area.
  for (const area of ['books', 'fatwahs', 'articles'] as const) ctx.app.invalidatePublicCache(area);
});

describe('the public read cache', () => {
  it('answers repeated public reads from memory, with an ETag and 304', async () => {
    await createBook(ctx.database.db, { name: 'Forty Hadith' });
    const first = await ctx.app.inject({ url: '/api/books' });
    expect(first.headers['x-cache']).toBeUndefined();
    const second = await ctx.app.inject({ url: '/api/books' });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toMatch(/application\/json/);
    const etag = String(second.headers.etag);
    const revalidated = await ctx.app.inject({ url: '/api/books', headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
  });

  it("forgets an area's answers as soon as an admin changes it", async () => {
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    const headers = await authHeader(ctx, admin);
    const book = await createBook(ctx.database.db, { name: 'Old name', price: 100 });
    await ctx.app.inject({ url: `/api/books/${book.id}` });
    expect((await ctx.app.inject({ url: `/api/books/${book.id}` })).headers['x-cache']).toBe('hit');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${book.id}`,
      headers,
      payload: { name: 'New name', description: 'd', author: 'a', price: 120 },
    });
    expect(put.statusCode).toBe(200);
    const after = await ctx.app.inject({ url: `/api/books/${book.id}` });
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().data).toMatchObject({ name: 'New name', price: 120 });
  });

  it('never serves an admin from it, nor keeps what an admin sees', async () => {
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    const headers = await authHeader(ctx, admin);
    const draft = await createFatwah(ctx.database.db, { status: 'draft', askerEmail: 'private@example.com' });
    const asAdmin = await ctx.app.inject({ url: `/api/fatwahs/${draft.id}`, headers });
    expect(asAdmin.json().data.askerEmail).toBe('private@example.com');
    const again = await ctx.app.inject({ url: `/api/fatwahs/${draft.id}`, headers });
    expect(again.headers['x-cache']).toBeUndefined();
    const asGuest = await ctx.app.inject({ url: `/api/fatwahs/${draft.id}` });
    expect(asGuest.statusCode).toBe(404);
  });
});
