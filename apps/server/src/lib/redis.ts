import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Every key the server writes starts with this, so that one Redis can serve other things too. */
export const REDIS_KEY_PREFIX = 'scholar:';

/** How long a connection attempt may take before it counts as failed (then ioredis tries again, backing off). */
const CONNECT_TIMEOUT_MS = 2_000;
/**
 * How long one command may wait for its answer. A login or a limited route waits on it, so it is short: a Redis
 * that does not answer within it is treated as down for that request (docs/decisions/028).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/**
 * ioredis's own limit, a backstop well past ours: its timer fires in the timers phase, before the answers the
 * socket received while this process was busy are read, so it would take a busy moment here for a silent Redis.
 */
const CLIENT_COMMAND_TIMEOUT_MS = 5_000;
/** A Redis that stays down is said again in the log at most this often, not at every reconnection attempt. */
const ERROR_LOG_INTERVAL_MS = 30_000;

/**
 * The circuit breaker (docs/decisions/028). A Redis that stalls (paused, swapping, a network that drops packets
 * without closing the connection) raises no error: every command just waits for its timeout. So after
 * BREAKER_FAILURES commands in a row fail, or HEARTBEAT_MISSES heartbeats in a row go unanswered, Redis counts as
 * away: callers do without it at once, commands already waiting are given up, and a PING every PROBE_INTERVAL_MS
 * finds out when it answers again.
 */
export const BREAKER_FAILURES = 3;
/**
 * Unanswered heartbeats in a row that open the breaker. One is not enough: on a machine whose cores are all busy,
 * Redis itself can be kept waiting for the CPU past PROBE_TIMEOUT_MS now and then, and opening the breaker then
 * would split the limits between the instances for no stall at all. A real stall misses the next one too.
 */
export const HEARTBEAT_MISSES = 2;
/** While Redis answers: a PING this often, so that a stall is found by the server rather than by requests. */
export const HEARTBEAT_INTERVAL_MS = 1_000;
/** How long a heartbeat or a probe waits: a Redis in working order answers a PING in well under a millisecond. */
export const PROBE_TIMEOUT_MS = 250;
/** While Redis is away: a PING this often, until one is answered. */
export const PROBE_INTERVAL_MS = 1_000;

/**
 * Settles as `promise` does, or rejects once `ms` have passed and the input that arrived by then has been read: the
 * decision waits for the turn after the timer's (setImmediate runs after the poll phase), so that an answer sitting
 * in the socket while this process was busy elsewhere (a long synchronous step, a pause of the garbage collector)
 * is not taken for Redis saying nothing.
 */
export function answerWithin<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (settled) return;
          settled = true;
          reject(new Error(`no answer from Redis within ${ms} ms`));
        }),
      ms,
    );
    promise.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Closed for good (`quit` or `disconnect`): nothing more is sent. */
const hasEnded = (redis: Redis) => redis.status === 'end';

/** Whether Redis may be used now, and what happened to the last commands: one per client. */
export class RedisBreaker {
  private failures = 0;
  /** Heartbeats in a row that went unanswered while the breaker was closed. */
  private missedHeartbeats = 0;
  private open = false;
  /** Why it opened, for the log and `/api/health`. */
  private reason = '';
  private probing = false;
  private timer: NodeJS.Timeout | undefined;
  /** The commands waiting on Redis now: each stops waiting when the breaker opens. */
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** True while Redis answers in time, as far as this process knows. */
  get closed(): boolean {
    return !this.open;
  }

