import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from '../test/support/app';
import { freePort } from '../test/support/pg-cluster';
import { startServer as start, waitHealthy, withMigratedDatabase } from '../test/support/server-process';

/** The real entry point as `npm start` runs it, on the embedded database in a throwaway DATA_DIR. */
const embedded = process.env.TEST_DB !== 'postgres';
describe.runIf(embedded)('the server process on the embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-main-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // The one start here on an empty folder, as a new installation's first: the server creates and migrates its
  // database. The others start on a copy of a migrated one.
  it('serves, refuses a second server on the same DATA_DIR, stops on SIGTERM and keeps its data', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), WEB_DIST_DIR: fakeWebDist(dataDir) };
    const first = start({ ...env, ADMIN_EMAIL: 'keeper@example.org', ADMIN_PASSWORD: 'keeper-password' });
    await waitHealthy(port, first);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    expect(first.output()).not.toContain('without DATABASE_URL');

    const second = start({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('already using the data folder');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // A restart finds the same data: the admin exists, so no one-time login is printed.
    const again = start(env);
    await waitHealthy(port, again);
    expect(again.output()).not.toContain('shown only once');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 150_000);

  it('stops at start-up on a TRUST_PROXY of every address with a sentence naming it, not a stack', async () => {
    for (const [value, family] of [
      ['0.0.0.0/0', 'IPv4'],
      ['::/0', 'IPv6'],
    ]) {
      const server = start({ DATA_DIR: dataDir, PORT: String(await freePort()), TRUST_PROXY: value! });
      expect(await server.exited, server.output()).toBe(1);
      expect(server.output()).toContain(`TRUST_PROXY: '${value}' trusts every ${family} address as a proxy`);
      expect(server.output()).not.toContain('could not start');
      expect(server.output()).not.toMatch(/^\s+at /m);
    }
  }, 60_000);

  it('warns at start-up in production without DATABASE_URL, and says why', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-main-production-'));
    try {
      withMigratedDatabase(folder);
      const port = await freePort();
      const server = start({
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: folder,
        PORT: String(port),
        WEB_DIST_DIR: fakeWebDist(folder),
        RAZORPAY_KEY_ID: 'rzp_test_main',
        RAZORPAY_KEY_SECRET: 'main-test-key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'main-test-webhook-secret',
        DATABASE_URL: '',
      });
      await waitHealthy(port, server);
      const warning = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string; database?: string })
        .find((line) => line.msg.includes('without DATABASE_URL'));
      expect(warning).toMatchObject({ level: 40, database: 'pglite' });
      expect(warning!.msg).toMatch(/one process on one machine/);
      expect(warning!.msg).toMatch(/Set DATABASE_URL to a PostgreSQL server/);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 150_000);
});
