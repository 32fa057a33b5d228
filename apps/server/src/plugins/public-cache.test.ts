import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createArticle, createBook, createFatwah } from '../../test/support/factories';
import { signInAdmin, useTestApp } from '../../test/support/use-test-app';
import { CACHE_AREAS, PUBLIC_CACHE_MAX_BYTES, registerPublicCache } from './public-cache';

const { ctx } = useTestApp({ env: { PUBLIC_CACHE_TTL_MS: '30000' } });
beforeEach(() => {
  // Empty the cache too (the tables are emptied): a write to each area.
  for (const area of CACHE_AREAS) ctx.app.invalidatePublicCache(area);
});

/** Renames a book through the admin API: a write to the books area, at 120 rupees. */
async function renameBook(headers: Record<string, string>, id: string, name: string): Promise<void> {
  const put = await ctx.app.inject({
    method: 'PUT',
    url: `/api/books/${id}`,
    headers,
    payload: { name, description: 'd', author: 'a', price: 120 },
  });
  expect(put.statusCode).toBe(200);
}

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

  it('keeps a book search and sort apart from the plain list, by their validated values', async () => {
    await createBook(ctx.database.db, { name: 'Forty Hadith', author: 'Imam an-Nawawi', price: 120 });
    await createBook(ctx.database.db, { name: 'al-Adab al-Mufrad', author: 'Imam al-Bukhari', price: 300 });
    const names = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/books${query}` });
      return { cache: res.headers['x-cache'], names: res.json().data.map((b: { name: string }) => b.name) };
    };
    // Newest first.
    expect(await names('')).toEqual({ cache: undefined, names: ['al-Adab al-Mufrad', 'Forty Hadith'] });
    expect(await names('?search=bukhari')).toEqual({ cache: undefined, names: ['al-Adab al-Mufrad'] });
    expect(await names('?sort=price-desc')).toEqual({
      cache: undefined,
      names: ['al-Adab al-Mufrad', 'Forty Hadith'],
    });
    expect(await names('?sort=price-desc&other=1')).toEqual({
      cache: 'hit',
      names: ['al-Adab al-Mufrad', 'Forty Hadith'],
    });
    expect(await names('?search=%20bukhari%20')).toEqual({ cache: 'hit', names: ['al-Adab al-Mufrad'] });
  });

  it('opens no fanout without REDIS_URL or DATABASE_URL: one process has nobody to tell', () => {
    expect(ctx.app.publicCacheFanout).toBeUndefined();
  });

  it("forgets an area's answers as soon as an admin changes it", async () => {
    const headers = await signInAdmin(ctx);
    const book = await createBook(ctx.database.db, { name: 'Old name', price: 100 });
    await ctx.app.inject({ url: `/api/books/${book.id}` });
    expect((await ctx.app.inject({ url: `/api/books/${book.id}` })).headers['x-cache']).toBe('hit');
    await renameBook(headers, book.id, 'New name');
    const after = await ctx.app.inject({ url: `/api/books/${book.id}` });
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().data).toMatchObject({ name: 'New name', price: 120 });
  });

  it('never serves an admin from it, nor keeps what an admin sees', async () => {
    const headers = await signInAdmin(ctx);
    const draft = await createFatwah(ctx.database.db, { status: 'draft', askerEmail: 'private@example.com' });
    const asAdmin = await ctx.app.inject({ url: `/api/fatwahs/${draft.id}`, headers });
    expect(asAdmin.json().data.askerEmail).toBe('private@example.com');
    const again = await ctx.app.inject({ url: `/api/fatwahs/${draft.id}`, headers });
    expect(again.headers['x-cache']).toBeUndefined();
    const asGuest = await ctx.app.inject({ url: `/api/fatwahs/${draft.id}` });
    expect(asGuest.statusCode).toBe(404);
  });

  it('keeps the pages made from the database, the sitemap and the feeds, until their area changes', async () => {
    const headers = await signInAdmin(ctx);
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
    await renameBook(headers, book.id, 'New name');
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

/** An article's worth of text: 40 KB. */
const LONG_CONTENT = `<p>${'In the name of God, the Most Gracious, the Most Merciful. '.repeat(690)}</p>`;

/** Sends `urls`, `batch` at a time; their answers, in order. */
/**
 * Every URL from a reader of its own (an address each): one address may start only so many reads that miss the
 * cache (plugins/fair-reads.ts), and these are many readers, not one.
 */
async function injectAll(urls: string[], batch = 50) {
  const answers = [];
  for (let i = 0; i < urls.length; i += batch) {
    answers.push(
      ...(await Promise.all(
        urls
          .slice(i, i + batch)
          .map((url, j) => ctx.app.inject({ url, remoteAddress: `10.40.${(i + j) >> 8}.${(i + j) & 255}` })),
      )),
    );
  }
  return answers;
}

describe('the public read cache keys and size', () => {
  it('keeps one entry for a list read with 1,000 distinct unknown parameters, and answers them all from it', async () => {
    for (let i = 0; i < 12; i += 1) await createArticle(ctx.database.db, { content: LONG_CONTENT });
    const list = '/api/articles/published?page=1&limit=12&sortBy=publishedAt&sortOrder=desc';
    const first = await ctx.app.inject({ url: list });
    expect(first.statusCode).toBe(200);
    const kept = ctx.app.publicCacheStats();
    expect(kept.entries).toBe(1);

    const answers = await injectAll(Array.from({ length: 1000 }, (_, i) => `${list}&x=${i}`));
    expect(answers.every((res) => res.statusCode === 200 && res.headers['x-cache'] === 'hit')).toBe(true);
    expect(answers.every((res) => res.body === first.body)).toBe(true);
    expect(ctx.app.publicCacheStats()).toEqual(kept);
  });

  it('shares one entry between the orders, repeats, spellings and defaults of the known parameters', async () => {
    await createArticle(ctx.database.db, { title: 'Zakat on gold', tags: ['zakat', 'gold'] });
    const first = await ctx.app.inject({ url: '/api/articles/published' });
    expect(first.statusCode).toBe(200);
    const same = [
      '/api/articles/published?page=1',
      '/api/articles/published?page=01&limit=12',
      '/api/articles/published?sortOrder=desc&sortBy=publishedAt&limit=12&page=1',
      '/api/articles/published?limit=12&page=1&utm_source=mail&fbclid=abc',
      '/api/articles/published?search=&category=',
    ];
    for (const url of same) {
      const res = await ctx.app.inject({ url });
      expect(res.headers['x-cache'], url).toBe('hit');
      expect(res.body, url).toBe(first.body);
    }
    expect(ctx.app.publicCacheStats().entries).toBe(1);

    // Filters: the same search, category and set of tags, however written.
    const filtered = await ctx.app.inject({
      url: '/api/articles/published?search=zakat&tags=zakat&tags=gold',
    });
    expect(filtered.json().data.articles).toHaveLength(1);
    for (const url of [
      '/api/articles/published?tags=gold&tags=zakat&search=zakat',
      '/api/articles/published?tags=Gold&search=%20zakat%20&tags=zakat&tags=gold&page=1',
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.headers['x-cache'], url).toBe('hit');
      expect(res.body, url).toBe(filtered.body);
    }
    expect(ctx.app.publicCacheStats().entries).toBe(2);

    // Another page or search is another answer.
    const other = await ctx.app.inject({ url: '/api/articles/published?search=gold' });
    expect(other.headers['x-cache']).toBeUndefined();
    expect(ctx.app.publicCacheStats().entries).toBe(3);
  });

  it('keys a page by its path alone, since it reads no query', async () => {
    const book = await createBook(ctx.database.db, { name: 'Riyad as-Salihin' });
    const first = await ctx.app.inject({ url: `/book/${book.id}` });
    expect(first.statusCode).toBe(200);
    const answers = await injectAll(Array.from({ length: 200 }, (_, i) => `/book/${book.id}?ref=${i}`));
    expect(answers.every((res) => res.headers['x-cache'] === 'hit' && res.body === first.body)).toBe(true);
    expect((await ctx.app.inject({ url: `/api/books/${book.id}?x=1` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/books/${book.id}?x=2` })).headers['x-cache']).toBe('hit');
    expect(ctx.app.publicCacheStats().entries).toBe(2);
  });

  it("frees an area's entries at its next write, and keeps the others", async () => {
    const book = await createBook(ctx.database.db);
    await createArticle(ctx.database.db);
    await ctx.app.inject({ url: `/api/books/${book.id}` });
    await ctx.app.inject({ url: '/api/articles/recent' });
    await ctx.app.inject({ url: '/sitemap.xml' });
    expect(ctx.app.publicCacheStats().entries).toBe(3);
    ctx.app.invalidatePublicCache('books');
    // The book and the sitemap (made from books too) are gone; the recent articles stay.
    expect(ctx.app.publicCacheStats().entries).toBe(1);
    expect((await ctx.app.inject({ url: '/api/articles/recent' })).headers['x-cache']).toBe('hit');
  });

  it('holds 400 distinct valid list queries on 40 KB articles within its cap, each answer a few KB', async () => {
    for (let i = 0; i < 12; i += 1) await createArticle(ctx.database.db, { content: LONG_CONTENT });
    const urls = [];
    for (let limit = 1; limit <= 50; limit += 1) {
      for (const sortBy of ['publishedAt', 'createdAt', 'views', 'title']) {
        for (const sortOrder of ['asc', 'desc']) {
          urls.push(`/api/articles/published?limit=${limit}&sortBy=${sortBy}&sortOrder=${sortOrder}`);
        }
      }
    }
    const answers = await injectAll(urls);
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(answers.at(-1)!.json().data.articles).toHaveLength(12);
    const stats = ctx.app.publicCacheStats();
    expect(stats.maxBytes).toBe(PUBLIC_CACHE_MAX_BYTES);
    expect(stats.entries).toBe(400);
    expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);
    // A list of twelve 40 KB articles carries their excerpts, not their text.
    expect(stats.bytes / stats.entries).toBeLessThan(8 * 1024);
  });
});

