// @database: counter rows under parallel writes
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FATWAH_CATEGORIES, FATWAH_STATUSES } from '@scholar/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../../src/app';
import { openPostgres, queryRows, type Database } from '../../src/db/client';
import { createOrder, createUser } from '../support/factories';
import { authHeader, testConfig } from '../support/app';
import { createPostgresDatabase } from '../support/postgres';

/**
 * The counters kept by trigger (fatwahs per status and category, orders per day and status) and the words of the
 * fatwahs, under parallel writes on PostgreSQL: every trigger takes its rows in one sorted order, so that no two
 * writes wait for each other in a circle (docs/decisions/036). A deadlock would show as a retry in the database's
 * log, or as a 500 once the retries are used up. PGlite runs one statement at a time, where nothing can deadlock:
 * the suite runs in the PostgreSQL project (TEST_DATABASE_URL, which .ci/run starts); without it, it fails under
 * CI as the fault suites do and is reported skipped elsewhere.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const serverUrl = process.env.TEST_DATABASE_URL;

/** How long each part writes, with how many writers at once. */
const DURATION_MS = 3_000;
const WRITERS = 10;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const shuffled = <T>(list: readonly T[]): T[] =>
  list
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
const someCategories = () => shuffled(FATWAH_CATEGORIES).slice(0, 1 + Math.floor(Math.random() * 3));

/**
 * A question whose words are new to the database and shared by the writers of the same tenth of a second, in a
 * different order each time: the words' table takes each new word's key while another writer takes the same.
 */
const question = () => {
  const round = Math.floor(Date.now() / 100).toString(36);
  const words = ['alif', 'ba', 'ta', 'tha', 'jim', 'ha'].map((letter) => `${letter}${round}`);
  return `Is it allowed ${shuffled(words).join(' ')}?`;
};

const fatwahBody = () => ({
  question: question(),
  answer: 'Yes, with the conditions explained. And Allah knows best.',
  categories: someCategories(),
  status: pick(FATWAH_STATUSES),
});

describe.runIf(!onPostgres)('counter triggers under parallel writes', () => {
  const needs = 'runs on PostgreSQL only (TEST_DATABASE_URL)';
  if (process.env.CI === 'true' && !serverUrl) {
    it(`${needs}, under CI`, () => {
      throw new Error(
        `CI=true and the parallel counter suite cannot run: it ${needs}, which .ci/run starts.`,
      );
    });
  } else {
    it.skip(needs, () => undefined);
  }
});

describe.runIf(onPostgres)('counter triggers under parallel writes on PostgreSQL', () => {
  let database: Database;
  let url: string;
  let drop: (() => Promise<void>) | undefined;
  let app: AppInstance;
  let dataDir: string;
  /** What the database reported at warn: a retried deadlock says so here. */
  const warnings: { details: Record<string, unknown>; message: string }[] = [];

  beforeAll(async () => {
    const created = await createPostgresDatabase(serverUrl!);
    url = created.url;
    drop = () => created.drop();
    // A connection per writer: as many writes at once as there are writers.
    database = await openPostgres(url, { max: WRITERS });
    await database.migrate();
    database.setLog?.({ warn: (details, message) => void warnings.push({ details, message }) });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-parallel-'));
    app = await buildApp(testConfig(dataDir), { database });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await drop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('admins create and edit fatwahs in parallel: no 500, no deadlock, and the counts equal a fresh count', async () => {
    const admin = await createUser(database.db, { role: 'admin' });
    const headers = await authHeader({ database, config: app.config }, admin);
    const ids: string[] = [];
    const answers = new Map<string, number>();
    const tally = (what: string, status: number, code?: string) => {
      const key = `${what} ${status}${code ? ` ${code}` : ''}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
    };
    warnings.length = 0;
    const end = Date.now() + DURATION_MS;

    const writer = async (n: number) => {
      while (Date.now() < end) {
        const roll = Math.random();
        if (ids.length < WRITERS || roll < 0.4) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/fatwahs',
            headers,
            payload: fatwahBody(),
          });
          tally('create', res.statusCode, res.json<{ code?: string }>().code);
          if (res.statusCode === 201) ids.push(res.json<{ data: { _id: string } }>().data._id);
        } else {
          // A full edit (new words, categories and status) or the status alone: either moves the fatwah from the
          // counters of its old status and categories to those of the new ones in one row update, and half the
          // writers move fatwahs one way while the other half move them back.
          const payload = roll < 0.55 ? fatwahBody() : { status: n % 2 ? 'draft' : 'published' };
          const res = await app.inject({ method: 'PUT', url: `/api/fatwahs/${pick(ids)}`, headers, payload });
          tally('edit', res.statusCode, res.json<{ code?: string }>().code);
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, n) => writer(n)));

    const failed = [...answers].filter(([key]) => !/^(create 201|edit 200)$/.test(key));
    expect(failed).toEqual([]);
    expect(warnings.filter(({ message }) => /conflict|deadlock/i.test(message))).toEqual([]);
    expect(answers.get('create 201')).toBeGreaterThan(WRITERS);
    expect(answers.get('edit 200')).toBeGreaterThan(WRITERS);

    const kept = await queryRows(
      database.db,
      sql.raw(`SELECT status::text, category, fatwahs FROM fatwah_counts WHERE fatwahs <> 0 ORDER BY 1, 2`),
    );
    const counted = await queryRows(
      database.db,
      sql.raw(`SELECT status::text, c.category, count(*)::int AS fatwahs FROM fatwahs
        CROSS JOIN LATERAL (SELECT DISTINCT unnest(array_prepend('', categories)) AS category) AS c
        GROUP BY 1, 2 ORDER BY 1, 2`),
    );
    expect(kept).toEqual(counted);
    expect(counted.length).toBeGreaterThan(FATWAH_STATUSES.length);
  });

  it('orders move between statuses and days in parallel: no deadlock, and the day stats equal a fresh count', async () => {
    const days = [new Date('2026-11-01T06:00:00Z'), new Date('2026-11-02T06:00:00Z')];
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createOrder(database.db, { createdAt: days[i % 2] })),
    );
    // Straight to the database, without the app's retries: a deadlock of the trigger is an error here.
    const pool = new pg.Pool({ connectionString: url, max: WRITERS });
    const errors = new Map<string, number>();
    let updates = 0;
    const end = Date.now() + DURATION_MS;
    const statuses = ['pending', 'shipped', 'delivered', 'RTO', 'cancelled'];
    const writer = async () => {
      while (Date.now() < end) {
        try {
          await pool.query(
            'UPDATE orders SET status = $2, created_at = $3, amount_paise = amount_paise + 100 WHERE id = $1',
            [pick(created).id, pick(statuses), pick(days)],
          );
          updates += 1;
        } catch (error) {
          const code = (error as { code?: string }).code ?? String(error);
          errors.set(code, (errors.get(code) ?? 0) + 1);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: WRITERS }, writer));
    } finally {
      await pool.end();
    }

    expect([...errors]).toEqual([]);
    expect(updates).toBeGreaterThan(WRITERS);
    const kept = await queryRows(
      database.db,
      sql.raw(`SELECT day::text, status::text, orders, amount_paise::text AS amount FROM order_day_stats
        WHERE orders <> 0 ORDER BY 1, 2`),
    );
    const counted = await queryRows(
      database.db,
      sql.raw(`SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date::text AS day, status::text,
        count(*)::int AS orders, sum(amount_paise)::text AS amount FROM orders GROUP BY 1, 2 ORDER BY 1, 2`),
    );
    expect(kept).toEqual(counted);
  });
});
