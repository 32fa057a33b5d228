// @database: the pool and the database gone
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../../test/support/app';
import { createUser } from '../../../test/support/factories';
import { startS3Server, type TestS3Server } from '../../../test/support/s3';
import { makeImage } from '../../../test/support/test-images';
import { SERVICE_CHECK_TIMEOUT_MS } from './health.routes';

interface HealthBody {
  services: { redis?: 'up' | 'down'; uploads: 'up' | 'down' };
}

/** A port nothing listens on: a Redis there never answers. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('the memory figures', () => {
  it("tells the admin what holds the process's memory: V8, buffers, the embedded database, the public cache", async () => {
    // The public cache on, as in production (the tests' apps have it off).
    const ctx = await createTestApp({ PUBLIC_CACHE_TTL_MS: '30000' });
    const admin = await authHeader(ctx, await createUser(ctx.database.db, { role: 'admin' }));
    const read = async () => {
      const res = await ctx.app.inject({ url: '/api/admin/memory', headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      return res.json().data;
    };
    const before = await read();
    expect(before.rssMb).toBeGreaterThan(before.heapUsedMb);
    expect(before.heapUsedMb).toBeGreaterThan(0);
    expect(before.database).toBe(ctx.database.kind);
    if (ctx.database.kind === 'pglite') expect(before.databaseMb).toBeGreaterThanOrEqual(16);
    else expect(before.databaseMb).toBeNull();
    expect(before.publicCache.maxMb).toBeGreaterThan(0);
    // A public read is kept in the cache, which the figures show.
    expect((await ctx.app.inject({ url: '/api/books?page=1&limit=4' })).statusCode).toBe(200);
    const after = await read();
    expect(after.publicCache.entries).toBeGreaterThan(before.publicCache.entries);
    expect(after.publicCache.mb).toBeGreaterThanOrEqual(before.publicCache.mb);
    // Nobody else may read it.
    expect((await ctx.app.inject({ url: '/api/admin/memory' })).statusCode).toBe(401);
    await ctx.close();
  });
});

describe('liveness and readiness', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('is alive and ready when the database answers, and says so each time afresh', async () => {
    const health = await ctx.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ success: true, status: 'ok', services: { uploads: 'up' } });
    expect(health.json<{ services: object }>().services).not.toHaveProperty('redis');

    const ready = await ctx.app.inject({ url: '/api/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ success: true, data: { database: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready, at once, once it has been told to stop, while it still serves', async () => {
    ctx.app.readiness.stopping = true;
    try {
      const ready = await ctx.app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ success: false, code: 'NOT_READY', data: {} });
      expect((await ctx.app.inject({ url: '/api/books' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      ctx.app.readiness.stopping = false;
    }
  });
});

describe('readiness with a Redis that does not answer', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
      PUBLIC_CACHE_TTL_MS: '30000',
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('stays ready (Redis is shared: its outage must not take every instance out), and reports Redis down', async () => {
    const ready = await ctx.app.inject({ url: '/api/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ success: true, data: { database: 'ok' } });
    // The heartbeat finds it away within a second or two; health reports what it found, without waiting on Redis.
    await expect
      .poll(async () => (await ctx.app.inject({ url: '/api/health' })).json<HealthBody>().services.redis, {
        timeout: 5000,
      })
      .toBe('down');
    const health = await ctx.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', services: { redis: 'down', uploads: 'up' } });
    expect((await ctx.app.inject({ url: '/api/books' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('readiness with a Redis', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ REDIS_URL: process.env.TEST_REDIS_URL!, PUBLIC_CACHE_TTL_MS: '30000' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('is ready, and reports Redis up', async () => {
    const ready = await ctx.app.inject({ url: '/api/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ success: true, data: { database: 'ok' } });
    await expect
      .poll(async () => (await ctx.app.inject({ url: '/api/health' })).json<HealthBody>().services)
      .toEqual({ redis: 'up', uploads: 'up' });
  });
});

describe('readiness with the uploads in a bucket', () => {
  let s3: TestS3Server;
  let ctx: TestContext;
  beforeAll(async () => {
    s3 = await startS3Server();
    // The SDK reads its credentials from the environment.
    for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
    ctx = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await ctx.close();
    await s3.close().catch(() => undefined);
    vi.unstubAllEnvs();
  });

  it('stays ready once the bucket stops answering: images 503 with Retry-After, pages and reads 200', async () => {
    const image = 'demo/book-1.webp';
    await ctx.app.uploads.put(image, await makeImage('webp', 8, 8), 'image/webp', { replace: true });
    expect((await ctx.app.inject({ url: `/api/uploads/${image}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/health' })).json()).toMatchObject({
      services: { uploads: 'up' },
    });

    await s3.close();
    const ready = await ctx.app.inject({ url: '/api/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ success: true, data: { database: 'ok' } });

    const started = performance.now();
    const health = await ctx.app.inject({ url: '/api/health' });
    expect(performance.now() - started).toBeLessThan(SERVICE_CHECK_TIMEOUT_MS + 1000);
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', services: { uploads: 'down' } });

    const gone = await ctx.app.inject({ url: `/api/uploads/${image}` });
    expect(gone.statusCode, gone.body).toBe(503);
    expect(gone.headers['retry-after']).toBeDefined();
    expect(gone.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect((await ctx.app.inject({ url: '/books' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/books' })).statusCode).toBe(200);
  });
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 connection, as a proxy keeps one open to an instance: requests are written on it as they come
 * (pipelined when one is still running) and answers are read in order.
 */
