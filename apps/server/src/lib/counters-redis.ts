import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import {
  MemoryLimitStore,
  type Counter,
  type Latch,
  type LimitStore,
  type MemoryCounter,
  type MemoryLatch,
} from './counters';
import { breakerOf, isRedisUsable, REDIS_KEY_PREFIX } from './redis';

/** Keys of the limits: `scholar:limit:<counter or latch name>:<key>` (docs/decisions/028). */
export const LIMIT_KEY_PREFIX = `${REDIS_KEY_PREFIX}limit:`;

/**
 * One Lua script per operation that reads and writes, so that Redis runs each as one step: parallel requests on
 * every instance are counted one after the other. A window starts with the key's first event (its expiry is set
 * then, PEXPIRE), as in the counter of one process; a key without an expiry (which nothing here writes) gets one.
 */
const SCRIPTS = {
  /** KEYS[1] the key, ARGV[1] the window (ms) → { count, ms until the window ends }. */
  limitHit: `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`,
  /** KEYS[1] the key, ARGV[1] the window (ms), ARGV[2] the allowance → { 1 counted or 0 refused, ms left }. */
  limitTake: `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[2]) then
  return { 0, redis.call('PTTL', KEYS[1]) }
end
redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { 1, ttl }`,
  /** KEYS[1] the key: one event fewer, never below zero (DECR keeps the expiry). */
  limitUndo: `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then
  redis.call('DECR', KEYS[1])
end
return 0`,
  /** KEYS[1] the key, ARGV[1] the mark, ARGV[2] how long (ms) → {} when set, else { the mark there, ms left }. */
  latchClaim: `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return {}
end
return { redis.call('GET', KEYS[1]), redis.call('PTTL', KEYS[1]) }`,
} as const;

type ScriptName = keyof typeof SCRIPTS;
type ScriptCall = (key: string, ...args: (string | number)[]) => Promise<unknown>;

/** Defines the scripts on the client once (ioredis sends EVALSHA, and the script itself when Redis lacks it). */
function scriptsOf(redis: Redis): Record<ScriptName, ScriptCall> {
  const commands = redis as unknown as Partial<Record<ScriptName, ScriptCall>>;
  for (const name of Object.keys(SCRIPTS) as ScriptName[]) {
    if (!commands[name]) redis.defineCommand(name, { numberOfKeys: 1, lua: SCRIPTS[name] });
  }
  return commands as Record<ScriptName, ScriptCall>;
}

const WARN_INTERVAL_MS = 30_000;

/**
 * Runs an operation in Redis, or, while Redis is away or does not answer in time, on the counter of this process
 * (fail open to the limits of one instance, with a warning in the log; docs/decisions/028). A login must not wait
 * on a Redis that is down, nor be refused because of it: each instance then limits on its own, as without Redis.
 * A Redis that stalls opens the client's breaker (lib/redis.ts): from then on nothing waits on it.
 */
class Fallback {
  private lastWarnedAt = 0;

  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (!isRedisUsable(this.redis)) return local();
    const breaker = breakerOf(this.redis);
    const answer = breaker
      ? await breaker.run(shared)
      : await shared().then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error }),
        );
    if (answer.ok) return answer.value;
    const now = Date.now();
    if (now - this.lastWarnedAt >= WARN_INTERVAL_MS) {
      this.lastWarnedAt = now;
      this.log.warn(
        { err: answer.error },
        'a limit could not be counted in Redis; counted in this process instead',
      );
    }
    return local();
  }
}

const nonNegative = (ms: unknown) => Math.max(0, Number(ms));

