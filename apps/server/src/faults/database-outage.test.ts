import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../app';
import { loadConfig } from '../config';
import { openPostgres, type Database } from '../db/client';
import { createArticle, createBook, createFatwah } from '../db/factories';
import { isDatabaseUnavailable } from '../plugins/errors';
import { fakeWebDist } from '../test/app';
import { clusterUnavailableReason, startPgCluster, type PgCluster } from '../test/pg-cluster';

/**
 * PostgreSQL stopped and started again under traffic, on a cluster of this test alone (so that no other test
 * loses its database). Runs once per test run, in the PGlite project; skipped, saying why, without the binaries.
 */
const once = process.env.TEST_DB !== 'postgres';
const reason = clusterUnavailableReason();

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
  startedAt: number;
  ms: number;
}

describe.runIf(once)('PostgreSQL stopped and restarted under traffic', () => {
  if (reason) {
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

  it('answers 503 SERVICE_UNAVAILABLE while it is down and recovers without a restart', async () => {
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
    });
    app = await buildApp(config, { database });
    const book = await createBook(database.db);
    await createFatwah(database.db);
    await createArticle(database.db);

    const urls = [
      '/api/health',
      '/api/books',
      `/api/books/${book.id}`,
      '/api/fatwahs/public?search=prayer',
      '/api/articles/published?page=1',
    ];
    const answers: Answer[] = [];
    let running = true;
    const worker = async (offset: number) => {
      for (let i = offset; running; i += 1) {
        const url = urls[i % urls.length]!;
        const startedAt = performance.now();
        const res = await app!.inject({ url });
        const code = res.statusCode >= 400 ? (res.json() as { code?: string }).code : undefined;
        answers.push({ url, status: res.statusCode, code, startedAt, ms: performance.now() - startedAt });
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const answeredSince = (t: number) => answers.filter((a) => a.startedAt >= t);

    await wait(500);
    const beforeStop = performance.now();

    await cluster.stop();
    const stopped = performance.now();
    while (answeredSince(stopped).length < 20) await wait(50);
    // PostgreSQL accepts connections a little before pg_ctl says so: "down" ends when the start begins.
    const restarting = performance.now();
    await cluster.start();
    const restarted = performance.now();

    // Back to full service within seconds, through the same app and pool.
    const deadline = restarted + 20_000;
    let recoveredAt: number | undefined;
    while (performance.now() < deadline) {
      const recent = answeredSince(restarted).slice(-10);
      if (recent.length === 10 && recent.every((a) => a.status === 200)) {
        recoveredAt = performance.now();
        break;
      }
      await wait(100);
    }
    const afterRecovery = performance.now();
    await wait(500);
    running = false;
    await Promise.all(workers);

    const up = answers.filter((a) => a.startedAt < beforeStop);
    const down = answers.filter((a) => a.startedAt >= stopped && a.startedAt + a.ms <= restarting);
    const later = answers.filter((a) => a.startedAt >= afterRecovery);

    expect(up.length).toBeGreaterThan(0);
    expect(up.every((a) => a.status === 200)).toBe(true);
    // While down: every answer a clear 503 with the envelope's code, quickly (no hanging requests).
    expect(down.length).toBeGreaterThanOrEqual(20);
    expect(down.filter((a) => a.status !== 503 || a.code !== 'SERVICE_UNAVAILABLE')).toEqual([]);
    expect(Math.max(...down.map((a) => a.ms))).toBeLessThan(6_000);
    // Never a 500 at any moment, not even for the requests caught by the shutdown.
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    expect(recoveredAt, 'recovered after the restart').toBeDefined();
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((a) => a.status === 200)).toBe(true);

    // Writes work again too.
    const asked = await app.inject({
      method: 'POST',
      url: '/api/fatwahs/submit',
      payload: { question: 'Is the shop back?', categories: ['Other'] },
    });
    expect(asked.statusCode).toBe(201);
  }, 90_000);
});
