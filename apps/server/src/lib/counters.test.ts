import type { ChildProcess } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRedis, hasTestRedis, type TestRedis } from '../../test/support/redis';
import { recordLogs } from '../../test/support/logs';
import { MemoryLimitStore, type LimitStore } from './counters';
import { LIMIT_KEY_PREFIX, RedisLimitStore } from './counters-redis';
import { freePort, startRedisServer } from '../../test/support/redis';
import {
  answerWithin,
  breakerOf,
  closeRedis,
  createRedis,
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_MISSES,
  isRedisUsable,
  PROBE_INTERVAL_MS,
  PROBE_TIMEOUT_MS,
  REDIS_COMMAND_TIMEOUT_MS,
} from './redis';

/** The Redis tests need no database: they run once, in the PGlite project. */
const once = process.env.TEST_DB !== 'postgres';
const withRedis = once && hasTestRedis;

const quietLog = () => pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let names = 0;
/** A counter name of its own for each test, so that no two tests count on the same keys. */
const fresh = (what: string) => `${what}-${(names += 1)}`;

/** What every store must do, in this process or in Redis. */
function behavesAsLimitStore(label: string, open: () => Promise<LimitStore>) {
  describe(label, () => {
    let limits: LimitStore;
    beforeAll(async () => {
      limits = await open();
    });

    it('takes up to the allowance in a window that starts with the first event, then refuses', async () => {
      const counter = limits.counter(fresh('take'), 3, 60_000);
      expect(await counter.take('a')).toBe(true);
      expect(await counter.take('a')).toBe(true);
      expect(await counter.take('a')).toBe(true);
      expect(await counter.take('a')).toBe(false);
      expect(await counter.count('a')).toBe(3);
      const ms = await counter.msUntilReset('a');
      expect(ms).toBeGreaterThan(59_000);
      expect(ms).toBeLessThanOrEqual(60_000);
      expect(await counter.take('b')).toBe(true);
      expect(await counter.count('b')).toBe(1);
    });

    it('undo takes one back, never below zero; reset forgets the key', async () => {
      const counter = limits.counter(fresh('undo'), 2, 60_000);
      await counter.add('a');
      await counter.add('a');
      expect(await counter.take('a')).toBe(false);
      await counter.undo('a');
      expect(await counter.count('a')).toBe(1);
      expect(await counter.take('a')).toBe(true);
      await counter.reset('a');
      expect(await counter.count('a')).toBe(0);
      expect(await counter.msUntilReset('a')).toBe(0);
      await counter.undo('a');
      expect(await counter.count('a')).toBe(0);
    });

    it('hit answers the count with this event and the time left in the window', async () => {
      const counter = limits.counter(fresh('hit'), Number.POSITIVE_INFINITY, 10_000);
      expect((await counter.hit('a')).count).toBe(1);
      const second = await counter.hit('a');
      expect(second.count).toBe(2);
      expect(second.msUntilReset).toBeGreaterThan(9_000);
      expect(second.msUntilReset).toBeLessThanOrEqual(10_000);
      // An infinite allowance only counts.
      expect(await counter.take('a')).toBe(true);
      expect(await counter.count('a')).toBe(3);
    });

    it('starts again from zero once the window has ended', async () => {
      const counter = limits.counter(fresh('window'), 1, 150);
      expect(await counter.take('a')).toBe(true);
      expect(await counter.take('a')).toBe(false);
      await sleep(250);
      expect(await counter.count('a')).toBe(0);
      expect(await counter.take('a')).toBe(true);
    });

    it('60 takes at once with an allowance of 20: exactly 20 are taken', async () => {
      const counter = limits.counter(fresh('burst'), 20, 60_000);
      const taken = await Promise.all(Array.from({ length: 60 }, () => counter.take('10.0.0.1')));
      expect(taken.filter(Boolean)).toHaveLength(20);
      expect(await counter.count('10.0.0.1')).toBe(20);
    });

    it('a latch is held by one claimant at a time, for its time, and can be set over or cleared', async () => {
      const latch = limits.latch(fresh('latch'));
      expect(await latch.claim('acc', 'checking', 60_000)).toBeUndefined();
      const held = await latch.claim('acc', 'checking', 60_000);
      expect(held?.value).toBe('checking');
      expect(held?.msLeft).toBeGreaterThan(59_000);
      await latch.set('acc', 'waiting', 150);
      expect(await latch.claim('acc', 'checking', 60_000)).toMatchObject({ value: 'waiting' });
      await sleep(250);
      expect(await latch.claim('acc', 'checking', 60_000)).toBeUndefined();
      await latch.clear('acc');
      expect(await latch.claim('acc', 'other', 60_000)).toBeUndefined();
      const claims = await Promise.all(
        Array.from({ length: 30 }, () => latch.claim('race', 'checking', 60_000)),
      );
      expect(claims.filter((claim) => claim === undefined)).toHaveLength(1);
    });
  });
}

