// @database: connections drained on shutdown
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fakeWebDist } from '../../../test/support/app';
import { freePort } from '../../../test/support/pg-cluster';
import { createPostgresDatabase } from '../../../test/support/postgres';
import { startServer, waitHealthy, type ServerProcess } from '../../../test/support/server-process';

/**
 * SIGTERM to the real entry point (the bundle of src/main.ts) with SHUTDOWN_DELAY_MS: not ready at once, still
 * serving for the delay, then stopped cleanly. On PostgreSQL, where a server starts in seconds (the PostgreSQL
 * project only), on a copy of the run's migrated database.
 */
const serverUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const DELAY_MS = 1500;

describe.runIf(serverUrl)('stopping the server process with a shutdown delay', () => {
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    database = await createPostgresDatabase(serverUrl!, 'shutdown', inject('postgresTemplate'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-shutdown-'));
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers ready 503 at once, serves through the delay, then exits 0', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startServer({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      WEB_DIST_DIR: fakeWebDist(dataDir),
      RECONCILE_INTERVAL_MS: '0',
      SHUTDOWN_DELAY_MS: String(DELAY_MS),
    });
    await waitHealthy(port, server);
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);

    const stopped = performance.now();
    server.child.kill('SIGTERM');
    // The signal is handled on the server's next turn of its event loop.
    let ready = 200;
    while (ready === 200 && performance.now() - stopped < 1000) {
      ready = (await fetch(`${base}/api/ready`)).status;
    }
    expect(ready).toBe(503);
    const books = await fetch(`${base}/api/books`);
    expect(books.status).toBe(200);
    expect(performance.now() - stopped).toBeLessThan(DELAY_MS);

    expect(await server.exited, server.output()).toBe(0);
    expect(performance.now() - stopped).toBeGreaterThanOrEqual(DELAY_MS);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 90_000);
});
