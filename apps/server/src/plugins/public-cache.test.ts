import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createArticle, createBook, createFatwah, createUser } from '../db/factories';
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

  it('keeps the pages made from the database, the sitemap and the feeds, until their area changes', async () => {
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    const headers = await authHeader(ctx, admin);
    const book = await createBook(ctx.database.db, { name: 'Old name', price: 100 });
    const article = await createArticle(ctx.database.db, { title: 'First article' });

    for (const url of [`/book/${book.id}`, '/sitemap.xml', '/rss/articles.xml', '/rss/fatwahs.xml']) {
      const first = await ctx.app.inject({ url });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['x-cache'], url).toBeUndefined();
      const second = await ctx.app.inject({ url });
      expect(second.headers['x-cache'], url).toBe('hit');
      expect(second.body, url).toBe(first.body);
      expect(second.headers['content-type'], url).toBe(first.headers['content-type']);
      expect(second.headers['cache-control'], url).toBe(first.headers['cache-control']);
      expect(second.headers.etag, url).toBe(first.headers.etag);
    }

    // A book changes: its page and the sitemap are made again, the feeds stay.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${book.id}`,
      headers,
      payload: { name: 'New name', description: 'd', author: 'a', price: 120 },
    });
    expect(put.statusCode).toBe(200);
    const page = await ctx.app.inject({ url: `/book/${book.id}` });
    expect(page.headers['x-cache']).toBeUndefined();
    expect(page.body).toContain('<title>New name | Darul Ilm</title>');
    expect((await ctx.app.inject({ url: '/sitemap.xml' })).headers['x-cache']).toBeUndefined();
    expect((await ctx.app.inject({ url: '/rss/articles.xml' })).headers['x-cache']).toBe('hit');

    // An article is unpublished: its feed no longer lists it.
    const toggle = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/articles/admin/${article.id}/toggle-publish`,
      headers,
    });
    expect(toggle.statusCode).toBe(200);
    const feed = await ctx.app.inject({ url: '/rss/articles.xml' });
    expect(feed.headers['x-cache']).toBeUndefined();
    expect(feed.body).not.toContain('First article');
    expect((await ctx.app.inject({ url: '/rss/fatwahs.xml' })).headers['x-cache']).toBe('hit');
  });
});
