import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/support/app';
import { rawRequest } from '../../test/fixtures/raw-http';
import { recordLogs } from '../../test/support/logs';

/**
 * The web build's hashed files answered from memory before Fastify: the same answer @fastify/static gives (which
 * `inject` still reaches, not being a socket), in one write.
 */

const ASSET = '/assets/index-abc123.js';
const once = process.env.TEST_DB !== 'postgres';

describe.runIf(once)('hashed assets from memory', () => {
  let ctx: TestContext;
  let port: number;
  let lines: ReturnType<typeof recordLogs>;

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(port, path, headers, method);

  beforeAll(async () => {
    // At LOG_LEVEL info Fastify logs each request it works on: an answer from memory leaves no line.
    ctx = await createTestApp({ LOG_LEVEL: 'info' });
    lines = recordLogs(ctx.app.log);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** The headers that must be the same whichever way the file is sent. */
  const SAME = [
    'content-type',
    'content-length',
    'content-encoding',
    'cache-control',
    'etag',
    'last-modified',
    'vary',
    'content-security-policy',
    'x-content-type-options',
    'x-frame-options',
    'cross-origin-resource-policy',
    'referrer-policy',
  ];

  it('sends what @fastify/static sends, in each encoding, without Fastify seeing the request', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const before = lines.length;
      const early = await get(ASSET, headers);
      expect(early.status).toBe(200);
      expect(lines.slice(before).filter((line) => line.msg === 'request completed')).toEqual([]);
      const inApp = await ctx.app.inject({ url: ASSET, headers });
      expect(inApp.statusCode).toBe(200);
      for (const name of SAME) expect(early.headers[name], `${encoding} ${name}`).toBe(inApp.headers[name]);
      expect(early.body.equals(inApp.rawPayload)).toBe(true);
    }
    const br = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(brotliDecompressSync(br.body).toString()).toBe(gunzipSync(gzip.body).toString());
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a matching If-None-Match with 304, and HEAD without a body', async () => {
    const first = await get(ASSET, { 'accept-encoding': 'br' });
    const again = await get(ASSET, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    const head = await get(ASSET, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.body.byteLength).toBe(0);
  });

  it('leaves to Fastify what it does not keep: a Range, weighted encodings, a missing file, a path that climbs', async () => {
    const before = lines.length;
    const range = await get(ASSET, { range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.body.toString()).toBe('console.lo');
    const weighted = await get(ASSET, { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
    expect(weighted.status).toBe(200);
    expect((await get('/assets/missing-000.js')).status).toBe(404);
    expect((await get('/assets/..%2findex.html')).status).toBe(404);
    expect(lines.slice(before).filter((line) => line.msg === 'request completed')).toHaveLength(4);
  });
});
