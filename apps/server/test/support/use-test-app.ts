import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createUser } from './factories';
import { authHeader, createTestApp, type TestContext } from './app';
import { truncateAll } from './database';
import { startSmtpServer } from './smtp';

export type TestSmtp = Awaited<ReturnType<typeof startSmtpServer>>;

export interface TestAppOptions {
  /** Settings beyond the test defaults (SMTP_URL is added when `smtp` is on). */
  env?: Record<string, string>;
  /** A local SMTP server the app sends to; its inbox is emptied before each test. */
  smtp?: boolean;
  /** Empty every table before each test (default); off for files whose tests build on each other. */
  truncate?: boolean;
}

/**
 * Stands for a value made in `beforeAll`: the fixture is called while the file loads, before any hook has run, so
 * it hands out this stand-in and every property read goes to the value of the moment.
 */
function madeLater<T extends object>(name: string, current: () => T | undefined): T {
  const value = (): T => {
    const made = current();
    if (!made) throw new Error(`${name} is made in beforeAll: use it inside a hook or a test`);
    return made;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(value(), key),
    has: (_target, key) => Reflect.has(value(), key),
  });
}

/**
 * The app on a migrated database for one test file, with the hooks every API test file needs: made once before
 * the tests, closed after them, and every table emptied (and the inbox) before each test.
 */
export function useTestApp(options: TestAppOptions = {}): { ctx: TestContext; smtp: TestSmtp } {
  let ctx: TestContext | undefined;
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    if (options.smtp) smtp = await startSmtpServer();
    ctx = await createTestApp({ ...(smtp && { SMTP_URL: smtp.url }), ...options.env });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });
  if (options.truncate ?? true) {
    beforeEach(async () => {
      if (ctx) await truncateAll(ctx.database);
      if (smtp) smtp.inbox.length = 0;
    });
  }
  return { ctx: madeLater('ctx', () => ctx), smtp: madeLater('smtp', () => smtp) };
}

/** `Authorization` header of a new admin. */
export async function signInAdmin(ctx: TestContext): Promise<Record<string, string>> {
  return authHeader(ctx, await createUser(ctx.database.db, { role: 'admin' }));
}
