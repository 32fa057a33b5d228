import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { FATWAH_CATEGORIES, FATWAH_STATUSES } from '@scholar/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { verifyPassword } from '../lib/password';
import { createTestDatabase, truncateAll } from '../../test/support/database';
import type { Database } from './client';
import { createBook } from './factories';
import { FIRST_RUN_ADMIN_EMAIL, prepareData } from './seed';
import { articles, books, fatwahs, users } from './schema';

let database: Database;
let dataDir: string;
const log = { info: vi.fn(), warn: vi.fn() };
const quiet = () => undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-seed-'));
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await truncateAll(database);
});

const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('the admin account', () => {
  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD once and never overwritten', async () => {
    const env = { ADMIN_EMAIL: 'imam@example.org', ADMIN_PASSWORD: 'first-password', SEED_DEMO: 'false' };
    await prepareData(database.db, config(env), log, quiet);
    await prepareData(
      database.db,
      config({ ...env, ADMIN_PASSWORD: 'second-password', ADMIN_NAME: 'Someone Else' }),
      log,
      quiet,
    );
    const rows = await database.db.select().from(users).where(eq(users.email, 'imam@example.org'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.role).toBe('admin');
    expect(rows[0]?.name).toBe('Administrator');
    expect(await verifyPassword(rows[0]!.passwordHash, 'first-password')).toBe(true);
  });

  it('without configuration, a fresh install gets one admin whose login is printed once', async () => {
    let printed = '';
    const print = (text: string) => (printed += text);
    await prepareData(database.db, config({ SEED_DEMO: 'false' }), log, print);
    await prepareData(database.db, config({ SEED_DEMO: 'false' }), log, print);
    expect(printed.match(/This login is shown only once/g)).toHaveLength(1);
    const password = /password: (\S+)/.exec(printed)?.[1] ?? '';
    const [admin] = await database.db.select().from(users).where(eq(users.email, FIRST_RUN_ADMIN_EMAIL));
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword(admin!.passwordHash, password)).toBe(true);
  });
});

describe('demo content', () => {
  it('fills an empty database: 8 books with cover files, 15 articles, 30 fatwahs in every category and status', async () => {
    await prepareData(database.db, config(), log, quiet);
    const bookRows = await database.db.select().from(books);
    expect(bookRows).toHaveLength(8);
    for (const book of bookRows) {
      const cover = book.images[0] ?? '';
      expect(cover).toMatch(/^\/api\/uploads\/demo\/.+\.webp$/);
      expect(
        fs.statSync(path.join(dataDir, 'uploads', cover.replace('/api/uploads/', ''))).size,
      ).toBeGreaterThan(0);
    }
    const [articleCount] = await database.db.select({ n: count() }).from(articles);
    expect(articleCount?.n).toBe(15);
    const fatwahRows = await database.db.select().from(fatwahs);
    expect(fatwahRows).toHaveLength(30);
    expect(new Set(fatwahRows.flatMap((f) => f.categories))).toEqual(new Set(FATWAH_CATEGORIES));
    expect(new Set(fatwahRows.map((f) => f.status))).toEqual(new Set(FATWAH_STATUSES));
    for (const f of fatwahRows.filter((row) => row.status === 'published')) {
      expect(f.answer).toBeTruthy();
      expect(f.publishedAt).not.toBeNull();
    }
  });

  it('is not added twice, nor into a database that has content, nor when SEED_DEMO=false', async () => {
    await prepareData(database.db, config(), log, quiet);
    await prepareData(database.db, config(), log, quiet);
    const [afterTwo] = await database.db.select({ n: count() }).from(books);
    expect(afterTwo?.n).toBe(8);

    await truncateAll(database);
    await createBook(database.db, { name: 'Only this one' });
    await prepareData(database.db, config({ SEED_DEMO: 'true' }), log, quiet);
    const [withContent] = await database.db.select({ n: count() }).from(books);
    expect(withContent?.n).toBe(1);

    await truncateAll(database);
    await prepareData(database.db, config({ SEED_DEMO: 'false' }), log, quiet);
    const [disabled] = await database.db.select({ n: count() }).from(books);
    expect(disabled?.n).toBe(0);
  });
});
