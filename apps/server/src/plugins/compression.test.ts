import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook } from '../../test/support/factories';
import { createTestApp, type TestContext } from '../../test/support/app';

let ctx: TestContext;

beforeAll(async () => {
  // The public read cache on, as in production: it must keep working with compressed answers.
  ctx = await createTestApp({ PUBLIC_CACHE_TTL_MS: '30000' });
  for (let i = 0; i < 5; i++)
    await createBook(ctx.database.db, { description: 'A long description. '.repeat(20) });
});

afterAll(async () => {
  await ctx.close();
});

const get = (url: string, encoding?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('compression', () => {
  it('sends a page in brotli to a browser that accepts it, and plain text to one that does not', async () => {
    const plain = await get('/about');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await get('/about', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses API answers over 1 KB, also when they come from the public read cache', async () => {
    const first = await get('/api/books', 'gzip');
    expect(first.headers['content-encoding']).toBe('gzip');
    const books = JSON.parse(zlib.gunzipSync(first.rawPayload).toString()) as { data: unknown[] };
    expect(books.data).toHaveLength(5);

    const cached = await get('/api/books', 'br');
    expect(cached.headers['x-cache']).toBe('hit');
    expect(cached.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(cached.rawPayload).toString())).toEqual(books);
    // The cache keeps the plain text: a client without compression gets it as it is.
    expect((await get('/api/books')).json()).toEqual(books);
  });

  it('leaves small answers as they are', async () => {
    const health = await get('/api/health', 'br');
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('sends the build’s own compressed copy of an asset, cached for a year', async () => {
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const res = await get('/assets/index-abc123.js', encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
  });
});
