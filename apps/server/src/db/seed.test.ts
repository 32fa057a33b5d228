// @database: the seed written in SQL on an empty database
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { emailSchema, FATWAH_CATEGORIES, FATWAH_STATUSES } from '@scholar/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { hashPassword, verifyPassword } from '../lib/password';
import { createTestApp, type TestContext } from '../../test/support/app';
import { createTestDatabase, truncateAll } from '../../test/support/database';
import type { Database } from './client';
import { createBook, createUser } from '../../test/support/factories';
import { ensureAdmin, FIRST_RUN_ADMIN_EMAIL, LEGACY_FIRST_RUN_ADMIN_EMAIL, prepareData } from './seed';
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

describe('the first-run admin', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await truncateAll(ctx.database);
  });

  /** A log that keeps its warnings. */
  const recorder = () => {
    const warnings: string[] = [];
    const warn = (...args: unknown[]) => {
      warnings.push(String(args[1]));
    };
    return { warnings, log: { info: () => undefined, warn } };
  };
  const login = (email: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password, role: 'admin' },
      remoteAddress: '10.40.0.1',
    });
  /** The account an older first run made: `admin@localhost`, no phone. */
  const legacyAdmin = async (password: string) => {
    await ctx.database.db.insert(users).values({
      name: 'Administrator',
      email: LEGACY_FIRST_RUN_ADMIN_EMAIL,
      role: 'admin',
      passwordHash: await hashPassword(password),
    });
  };

  it('prints a login whose email every form accepts, and which signs in on the admin login', async () => {
    let printed = '';
    await ensureAdmin(ctx.database.db, ctx.config, recorder().log, (text) => (printed += text));
    const email = /email: +(\S+)/.exec(printed)?.[1] ?? '';
    const password = /password: +(\S+)/.exec(printed)?.[1] ?? '';
    expect(email).toBe(FIRST_RUN_ADMIN_EMAIL);
    expect(emailSchema.safeParse(email).success).toBe(true);
    // It tells the owner where to sign in, and to change the placeholder address on Profile.
    expect(printed).toContain('Sign in at http://localhost:3000/admin/login');
    expect(printed).toContain('change this email to your own');
    const res = await login(email, password);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: FIRST_RUN_ADMIN_EMAIL, role: 'admin' });
    // The forgotten-password form takes it too.
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/password/forgot-password',
      payload: { email },
      remoteAddress: '10.40.0.2',
    });
    expect(forgot.statusCode).toBe(200);
  });

  it('renames the admin@localhost of an older first run once, with its password, so that it signs in', async () => {
    await legacyAdmin('old-first-run-password');
    expect((await login(LEGACY_FIRST_RUN_ADMIN_EMAIL, 'old-first-run-password')).statusCode).toBe(400);
    const { warnings, log } = recorder();
    let printed = '';
    const print = (text: string) => (printed += text);
    await ensureAdmin(ctx.database.db, ctx.config, log, print);
    await ensureAdmin(ctx.database.db, ctx.config, log, print);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${LEGACY_FIRST_RUN_ADMIN_EMAIL} is now ${FIRST_RUN_ADMIN_EMAIL}`);
    // No second admin, no new login printed: the renamed one is the admin.
    expect(printed).toBe('');
    const rows = await ctx.database.db.select().from(users);
    expect(rows.map((row) => [row.email, row.role])).toEqual([[FIRST_RUN_ADMIN_EMAIL, 'admin']]);
    expect((await login(FIRST_RUN_ADMIN_EMAIL, 'old-first-run-password')).statusCode).toBe(200);
  });

  it('renames it with ADMIN_EMAIL set too', async () => {
    await legacyAdmin('old-first-run-password');
    const config = {
      ...ctx.config,
      admin: { email: 'imam@example.org', password: 'imam-pass-1', name: 'Imam' },
    };
    await ensureAdmin(ctx.database.db, config, recorder().log, () => undefined);
    const emails = (await ctx.database.db.select().from(users)).map((row) => row.email).sort();
    expect(emails).toEqual([FIRST_RUN_ADMIN_EMAIL, 'imam@example.org']);
  });

  it('leaves it, and warns at each start, when another account has the address', async () => {
    await legacyAdmin('old-first-run-password');
    const customer = await createUser(ctx.database.db, { email: FIRST_RUN_ADMIN_EMAIL });
    const { warnings, log } = recorder();
    await ensureAdmin(ctx.database.db, ctx.config, log, () => undefined);
    await ensureAdmin(ctx.database.db, ctx.config, log, () => undefined);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('cannot sign in, and another account has');
    const [held] = await ctx.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(held).toMatchObject({ email: FIRST_RUN_ADMIN_EMAIL, role: 'user' });
    const [legacy] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, LEGACY_FIRST_RUN_ADMIN_EMAIL));
    expect(legacy?.role).toBe('admin');
  });

  it('a customer with the address in a database without admins: the new admin gets another one, printed', async () => {
    const customer = await createUser(ctx.database.db, { email: FIRST_RUN_ADMIN_EMAIL });
    let printed = '';
    await ensureAdmin(ctx.database.db, ctx.config, recorder().log, (text) => (printed += text));
    const email = /email: +(\S+)/.exec(printed)?.[1] ?? '';
    const password = /password: +(\S+)/.exec(printed)?.[1] ?? '';
    expect(email).toMatch(/^admin-[0-9a-f]{8}@example\.com$/);
    expect(emailSchema.safeParse(email).success).toBe(true);
    expect((await login(email, password)).statusCode).toBe(200);
    const [held] = await ctx.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(held?.role).toBe('user');
  });
});

describe('demo content', () => {
  it('fills an empty database: 8 books with cover files, 19 articles, 34 fatwahs in every category and status', async () => {
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
    expect(articleCount?.n).toBe(19);
    const fatwahRows = await database.db.select().from(fatwahs);
    expect(fatwahRows).toHaveLength(34);
    expect(new Set(fatwahRows.flatMap((f) => f.categories))).toEqual(new Set(FATWAH_CATEGORIES));
    expect(new Set(fatwahRows.map((f) => f.status))).toEqual(new Set(FATWAH_STATUSES));
    for (const f of fatwahRows.filter((row) => row.status === 'published')) {
      expect(f.answer).toBeTruthy();
      expect(f.publishedAt).not.toBeNull();
    }
  });

  it('writes two fatwahs and two articles in Urdu and in Bengali, some linked to the English they translate', async () => {
    await prepareData(database.db, config(), log, quiet);
    const fatwahRows = await database.db.select().from(fatwahs);
    const articleRows = await database.db.select().from(articles);
    for (const rows of [fatwahRows, articleRows]) {
      for (const language of ['ur', 'bn'] as const) {
        expect(rows.filter((row) => row.language === language).length).toBeGreaterThanOrEqual(2);
      }
      // Every link leads to the first of its group, of the same kind.
      const byId = new Map(rows.map((row) => [row.id, row]));
      const linked = rows.filter((row) => row.translationOf !== null);
      expect(linked.length).toBeGreaterThanOrEqual(2);
      for (const row of linked) expect(byId.get(row.translationOf!)?.translationOf).toBeNull();
      expect(linked.some((row) => byId.get(row.translationOf!)?.language === 'en')).toBe(true);
    }
    // The Urdu jewellery question translates the English one.
    const urdu = fatwahRows.find((row) => row.language === 'ur' && row.question.includes('زیورات'))!;
    const english = fatwahRows.find((row) => row.id === urdu.translationOf)!;
    expect(english.question).toMatch(/gold jewellery/);
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
