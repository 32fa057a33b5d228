// @database: the database going away and coming back
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openPostgres, queryRows, type Database } from '../../src/db/client';
import { createArticle, createBook, createFatwah, createUser } from '../support/factories';
import { isDatabaseUnavailable } from '../../src/db/errors';
import { authHeader, fakeWebDist } from '../support/app';
import { recordLogs, type LogLine } from '../support/logs';
import { clusterUnavailableReason, startPgCluster, type PgCluster } from '../support/pg-cluster';

/**
 * PostgreSQL stopped and started again under traffic, on a cluster of this test alone (so that no other test
 * loses its database). Runs once per test run, in the PGlite project. Without the PostgreSQL binaries it fails
 * under CI (CI=true, as .ci/run sets), where skipping would let a run pass without it; elsewhere it skips and
 * says why.
 */
const once = process.env.TEST_DB !== 'postgres';
const reason = clusterUnavailableReason();
const ci = process.env.CI === 'true';

describe('what counts as "the database is unavailable"', () => {
  it('connection refusals, admin shutdowns, broken connections and wrapped driver errors', () => {
    const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    expect(isDatabaseUnavailable(pgError('ECONNREFUSED'))).toBe(true);
    expect(
      isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Failed query: select 1', { cause: pgError('ECONNREFUSED') })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')])),
    ).toBe(true);
    // A bad query or a broken constraint is a real failure, not an outage.
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});

interface Answer {
  url: string;
  status: number;
  code: string | undefined;
  retryAfter: string | undefined;
  /** Writes: the question asked, or which of the cart's books was added. */
  question?: string;
  cartBook?: number;
  startedAt: number;
  ms: number;
}