behavesAsLimitStore('the limits of one process', async () => new MemoryLimitStore());

describe.runIf(withRedis)('the limits in Redis', () => {
  let redis: TestRedis;
  const clients: Redis[] = [];
  const storeOn = (url: string, log = quietLog()) => {
    const client = createRedis(url, log);
    clients.push(client);
    return new RedisLimitStore(client, log);
  };

  beforeAll(async () => {
    redis = await createTestRedis();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => closeRedis(client)));
    await redis?.close();
  });

  behavesAsLimitStore('as a store', async () => storeOn(redis.url));

  it('keeps each count under scholar:limit:<name>:<key>, expiring with its window', async () => {
    const limits = storeOn(redis.url);
    await limits.counter('login-pair', 5, 900_000).take('someone@example.in\n10.1.2.3');
    const key = `${LIMIT_KEY_PREFIX}login-pair:someone@example.in\n10.1.2.3`;
    expect(key.startsWith('scholar:limit:')).toBe(true);
    expect(await redis.client.get(key)).toBe('1');
    const ttl = await redis.client.pttl(key);
    expect(ttl).toBeGreaterThan(899_000);
    expect(ttl).toBeLessThanOrEqual(900_000);
  });

  it('two instances count together: 60 takes at once split over both, exactly 20 are taken', async () => {
    const name = fresh('shared');
    const [a, b] = [
      storeOn(redis.url).counter(name, 20, 60_000),
      storeOn(redis.url).counter(name, 20, 60_000),
    ];
    const taken = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).take('10.0.0.2')));
    expect(taken.filter(Boolean)).toHaveLength(20);
    expect(await a.count('10.0.0.2')).toBe(20);
    expect(await b.count('10.0.0.2')).toBe(20);
  });

  it('takes a busy moment here for no failure of Redis: an answer that came meanwhile is read first', async () => {
    const client = createRedis(redis.url, quietLog(), { heartbeat: false });
    clients.push(client);
    await client.ping();
    const answer = answerWithin(client.ping(), 50);
    // This process holds its thread for 300 ms (a long synchronous step); Redis has answered long before the end.
    const until = performance.now() + 300;
    while (performance.now() < until);
    await expect(answer).resolves.toBe('PONG');
    // Nothing answers a promise that never settles: then it is a failure, after its time.
    await expect(answerWithin(new Promise(() => undefined), 50)).rejects.toThrow('within 50 ms');
  });

  it('without an answer from Redis, counts in this process at once and says so in the log', async () => {
    const closed = await freePort();
    const log = pino({ level: 'warn' }) as unknown as FastifyBaseLogger;
    const lines = recordLogs(log);
    const counter = storeOn(`redis://127.0.0.1:${closed}`, log).counter(fresh('away'), 2, 60_000);
    const started = performance.now();
    expect(await counter.take('a')).toBe(true);
    expect(await counter.take('a')).toBe(true);
    expect(await counter.take('a')).toBe(false);
    expect(await counter.msUntilReset('a')).toBeGreaterThan(59_000);
    // The first call waits for the failed connection (at most the command timeout); the rest do not wait at all.
    expect(performance.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 1_000);
    const warnings = lines.filter((line) => line.level === 40).map((line) => line.msg);
    expect(warnings.some((msg) => msg?.includes('Redis'))).toBe(true);
  });

  describe('a Redis of its own, stopped and started again', () => {
    let server: ChildProcess | undefined;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      server = await startRedisServer(port);
    });
    afterAll(() => {
      server?.kill('SIGKILL');
    });

    it('a Redis that hangs is given up on after the command timeout; counting goes on here, then there again', async () => {
      const limits = storeOn(`redis://127.0.0.1:${port}`);
      const counter = limits.counter(fresh('hang'), 100, 60_000);
      expect(await counter.add('a')).toBe(1);
      expect(await counter.add('a')).toBe(2);
      // Frozen: it accepts nothing and answers nothing, like a Redis under a long stall.
      server!.kill('SIGSTOP');
      try {
        const started = performance.now();
        // Counted in this process, which had seen none of the two above.
        expect(await counter.add('a')).toBe(1);
        expect(performance.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 1_000);
        expect(await counter.add('a')).toBe(2);
      } finally {
        server!.kill('SIGCONT');
      }
      // Back: the count in Redis is taken up again where it was.
      await expect.poll(() => counter.add('a'), { timeout: 10_000, interval: 200 }).toBeGreaterThanOrEqual(3);
    });

    it('a Redis that stalls opens the breaker: nothing waits on it, 30 parallel counts take no longer than without it, and it is used again once it answers', async () => {
      const log = pino({ level: 'info' }) as unknown as FastifyBaseLogger;
      const lines = recordLogs(log);
      const client = createRedis(`redis://127.0.0.1:${port}`, log);
      clients.push(client);
      const counter = new RedisLimitStore(client, log).counter(fresh('stall'), 1000, 60_000);
      const burst = async () => {
        const times = await Promise.all(
          Array.from({ length: 30 }, async (_, i) => {
            const started = performance.now();
            await counter.take(`address-${i}`);
            return performance.now() - started;
          }),
        );
        return Math.max(...times);
      };
      await counter.take('warm-up');
      const answering = await burst();

      server!.kill('SIGSTOP');
      try {
        // The heartbeat finds the stall with no request waiting on it (HEARTBEAT_MISSES heartbeats in a row).
        await expect
          .poll(() => isRedisUsable(client), {
            timeout: HEARTBEAT_MISSES * (HEARTBEAT_INTERVAL_MS + PROBE_TIMEOUT_MS) + 2_000,
          })
          .toBe(false);
        const stalled = await burst();
        expect(
          stalled,
          `30 counts took ${stalled} ms with Redis stalled, ${answering} ms with it`,
        ).toBeLessThan(answering + 100);
        expect(lines.some((line) => line.level === 40 && line.msg?.includes('not answering in time'))).toBe(
          true,
        );
      } finally {
        server!.kill('SIGCONT');
      }
      // A probe finds it back; the counts go to Redis again (the key count there grows).
      await expect.poll(() => isRedisUsable(client), { timeout: PROBE_INTERVAL_MS * 3 + 2_000 }).toBe(true);
      await counter.take('after');
      const look = new Redis(`redis://127.0.0.1:${port}`);
      try {
        expect(await look.keys(`${LIMIT_KEY_PREFIX}*:after`)).toHaveLength(1);
      } finally {
        look.disconnect();
      }
      expect(lines.some((line) => line.msg?.includes('answering again'))).toBe(true);
    });

    it('one heartbeat that goes unanswered (Redis kept waiting for a moment) leaves the breaker closed', async () => {
      const log = pino({ level: 'debug' }) as unknown as FastifyBaseLogger;
      const lines = recordLogs(log);
      const client = createRedis(`redis://127.0.0.1:${port}`, log);
      clients.push(client);
      const counter = new RedisLimitStore(client, log).counter(fresh('blip'), 1000, 60_000);
      await counter.take('warm-up');
      const missed = () => lines.filter((line) => line.msg?.includes('heartbeat went unanswered')).length;
      let usableThroughout = true;
      server!.kill('SIGSTOP');
      try {
        // Frozen until exactly one heartbeat has gone unanswered, then answering again at once.
        await expect
          .poll(
            () => {
              usableThroughout &&= isRedisUsable(client);
              return missed();
            },
            { timeout: HEARTBEAT_INTERVAL_MS + PROBE_TIMEOUT_MS + 2_000, interval: 20 },
          )
          .toBe(1);
      } finally {
        server!.kill('SIGCONT');
      }
      expect(usableThroughout).toBe(true);
      expect(breakerOf(client)?.closed).toBe(true);
      expect(lines.some((line) => line.msg?.includes('not answering in time'))).toBe(false);
      // Counted in Redis still.
      await counter.take('after-blip');
      const look = new Redis(`redis://127.0.0.1:${port}`);
      try {
        expect(await look.keys(`${LIMIT_KEY_PREFIX}*:after-blip`)).toHaveLength(1);
      } finally {
        look.disconnect();
      }
    });

    it('commands already waiting when the breaker opens stop waiting at once', async () => {
      const log = quietLog();
      const client = createRedis(`redis://127.0.0.1:${port}`, log, { heartbeat: false });
      clients.push(client);
      const counter = new RedisLimitStore(client, log).counter(fresh('waiting'), 1000, 60_000);
      await counter.take('warm-up');
      server!.kill('SIGSTOP');
      try {
        // The first BREAKER_FAILURES wait for their timeout and open the breaker; the 30 sent with them stop
        // waiting when it opens, not at their own timeouts one after another.
        const started = performance.now();
        await Promise.all(Array.from({ length: 30 }, (_, i) => counter.take(`waiting-${i}`)));
        expect(performance.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 300);
        expect(breakerOf(client)?.closed).toBe(false);
        const after = performance.now();
        await counter.take('now');
        expect(performance.now() - after).toBeLessThan(50);
      } finally {
        server!.kill('SIGCONT');
      }
    });
  });
});
