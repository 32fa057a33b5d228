// The journeys' server: its admin, its environment, and a seeded data folder that every shard's server starts from.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

/** The admin the journeys' server is started with. */
export const E2E_ADMIN = Object.freeze({
  email: 'admin@e2e.example.com',
  password: 'e2e-admin-password',
  name: 'E2E Admin',
});

/**
 * How often the order pages look again at an order whose refund is on its way: the journeys wait on those looks,
 * so they come four times as often as a reader's (2 s).
 */
export const E2E_REFUND_POLL_MS = 500;

/** The environment the journeys' server runs with, on `port` and the data folder `dataDir`. */
export function e2eServerEnv({ port, dataDir }) {
  const url = `http://127.0.0.1:${port}`;
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_NAME: E2E_ADMIN.name,
    SEED_DEMO: 'true',
    REFUND_POLL_MS: String(E2E_REFUND_POLL_MS),
    // The customers the journeys register each come from an address of their own (X-Forwarded-For, see
    // e2e/fixtures/customers.ts), so the suite never meets the 20 registrations an address may make in an hour.
    TRUST_PROXY: '127.0.0.1',
  };
}

async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * A data folder as the journeys' server leaves it after its first start: migrated, the admin made, the demo content
 * and covers in. The built server `serverEntry` starts on an empty folder, answers /api/health once all that is
 * done (it seeds before it listens), and is stopped cleanly, so that its database can be copied. A first start
 * takes tens of seconds; a start on a copy a few.
 */
export async function prepareSeededDataDir(serverEntry, { timeoutMs = 180_000 } = {}) {
  const started = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-e2e-seeded-'));
  const port = await freePort();
  let output = '';
  const server = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, ...e2eServerEnv({ port, dataDir }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => server.once('exit', resolve));
  let ready = false;
  try {
    while (!(await answers(`http://127.0.0.1:${port}/api/health`))) {
      if (server.exitCode !== null) throw new Error(`the seeding server exited:\n${output}`);
      if (Date.now() - started > timeoutMs) throw new Error(`the seeding server did not answer:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    ready = true;
  } finally {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    if (!ready || server.exitCode !== 0) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (server.exitCode !== 0) throw new Error(`the seeding server did not stop cleanly:\n${output}`);
  return { dataDir, seconds: (Date.now() - started) / 1000 };
}