function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = '';
  const answers: Answer[] = [];
  const waiting: ((answer: Answer) => void)[] = [];
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = buffer.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      const length = Number(headers['content-length'] ?? 0);
      if (buffer.length < end + 4 + length) return;
      const answer = {
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: buffer.slice(end + 4, end + 4 + length),
      };
      buffer = buffer.slice(end + 4 + length);
      const next = waiting.shift();
      if (next) next(answer);
      else answers.push(answer);
    }
  });
  return {
    send(path: string): Promise<Answer> {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      return new Promise((resolve) => {
        const ready = answers.shift();
        if (ready) resolve(ready);
        else waiting.push(resolve);
      });
    },
    closed,
  };
}

/** Whether a new connection is accepted at all. */
async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

describe('stopping with requests in flight', () => {
  it('finishes every request in flight with its 2xx and ends its connection, and takes no new connection', async () => {
    const ctx = await createTestApp();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    // A request that takes as long as the test wants (a checkout, an upload).
    ctx.app.get('/test/slow', async () => {
      running += 1;
      await gate;
      return { success: true, done: true };
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as net.AddressInfo;
    try {
      const kept = [connection(port), connection(port), connection(port)];
      expect((await kept[0]!.send('/api/ready')).status).toBe(200);
      const inFlight = kept.map((conn) => conn.send('/test/slow'));
      while (running < kept.length) await new Promise((resolve) => setTimeout(resolve, 10));

      // SIGTERM (main.ts): not ready from now on, while everything else is still served.
      ctx.app.readiness.stopping = true;
      const probe = connection(port);
      expect((await probe.send('/api/ready')).status).toBe(503);
      expect((await probe.send('/api/books')).status).toBe(200);

      // Then the listener closes; the requests in flight go on.
      const closing = ctx.app.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await accepts(port)).toBe(false);
      // A request pipelined behind one in flight is parsed now, and refused (503): it goes unanswered, as the
      // answer before it closes the connection, which tells the client to send it again elsewhere.
      const late = kept[0]!.send('/api/books');
      release();
      const answers = await Promise.all(inFlight);
      for (const answer of answers) {
        expect(answer.status, answer.body).toBe(200);
        expect(JSON.parse(answer.body)).toEqual({ success: true, done: true });
        expect(answer.headers.connection).toBe('close');
      }
      expect(await Promise.race([late.then(() => 'answered'), kept[0]!.closed.then(() => 'closed')])).toBe(
        'closed',
      );
      await Promise.all(kept.map((conn) => conn.closed));
      await closing;
    } finally {
      release();
      await ctx.close();
    }
  });
});
