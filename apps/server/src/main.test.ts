import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from './test/app';
import { freePort } from './test/pg-cluster';
import { startServer as start, waitHealthy } from './test/server-process';

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

  it('serves, refuses a second server on the same DATA_DIR, stops on SIGTERM and keeps its data', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), WEB_DIST_DIR: fakeWebDist(dataDir) };
    const first = start({ ...env, ADMIN_EMAIL: 'keeper@example.org', ADMIN_PASSWORD: 'keeper-password' });
    await waitHealthy(port, first);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

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
  }, 90_000);
});
