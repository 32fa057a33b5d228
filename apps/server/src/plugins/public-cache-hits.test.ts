import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBook, createUser } from '../../test/support/factories';
import { rawRequest } from '../../test/fixtures/raw-http';
import { authHeader } from '../../test/support/app';
import { recordLogs } from '../../test/support/logs';
import { useTestApp } from '../../test/support/use-test-app';
import { CACHE_AREAS } from './public-cache';

/** Hits answered before validation, with the headers and compressed copies worked out when the answer was kept. */

// At LOG_LEVEL info Fastify logs each request it works on, which shows which answers it never saw.
const { ctx } = useTestApp({ env: { PUBLIC_CACHE_TTL_MS: '30000', LOG_LEVEL: 'info' } });
beforeEach(() => {
  // Empty the cache too (the tables are emptied): a write to each area.
  for (const area of CACHE_AREAS) ctx.app.invalidatePublicCache(area);
});

const BROWSER = 'gzip, deflate, br, zstd';

/** The headers a hit repeats from the answer it keeps: the security headers, the ETag and the cache policy. */
const KEPT_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'cross-origin-resource-policy',
  // Left out of JSON answers (plugins/security.ts): a hit leaves them out too.
  'cross-origin-opener-policy',
  'referrer-policy',
  'etag',
  'cache-control',
  'content-type',
];

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
    for (const name of KEPT_HEADERS) {
      expect(hit.headers[name], name).toBe(first.headers[name]);
    }
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hit.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
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

describe('a public read answered from memory over a socket (before Fastify sees the request)', () => {
  /** A GET through a real connection, as a client sends it; the raw answer. */
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const address = ctx.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    return rawRequest(address.port, path, headers);
  };

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('sends what the app sends: the same bytes, security headers, ETag and 304', async () => {
    await books();
    const miss = await get('/api/books');
    expect(miss.headers['x-cache']).toBeUndefined();
    const inApp = await ctx.app.inject({ url: '/api/books' });
    const hit = await get('/api/books');
    expect(hit.status).toBe(200);
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.body.toString()).toBe(miss.body.toString());
    for (const name of [...KEPT_HEADERS, 'content-length']) {
      expect(hit.headers[name], name).toBe(inApp.headers[name]);
    }
    const br = await get('/api/books', { 'accept-encoding': BROWSER });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(miss.body.toString());
    const revalidated = await get('/api/books', { 'if-none-match': String(hit.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.byteLength).toBe(0);
  });

  it('leaves a signed-in reader, a changed area and an unknown URL to the app', async () => {
    await books(1);
    await get('/api/books');
    expect((await get('/api/books')).headers['x-cache']).toBe('hit');
    const user = await createUser(ctx.database.db);
    const signedIn = await get('/api/books', await authHeader(ctx, user));
    // Only the app marks an answer to a signed-in reader private.
    expect(signedIn.headers['cache-control']).toBe('private, no-store');

    ctx.app.invalidatePublicCache('books');
    expect((await get('/api/books')).headers['x-cache']).toBeUndefined();
    expect((await get('/api/books')).headers['x-cache']).toBe('hit');
    expect((await get('/api/nothing-here')).status).toBe(404);
  });

  it('is answered before Fastify: a hit leaves no line in the request log, a miss does', async () => {
    await books(1);
    const logs = recordLogs(ctx.app.log);
    const completed = () => logs.filter((line) => line.msg === 'request completed').length;
    expect((await get('/api/books')).headers['x-cache']).toBeUndefined();
    expect(completed()).toBe(1);
    expect((await get('/api/books')).headers['x-cache']).toBe('hit');
    expect((await get('/api/books', { 'accept-encoding': BROWSER })).headers['x-cache']).toBe('hit');
    expect(completed()).toBe(1);
  });
});