class RedisCounter implements Counter {
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    private readonly scripts: Record<ScriptName, ScriptCall>,
    private readonly fallback: Fallback,
    private readonly local: MemoryCounter,
  ) {
    this.prefix = `${LIMIT_KEY_PREFIX}${local.name}:`;
  }

  get name() {
    return this.local.name;
  }

  get max() {
    return this.local.max;
  }

  get windowMs() {
    return this.local.windowMs;
  }

  private keyOf(key: string) {
    return this.prefix + key;
  }

  take(key: string): Promise<boolean> {
    // Nothing to check against an infinite allowance (Lua has no infinity to compare with).
    if (!Number.isFinite(this.max)) return this.add(key).then(() => true);
    return this.fallback.run(
      async () => {
        const [taken] = (await this.scripts.limitTake(this.keyOf(key), this.windowMs, this.max)) as number[];
        return taken === 1;
      },
      () => this.local.take(key),
    );
  }

  async add(key: string): Promise<number> {
    return (await this.hit(key)).count;
  }

  hit(key: string): Promise<{ count: number; msUntilReset: number }> {
    return this.fallback.run(
      async () => {
        const [count, ttl] = (await this.scripts.limitHit(this.keyOf(key), this.windowMs)) as number[];
        return { count: Number(count), msUntilReset: nonNegative(ttl) };
      },
      () => this.local.hit(key),
    );
  }

  undo(key: string): Promise<void> {
    return this.fallback.run(
      async () => {
        await this.scripts.limitUndo(this.keyOf(key));
      },
      () => this.local.undo(key),
    );
  }

  reset(key: string): Promise<void> {
    return this.fallback.run(
      async () => {
        await this.redis.del(this.keyOf(key));
      },
      () => this.local.reset(key),
    );
  }

  count(key: string): Promise<number> {
    return this.fallback.run(
      async () => Number((await this.redis.get(this.keyOf(key))) ?? 0),
      () => this.local.count(key),
    );
  }

  msUntilReset(key: string): Promise<number> {
    return this.fallback.run(
      async () => nonNegative(await this.redis.pttl(this.keyOf(key))),
      () => this.local.msUntilReset(key),
    );
  }
}

class RedisLatch implements Latch {
  constructor(
    private readonly redis: Redis,
    private readonly scripts: Record<ScriptName, ScriptCall>,
    private readonly fallback: Fallback,
    private readonly local: MemoryLatch,
    private readonly prefix: string,
  ) {}

  claim(key: string, value: string, ms: number) {
    return this.fallback.run(
      async () => {
        const answer = (await this.scripts.latchClaim(
          this.prefix + key,
          value,
          Math.max(1, Math.ceil(ms)),
        )) as [string?, number?];
        if (answer.length === 0) return undefined;
        return { value: String(answer[0]), msLeft: nonNegative(answer[1]) };
      },
      () => this.local.claim(key, value, ms),
    );
  }

  set(key: string, value: string, ms: number): Promise<void> {
    return this.fallback.run(
      async () => {
        await this.redis.set(this.prefix + key, value, 'PX', Math.max(1, Math.ceil(ms)));
      },
      () => this.local.set(key, value, ms),
    );
  }

  clear(key: string): Promise<void> {
    return this.fallback.run(
      async () => {
        await this.redis.del(this.prefix + key);
      },
      () => this.local.clear(key),
    );
  }
}

/** Counters and latches kept in Redis, shared by every instance that uses the same Redis. */
export class RedisLimitStore implements LimitStore {
  readonly shared = true;
  private readonly scripts: Record<ScriptName, ScriptCall>;
  private readonly fallback: Fallback;
  private readonly local = new MemoryLimitStore();
  private readonly counters = new Map<string, RedisCounter>();
  private readonly latches = new Map<string, RedisLatch>();

  constructor(
    private readonly redis: Redis,
    log: FastifyBaseLogger,
  ) {
    this.scripts = scriptsOf(redis);
    this.fallback = new Fallback(redis, log);
  }

  counter(name: string, max: number, windowMs: number): Counter {
    let counter = this.counters.get(name);
    if (!counter) {
      counter = new RedisCounter(
        this.redis,
        this.scripts,
        this.fallback,
        this.local.counter(name, max, windowMs),
      );
      this.counters.set(name, counter);
    }
    return counter;
  }

  latch(name: string): Latch {
    let latch = this.latches.get(name);
    if (!latch) {
      latch = new RedisLatch(
        this.redis,
        this.scripts,
        this.fallback,
        this.local.latch(name),
        `${LIMIT_KEY_PREFIX}${name}:`,
      );
      this.latches.set(name, latch);
    }
    return latch;
  }
}

/** The limits of the app: in Redis when there is one (REDIS_URL), in this process otherwise. */
export function createLimitStore(redis: Redis | undefined, log: FastifyBaseLogger): LimitStore {
  return redis ? new RedisLimitStore(redis, log) : new MemoryLimitStore();
}
