// @database: the answers while the database is gone
import injectRequest from 'light-my-request';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app';
import { recordLogs, type LogLine } from '../support/logs';

/**
 * The 503s the server gives on purpose are passing conditions, not bugs: logged at warn without a stack (an
 * error line is what monitoring counts), and the client is told when to come back.
 */
let ctx: TestContext;
let logs: LogLine[];

beforeAll(async () => {
  // The database is closed under the app: one of its own.
  ctx = await createTestApp({ LOG_LEVEL: 'warn' }, { ownDatabase: true });
  await ctx.app.ready();
  logs = recordLogs(ctx.app.log);
});

afterAll(async () => {
  await ctx.app.close();
  await ctx.database.close().catch(() => undefined);
  fs.rmSync(ctx.dataDir, { recursive: true, force: true });
});

const expectUnavailable = (
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  error: string,
) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toEqual({ success: false, error, code: 'SERVICE_UNAVAILABLE' });
};

describe('deliberate 503 answers', () => {
  it('the health check while the database is gone: 503 with Retry-After, one warn line with the reason', async () => {
    expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    await ctx.database.close();
    logs.length = 0;

    const res = await ctx.app.inject({ url: '/api/health' });
    expectUnavailable(res, 'The database is unavailable');
    expect(logs).toEqual([
      expect.objectContaining({ level: 40, msg: 'The database is unavailable', reason: expect.any(String) }),
    ]);
    expect(JSON.stringify(logs)).not.toMatch(/"stack"|\n\s+at /);
  });

  it('a request arriving while the server stops: 503 with Retry-After and Connection: close, logged at warn', async () => {
    logs.length = 0;
    await ctx.app.close();
    // A new request on a connection kept alive through the stop reaches the router while the app is closing.
    const res = await injectRequest((req, raw) => ctx.app.routing(req, raw), { url: '/api/books' });
    expectUnavailable(res, 'The server is restarting. Please try again in a moment.');
    expect(res.headers.connection).toBe('close');
    expect(logs).toEqual([
      expect.objectContaining({ level: 40, msg: 'The server is restarting. Please try again in a moment.' }),
    ]);
    expect(JSON.stringify(logs)).not.toMatch(/"stack"|\n\s+at /);
  });
});