  /** Starts the heartbeat (the app does so once it is built; tests of a bare client need not). */
  start(): void {
    this.schedule(HEARTBEAT_INTERVAL_MS);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.ping(), ms);
    this.timer.unref();
  }

  /** One PING within PROBE_TIMEOUT_MS: a heartbeat while closed, a probe while open. */
  private async ping(): Promise<void> {
    if (this.probing || hasEnded(this.redis)) return;
    this.probing = true;
    try {
      await answerWithin(this.redis.ping(), PROBE_TIMEOUT_MS);
      this.missedHeartbeats = 0;
      this.succeeded();
    } catch (error) {
      // Requests should not be the ones to find out: HEARTBEAT_MISSES in a row open the breaker (a probe that
      // goes unanswered while it is open only keeps it open).
      this.missedHeartbeats += 1;
      const reason = error instanceof Error ? error.message : String(error);
      if (this.open || this.missedHeartbeats >= HEARTBEAT_MISSES) this.trip(reason);
      else this.log.debug({ reason }, 'a Redis heartbeat went unanswered');
    } finally {
      this.probing = false;
      if (!hasEnded(this.redis)) this.schedule(this.open ? PROBE_INTERVAL_MS : HEARTBEAT_INTERVAL_MS);
    }
  }

  /** A command was answered. */
  succeeded(): void {
    this.failures = 0;
    if (!this.open) return;
    this.open = false;
    this.log.info('Redis is answering again; limits are counted there again');
  }

  /** A command failed or timed out; the BREAKER_FAILURES-th in a row opens the breaker. */
  failed(error: unknown): void {
    this.failures += 1;
    if (this.failures >= BREAKER_FAILURES) this.trip(error instanceof Error ? error.message : String(error));
  }

  private trip(reason: string): void {
    if (this.open) return;
    this.open = true;
    this.missedHeartbeats = 0;
    this.reason = reason;
    for (const giveUp of this.waiting) giveUp();
    this.waiting.clear();
    this.log.warn(
      { reason },
      'Redis is not answering in time; limits are counted in this process until it answers again',
    );
    this.schedule(PROBE_INTERVAL_MS);
  }

  /** Why Redis counts as away, while it does. */
  get lastReason(): string {
    return this.reason;
  }

  /**
   * Runs a command unless the breaker is open; gives up waiting for it when the breaker opens meanwhile (the
   * command may still reach Redis later; the caller has done without it). Failures count towards opening.
   */
  async run<T>(command: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
    if (this.open) return { ok: false, error: new Error('Redis is away') };
    let giveUp!: () => void;
    const gaveUp = new Promise<{ ok: false; error: unknown }>((resolve) => {
      giveUp = () => resolve({ ok: false, error: new Error('Redis went away') });
    });
    this.waiting.add(giveUp);
    try {
      const answer = await Promise.race([
        answerWithin(command(), REDIS_COMMAND_TIMEOUT_MS).then((value) => ({ ok: true as const, value })),
        gaveUp,
      ]);
      if (answer.ok) this.succeeded();
      return answer;
    } catch (error) {
      this.failed(error);
      return { ok: false, error };
    } finally {
      this.waiting.delete(giveUp);
    }
  }
}

const breakers = new WeakMap<Redis, RedisBreaker>();

/** The breaker of a client made by `createRedis`. */
export function breakerOf(redis: Redis): RedisBreaker | undefined {
  return breakers.get(redis);
}

/**
 * The app's Redis client (REDIS_URL). It connects at its first command, not here, so that building the app never
 * waits on Redis nor fails because of it; connection errors are logged (a warning now and then while it stays
 * down) and ioredis keeps reconnecting, backing off up to two seconds. Its breaker (above) is started with it.
 */
export function createRedis(
  url: string,
  log: FastifyBaseLogger,
  options: { heartbeat?: boolean } = {},
): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: CLIENT_COMMAND_TIMEOUT_MS,
    // A command made while Redis is away fails after one reconnection attempt instead of queueing for long.
    maxRetriesPerRequest: 1,
    retryStrategy: (attempts) => Math.min(attempts * 200, 2_000),
  });
  const breaker = new RedisBreaker(redis, log);
  breakers.set(redis, breaker);
  if (options.heartbeat ?? true) breaker.start();
  let lastLoggedAt = 0;
  redis.on('error', (error: Error) => {
    away.add(redis);
    const now = Date.now();
    if (now - lastLoggedAt < ERROR_LOG_INTERVAL_MS) return;
    lastLoggedAt = now;
    log.warn({ err: error }, 'Redis is not answering; limits are counted in this process until it is back');
  });
  redis.on('ready', () => {
    away.delete(redis);
    if (lastLoggedAt !== 0) log.info('Redis is answering again');
    lastLoggedAt = 0;
  });
  return redis;
}

/** Closes the client: politely when it is connected, at once when it never was or is away. */
export async function closeRedis(redis: Redis): Promise<void> {
  breakers.get(redis)?.stop();
  if (redis.status === 'ready' && breakers.get(redis)?.closed !== false) {
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
}

/** Clients whose last connection failed and has not come back. */
const away = new WeakSet<Redis>();

/**
 * False while Redis is known to be away (its connection failed and is not back, or its breaker is open): a command
 * would only wait for the timeout, so the caller does without at once. Before the first connection it is true, and
 * commands wait for it (a burst at start-up is counted in Redis like any other).
 */
export function isRedisUsable(redis: Redis): boolean {
  if (breakers.get(redis)?.closed === false) return false;
  return redis.status === 'ready' || (!away.has(redis) && redis.status !== 'end');
}

/** What `/api/health` says of Redis: up while it is usable. */
export function redisState(redis: Redis): 'up' | 'down' {
  return isRedisUsable(redis) ? 'up' : 'down';
}
