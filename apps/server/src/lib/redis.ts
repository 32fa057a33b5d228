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
/** A Redis that stays down is said again in the log at most this often, not at every reconnection attempt. */
const ERROR_LOG_INTERVAL_MS = 30_000;

/**
 * The app's Redis client (REDIS_URL). It connects at its first command, not here, so that building the app never
 * waits on Redis nor fails because of it; connection errors are logged (a warning now and then while it stays
 * down) and ioredis keeps reconnecting, backing off up to two seconds.
 */
export function createRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // A command made while Redis is away fails after one reconnection attempt instead of queueing for long.
    maxRetriesPerRequest: 1,
    retryStrategy: (attempts) => Math.min(attempts * 200, 2_000),
  });
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
  if (redis.status === 'ready') {
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
}

/** Clients whose last connection failed and has not come back. */
const away = new WeakSet<Redis>();

/**
 * False while Redis is known to be away (its connection failed and is not back): a command would only wait for
 * the timeout, so the caller does without at once. Before the first connection it is true, and commands wait for
 * it (a burst at start-up is counted in Redis like any other).
 */
export function isRedisUsable(redis: Redis): boolean {
  return redis.status === 'ready' || (!away.has(redis) && redis.status !== 'end');
}