describe('the public read cache on its own', () => {
  /** An app with only the cache and a route answering ~40 KB per page (the page number repeated). */
  async function bigAnswers(maxBytes: number) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerPublicCache(app, { ttlMs: 30_000, maxBytes });
    let made = 0;
    app.get(
      '/big',
      {
        config: { publicCache: 'articles' },
        schema: {
          querystring: z.object({ page: z.coerce.number().int().min(1), size: z.coerce.number().optional() }),
        },
      },
      async (request) => {
        made += 1;
        return { page: request.query.page, text: 'x'.repeat(request.query.size ?? 40_000) };
      },
    );
    await app.ready();
    return { app, made: () => made };
  }

  it('stays within its byte cap under many large distinct answers, dropping the least recently used', async () => {
    const maxBytes = 1024 * 1024;
    const { app, made } = await bigAnswers(maxBytes);
    for (let page = 1; page <= 200; page += 1) {
      const res = await app.inject({ url: `/big?page=${page}` });
      expect(res.statusCode).toBe(200);
      expect(app.publicCacheStats().bytes).toBeLessThanOrEqual(maxBytes);
    }
    const { entries, bytes } = app.publicCacheStats();
    // 40 KB answers in 1 MB: about 25 of them, the newest.
    expect(entries).toBeGreaterThanOrEqual(20);
    expect(entries).toBeLessThanOrEqual(25);
    expect(bytes).toBeGreaterThan(maxBytes * 0.75);
    expect((await app.inject({ url: '/big?page=200' })).headers['x-cache']).toBe('hit');
    expect((await app.inject({ url: '/big?page=1' })).headers['x-cache']).toBeUndefined();
    expect(made()).toBe(201);
    await app.close();
  });

  it('sends but does not keep an answer larger than an eighth of the cap', async () => {
    const maxBytes = 1024 * 1024;
    const { app, made } = await bigAnswers(maxBytes);
    const url = `/big?page=1&size=${maxBytes / 8 + 1}`;
    expect((await app.inject({ url })).statusCode).toBe(200);
    expect((await app.inject({ url })).headers['x-cache']).toBeUndefined();
    expect(made()).toBe(2);
    expect(app.publicCacheStats()).toMatchObject({ entries: 0, bytes: 0 });
    await app.close();
  });
});
