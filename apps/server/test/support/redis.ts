import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { Redis } from 'ioredis';

/**
 * The Redis of the tests (`TEST_REDIS_URL`: `scripts/redis-server.sh` starts a throwaway one, and `.ci/run` does in
 * CI). Tests that need one run only when it is set: `describe.runIf(hasTestRedis)`.
 */
export const testRedisUrl = process.env.TEST_REDIS_URL;
export const hasTestRedis = Boolean(testRedisUrl);

/** Logical databases 1–15 go round between test files; 0 is left to whatever uses the plain URL. */
const DATABASES = 15;
const TURN_KEY = 'scholar-test:next-database';

export interface TestRedis {
  /** REDIS_URL of an empty logical database of its own (e.g. `redis://127.0.0.1:6379/7`). */
  url: string;
  /** A client on that database, to look at the keys the app writes. */
  client: Redis;
  close(): Promise<void>;
}

/**
 * A clean Redis for one test file: the next logical database in turn, emptied (FLUSHDB), so that test files
 * running at the same time on the same server never see each other's keys, and no test flushes another's.
 */
export async function createTestRedis(): Promise<TestRedis> {
  if (!testRedisUrl) throw new Error('createTestRedis needs TEST_REDIS_URL (source scripts/redis-server.sh)');
  const base = new Redis(testRedisUrl, { lazyConnect: true });
  const turn = await base.incr(TURN_KEY);
  base.disconnect();
  const url = new URL(testRedisUrl);
  url.pathname = `/${1 + ((turn - 1) % DATABASES)}`;
  const client = new Redis(url.toString());
  await client.flushdb();
  return {
    url: url.toString(),
    client,
    close: async () => {
      await client.flushdb();
      await client.quit();
    },
  };
}

export async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** `redis-server` in the foreground on `port`, keeping nothing on disk; resolves once it answers. */
export async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const probe = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, retryStrategy: () => 100 });
  probe.on('error', () => {});
  try {
    for (let waited = 0; (await probe.ping().catch(() => 'no')) !== 'PONG'; waited += 100) {
      if (waited > 10_000) throw new Error(`redis-server did not start on port ${port}`);
      await sleep(100);
    }
  } finally {
    probe.disconnect();
  }
  return child;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