describe.runIf(once)('PostgreSQL stopped and restarted under traffic', () => {
  if (reason && ci) {
    it('needs PostgreSQL under CI', () => {
      throw new Error(
        `CI=true and the database outage test cannot run: ${reason}. Install PostgreSQL (apt-get install -y postgresql, as .ci/run does).`,
      );
    });
    return;
  }
  if (reason) {
    process.stderr.write(`database outage test skipped: ${reason}\n`);
    it.skip(`skipped: ${reason}`, () => undefined);
    return;
  }

  let cluster: PgCluster | undefined;
  let database: Database | undefined;
  let app: AppInstance | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    await cluster?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 SERVICE_UNAVAILABLE to reads and writes while it is down and recovers without a restart', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-outage-'));
    cluster = await startPgCluster();
    database = await openPostgres(cluster.url, { max: 5 });
    await database.migrate();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      WEB_DIST_DIR: fakeWebDist(dataDir),
      // Every read must reach the database here; with the cache on, cached public reads keep answering 200.
      PUBLIC_CACHE_TTL_MS: '0',
      LOG_LEVEL: 'warn',
    });
    app = await buildApp(config, { database });
    const logs: LogLine[] = recordLogs(app.log);
    const book = await createBook(database.db);
    await createFatwah(database.db);
    await createArticle(database.db);
    // A customer adding copies of a few books to the cart, one copy at a time.
    const customer = await createUser(database.db);
    const auth = (await authHeader({ database, config }, { id: customer.id, role: 'user' })).authorization;
    const cartBooks = await Promise.all([1, 2, 3, 4].map(() => createBook(database!.db)));

    const urls = [
      '/api/health',
      '/api/books',
      `/api/books/${book.id}`,
      '/api/fatwahs/public?search=prayer',
      '/api/articles/published?page=1',
      // Pages made from the database and a feed: the SPA's page or plain text, with the same 503 and Retry-After.
      `/book/${book.id}`,
      '/rss/fatwahs.xml',
    ];
    const answers: Answer[] = [];
    let running = true;
    const send = async (
      request: InjectOptions & { url: string },
      write: Pick<Answer, 'question' | 'cartBook'> = {},
    ) => {
      const startedAt = performance.now();
      const res = await app!.inject(request);
      const json = String(res.headers['content-type']).startsWith('application/json');
      const code = res.statusCode >= 400 && json ? res.json<{ code?: string }>().code : undefined;
      const retryAfter = res.headers['retry-after'];
      const ms = performance.now() - startedAt;
      answers.push({ url: request.url, status: res.statusCode, code, retryAfter, ...write, startedAt, ms });
    };
    const ok = (a: Answer) => a.status === (a.question ? 201 : 200);
    // Each read from an address of its own: every read misses (the cache is off), and one address may start only so
    // many of those in a window (plugins/fair-reads.ts); this is many readers, not one.
    const worker = async (offset: number) => {
      for (let i = offset; running; i += 1) {
        await send({ url: urls[i % urls.length]!, remoteAddress: `10.8.${(i >> 8) & 255}.${i & 255}` });
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    // Writes: a question from an address of its own each time (the limit is per address), and a cart add.
    const writer = async () => {
      for (let i = 0; running; i += 1) {
        const question = `Is the shop open during outage number ${i}?`;
        await send(
          {
            method: 'POST',
            url: '/api/fatwahs/submit',
            payload: { question, categories: ['Other'] },
            remoteAddress: `10.7.${i >> 8}.${i & 255}`,
          },
          { question },
        );
        const cartBook = i % cartBooks.length;
        await send(
          {
            method: 'POST',
            url: '/api/cart/add',
            payload: { bookId: cartBooks[cartBook]!.id, quantity: 1, userId: customer.id },
            headers: { authorization: auth },
          },
          { cartBook },
        );
        await new Promise((r) => setTimeout(r, 40));
      }
    };
    const workers = [...[0, 1, 2, 3].map(worker), writer()];
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const answeredSince = (t: number) => answers.filter((a) => a.startedAt >= t);

    await wait(500);
    const beforeStop = performance.now();

    await cluster.stop();
    const stopped = performance.now();
    // Down long enough for every kind of request to meet it (on a busy machine that takes more than 20 answers).
    const caughtDown = () => {
      const since = answeredSince(stopped);
      return (
        since.length >= 20 &&
        since.some((a) => a.question) &&
        since.some((a) => a.cartBook !== undefined) &&
        since.some((a) => a.url.startsWith('/book/'))
      );
    };
    const downUntil = performance.now() + 15_000;
    while (!caughtDown() && performance.now() < downUntil) await wait(50);
    // PostgreSQL accepts connections a little before pg_ctl says so: "down" ends when the start begins.
    const restarting = performance.now();
    await cluster.start();
    const restarted = performance.now();

    // Back to full service within seconds, through the same app and pool.
    const deadline = restarted + 20_000;
    let recoveredAt: number | undefined;
    while (performance.now() < deadline) {
      const recent = answeredSince(restarted).slice(-10);
      if (recent.length === 10 && recent.every(ok)) {
        recoveredAt = performance.now();
        break;
      }
      await wait(100);
    }
    const afterRecovery = performance.now();
    await wait(500);
    running = false;
    await Promise.all(workers);

    const up = answers.filter((a) => a.startedAt + a.ms <= beforeStop);
    const down = answers.filter((a) => a.startedAt >= stopped && a.startedAt + a.ms <= restarting);
    const later = answers.filter((a) => a.startedAt >= afterRecovery);

    expect(up.length).toBeGreaterThan(0);
    expect(up.filter((a) => !ok(a))).toEqual([]);
    // While down: every answer, read or write, a clear 503 with the envelope's code and Retry-After, quickly (no
    // hanging requests).
    expect(down.length).toBeGreaterThanOrEqual(20);
    expect(down.some((a) => a.question)).toBe(true);
    expect(down.some((a) => a.cartBook !== undefined)).toBe(true);
    expect(
      down.filter(
        (a) =>
          a.status !== 503 ||
          (a.url.startsWith('/api/') && a.code !== 'SERVICE_UNAVAILABLE') ||
          a.retryAfter !== '5',
      ),
    ).toEqual([]);
    expect(down.some((a) => a.url.startsWith('/book/'))).toBe(true);
    expect(Math.max(...down.map((a) => a.ms))).toBeLessThan(6_000);
    // Never a 500 at any moment, not even for the requests caught by the shutdown; every 503 logged at warn.
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
    expect(logs.some((line) => line.level === 40 && line.msg === 'database unavailable')).toBe(true);
    expect(recoveredAt, 'recovered after the restart').toBeDefined();
    expect(later.length).toBeGreaterThan(0);
    expect(later.some((a) => a.question)).toBe(true);
    expect(later.some((a) => a.cartBook !== undefined)).toBe(true);
    expect(later.filter((a) => !ok(a))).toEqual([]);

    // Nothing half-written: every question answered 201 is stored once and whole, none sent while the database
    // was down is; a write caught by the stop itself may have been committed without its answer, or not.
    const caught = (a: Answer) => !ok(a) && !down.includes(a);
    const asked = answers.filter((a) => a.question);
    const stored = await queryRows<{ question: string; status: string; categories: string[] }>(
      database.db,
      sql`SELECT question, status, categories FROM fatwahs WHERE question LIKE 'Is the shop open during outage%'`,
    );
    const storedQuestions = stored.map((row) => row.question);
    expect(new Set(storedQuestions).size).toBe(storedQuestions.length);
    expect(stored.every((row) => row.status === 'pending' && row.categories.join() === 'Other')).toBe(true);
    const answered = asked.filter(ok).map((a) => a.question!);
    const mayBeStored = new Set([...answered, ...asked.filter(caught).map((a) => a.question!)]);
    expect(answered.filter((q) => !storedQuestions.includes(q))).toEqual([]);
    expect(storedQuestions.filter((q) => !mayBeStored.has(q))).toEqual([]);
    // The per-status totals kept by triggers agree with the rows (decision 005).
    const [counted] = await queryRows<{ kept: number; actual: number }>(
      database.db,
      sql`SELECT (SELECT fatwahs FROM fatwah_counts WHERE status = 'pending' AND category = '') AS kept,
                 (SELECT count(*)::int FROM fatwahs WHERE status = 'pending') AS actual`,
    );
    expect(counted!.kept).toBe(counted!.actual);
    // Each book in the cart holds one copy per add answered 200 (plus, at most, adds caught by the stop).
    const cart = await queryRows<{ book_id: string; quantity: number }>(
      database.db,
      sql`SELECT book_id, quantity FROM cart_items WHERE user_id = ${customer.id}`,
    );
    for (const [i, cartBook] of cartBooks.entries()) {
      const adds = answers.filter((a) => a.cartBook === i);
      const quantity = cart.find((line) => line.book_id === cartBook.id)?.quantity ?? 0;
      expect(quantity).toBeGreaterThanOrEqual(adds.filter(ok).length);
      expect(quantity).toBeLessThanOrEqual(adds.filter(ok).length + adds.filter(caught).length);
    }
  }, 90_000);
});
