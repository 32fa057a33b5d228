import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBook, createUser } from '../db/factories';
import { authHeader, createTestApp, type TestContext } from '../../test/support/app';
import { truncateAll } from '../../test/support/database';
import { CACHE_AREAS } from './public-cache';

/** Hits answered before validation, with the headers and compressed copies worked out when the answer was kept. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_CACHE_TTL_MS: '30000' });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await truncateAll(ctx.database);
  for (const area of CACHE_AREAS) ctx.app.invalidatePublicCache(area);
});

const BROWSER = 'gzip, deflate, br, zstd';

/** Enough books for a list over the 1 KB under which answers go out uncompressed. */
async function books(count = 6) {
  for (let i = 0; i < count; i += 1) {
    await createBook(ctx.database.db, {
      name: `Forty Hadith, volume ${i + 1}`,
      description: 'x'.repeat(300),
    });
  }
}

describe('a public read answered from memory', () => {
  it('goes out compressed as the browser asks, the same bytes as the plain answer once decoded', async () => {
    await books();
    const plain = await ctx.app.inject({ url: '/api/books' });
    expect(plain.rawPayload.byteLength).toBeGreaterThan(1024);
    const br = await ctx.app.inject({ url: '/api/books', headers: { 'accept-encoding': BROWSER } });
    expect(br.headers['x-cache']).toBe('hit');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.byteLength);
    expect(br.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await ctx.app.inject({ url: '/api/books', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const identity = await ctx.app.inject({ url: '/api/books', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);

    // Weights are left to the compression plugin, which honours them.
    const weighted = await ctx.app.inject({
      url: '/api/books',
      headers: { 'accept-encoding': 'br;q=0, gzip;q=1' },
    });
    expect(weighted.headers['x-cache']).toBe('hit');
    expect(weighted.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(weighted.rawPayload).toString()).toBe(plain.body);
  });

  it('carries the security headers, the ETag and the cache policy of the answer it repeats', async () => {
    await books(1);
    const first = await ctx.app.inject({ url: '/api/books' });
    const hit = await ctx.app.inject({ url: '/api/books' });
    expect(hit.headers['x-cache']).toBe('hit');
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'referrer-policy',
      'etag',
      'cache-control',
      'content-type',
    ]) {
      expect(hit.headers[name], name).toBe(first.headers[name]);
    }
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hit.headers['cache-control']).toBe('public, max-age=0, must-revalidate');

    const revalidated = await ctx.app.inject({
      url: '/api/books',
      headers: { 'if-none-match': String(first.headers.etag), 'accept-encoding': BROWSER },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is not what a signed-in reader gets: their answer stays private', async () => {
    await books(1);
    await ctx.app.inject({ url: '/api/books' });
    const user = await createUser(ctx.database.db);
    const res = await ctx.app.inject({ url: '/api/books', headers: await authHeader(ctx, user) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('changes with the area: a write makes the next read a miss with the new content', async () => {
    await books(1);
    await ctx.app.inject({ url: '/api/books' });
    expect((await ctx.app.inject({ url: '/api/books' })).headers['x-cache']).toBe('hit');
    ctx.app.invalidatePublicCache('books');
    await createBook(ctx.database.db, { name: 'al-Adab al-Mufrad' });
    const after = await ctx.app.inject({ url: '/api/books' });
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().data.map((book: { name: string }) => book.name)).toContain('al-Adab al-Mufrad');
  });
});
