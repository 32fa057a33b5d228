// @database: the pool's fair share under load
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBook, createFatwah, createUser } from '../../test/support/factories';
import { authHeader, createTestApp } from '../../test/support/app';
import { serviceUnavailable } from '../lib/errors';
import { renderReadHeaders } from '../lib/render-reads';
import { useTestApp } from '../../test/support/use-test-app';
import { CACHE_AREAS } from './public-cache';
import { FAIR_READ_LIMITS, UNCACHED_READ_LIMIT } from './fair-reads';

/**
 * A fair share of the database for every address: reads that missed the public cache (and guest cart prices) wait
 * their turn per address, and one address may start only so many of them in a window. Over real sockets, from
 * loopback addresses of their own (Linux routes all of 127.0.0.0/8 to the loopback interface).
 */

const { ctx } = useTestApp({ env: { PUBLIC_CACHE_TTL_MS: '30000' } });
const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
let port: number;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await ctx.app.close();
});
beforeEach(() => {
  for (const area of CACHE_AREAS) ctx.app.invalidatePublicCache(area);
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(path: string, localAddress: string, agent?: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, localAddress, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function someFatwahs() {
  for (let i = 0; i < 30; i += 1) {
    await createFatwah(ctx.database.db, {
      question: `Question ${i} about prayer while travelling and the shortened prayers`,
      answer: `Answer ${i}: prayer is shortened on a journey of the distance the scholars name.`,
      status: 'published',
    });
  }
}

describe('the limit of reads that missed the cache', () => {
  it(`answers 429 with Retry-After after ${UNCACHED_READ_LIMIT.max} new searches from one address; hits, other addresses and admins go on`, async () => {
    const attacker = '10.20.0.1';
    for (let i = 0; i < UNCACHED_READ_LIMIT.max; i += 1) {
      const res = await ctx.app.inject({
        url: `/api/fatwahs/public?search=term${i}`,
        remoteAddress: attacker,
      });
      expect(res.statusCode, `search ${i}`).toBe(200);
    }
    const refused = await ctx.app.inject({
      url: '/api/fatwahs/public?search=one-more',
      remoteAddress: attacker,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'TOO_MANY_READS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(UNCACHED_READ_LIMIT.windowMs / 1000);
    // A search already answered is a hit: free.
    const hit = await ctx.app.inject({ url: '/api/fatwahs/public?search=term3', remoteAddress: attacker });
    expect(hit.statusCode).toBe(200);
    // Another reader is not touched.
    const other = await ctx.app.inject({
      url: '/api/fatwahs/public?search=mine',
      remoteAddress: '10.20.0.2',
    });
    expect(other.statusCode).toBe(200);
    // An admin reads the database every time, without a count.
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    const headers = await authHeader(ctx, admin);
    const desk = await ctx.app.inject({
      url: '/api/fatwahs/public?search=desk',
      remoteAddress: attacker,
      headers,
    });
    expect(desk.statusCode).toBe(200);
  });

  it('counts guest cart prices too, and refuses a burst beyond the address share at once', async () => {
    const book = await createBook(ctx.database.db);
    const ask = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/cart/prices',
        payload: { bookIds: [book.id] },
        remoteAddress: '10.20.0.3',
      });
    const answers = await Promise.all(Array.from({ length: 40 }, ask));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(FAIR_READ_LIMITS[kind].perClient);
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_AT_ONCE' });
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe("a page's own reads, made while the server renders it", () => {
  it('take no second share (the page took one); a reader who sends the header without its secret is counted', async () => {
    const attacker = '10.20.0.4';
    const search = (i: number, headers: Record<string, string>) =>
      ctx.app.inject({ url: `/api/fatwahs/public?search=render${i}`, remoteAddress: attacker, headers });
    for (let i = 0; i < UNCACHED_READ_LIMIT.max; i += 1) {
      expect((await search(i, { 'x-page-render': 'guessed' })).statusCode, `search ${i}`).toBe(200);
    }
    const refused = await search(UNCACHED_READ_LIMIT.max, { 'x-page-render': 'guessed' });
    expect(refused.statusCode).toBe(429);
    // The server's own reads for a page it renders are not refused, as their page's request was counted.
    const pageRead = await search(UNCACHED_READ_LIMIT.max + 1, renderReadHeaders());
    expect(pageRead.statusCode).toBe(200);
  });
});

describe('reads the server could not answer', () => {
  it('do not count towards the limit: a reader retrying through an outage is not refused once it ends', async () => {
    const outage = await createTestApp();
    try {
      let down = true;
      outage.app.get('/api/outage-probe', { config: { expensive: true } }, async () => {
        if (down) throw serviceUnavailable('The database is unavailable');
        return { success: true };
      });
      const ask = () => outage.app.inject({ url: '/api/outage-probe', remoteAddress: '10.20.0.9' });
      for (let i = 0; i < UNCACHED_READ_LIMIT.max + 10; i += 1) {
        expect((await ask()).statusCode, `try ${i}`).toBe(503);
      }
      down = false;
      expect((await ask()).statusCode).toBe(200);
    } finally {
      await outage.close();
    }
  });
});

describe('turns per address', () => {
  it("serves a reader's new search after a few of a flood's, not after all the flood has waiting", async () => {
    await someFatwahs();
    const flooder = '127.0.0.20';
    const reader = '127.0.0.21';
    const agent = new http.Agent({ keepAlive: true, maxSockets: 40, localAddress: flooder });
    // The reader's connection is open before the flood, as a reader's browser keeps its own.
    const readerAgent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: reader });
    expect((await get('/api/fatwahs/public?search=warm', reader, readerAgent)).status).toBe(200);
    let answered = 0;
    let stop = false;
    let n = 0;
    const flood = Array.from({ length: 40 }, async () => {
      while (!stop) {
        const res = await get(
          `/api/fatwahs/public?search=${encodeURIComponent(`prayer f${(n += 1)}`)}`,
          flooder,
          agent,
        );
        if (res.status === 200) answered += 1;
      }
    });
    try {
      // Let the flood fill the queue first.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const waits: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        const before = answered;
        const res = await get(
          `/api/fatwahs/public?search=${encodeURIComponent(`prayer r${i}`)}`,
          reader,
          readerAgent,
        );
        expect(res.status).toBe(200);
        waits.push(answered - before);
      }
      // Each of the reader's searches waited for the flood's reads under way and its next turn, not for the 40 it
      // keeps sending (before the fair queue it waited for them all, every time).
      const bound = 2 * FAIR_READ_LIMITS[kind].concurrency;
      expect(
        Math.max(...waits),
        `flood answers during each reader search: ${waits.join(', ')}`,
      ).toBeLessThanOrEqual(bound);
    } finally {
      stop = true;
      await Promise.all(flood);
      agent.destroy();
      readerAgent.destroy();
    }
  }, 60_000);
});
