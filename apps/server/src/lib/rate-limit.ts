import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Counter, LimitStore } from './counters';
import { LRUCache } from 'lru-cache';
import { AppError } from './errors';

interface Window {
  count: number;
  /** When the window ends and the count starts again from zero (ms since the epoch). */
  resetAt: number;
}

/** The most keys a counter keeps; beyond it the least recently used key is dropped. */
export const COUNTER_MAX_KEYS = 100_000;

/**
 * Counts events per key in a fixed window that starts with the key's first event, in memory (one process): the
 * counters of `MemoryLimitStore` (lib/counters.ts), which every limit uses without Redis, and the tarpit of
 * plugins/errors.ts. Every call is O(1), and memory is bounded: at most `maxKeys` keys, the least recently used
 * dropped first (a key that was dropped starts again from zero, which only an attacker with that many keys of
 * their own can cause, and each of those keys is then limited on its own).
 */
export class WindowCounter {
  private readonly windows: LRUCache<string, Window>;

  constructor(
    readonly max: number,
    readonly windowMs: number,
    maxKeys = COUNTER_MAX_KEYS,
  ) {
    this.windows = new LRUCache<string, Window>({ max: maxKeys });
  }

  private live(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  /** The events counted for the key in its current window. */
  count(key: string, now = Date.now()): number {
    return this.live(key, now)?.count ?? 0;
  }

  /** True when the key has used up its allowance. */
  isBlocked(key: string, now = Date.now()): boolean {
    return this.count(key, now) >= this.max;
  }

  /** Counts one event; answers the count with it. */
  add(key: string, now = Date.now()): number {
    let window = this.live(key, now);
    if (!window) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count;
  }

  /**
   * Checks and counts in one step (nothing can come between them, so parallel requests cannot all pass a check
   * made before any of them was counted): true when the event was allowed and counted.
   */
  take(key: string, now = Date.now()): boolean {
    if (this.isBlocked(key, now)) return false;
    this.add(key, now);
    return true;
  }

  /** Takes back one event counted by `add` or `take` (an attempt that did not happen after all). */
  undo(key: string, now = Date.now()): void {
    const window = this.live(key, now);
    if (window && window.count > 0) window.count -= 1;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Milliseconds until the key's window ends (0 without one). */
  msUntilReset(key: string, now = Date.now()): number {
    const window = this.live(key, now);
    return window ? Math.max(0, window.resetAt - now) : 0;
  }

  /** Keys kept right now (for tests and memory checks). */
  get size(): number {
    return this.windows.size;
  }
}

/**
 * What the plugin hands a store: its options merged with the route's (`timeWindow` in milliseconds by then) and the
 * route (`routeInfo`). Its type declarations say less than it passes, so the store reads only these.
 */
interface StoreParams {
  timeWindow?: unknown;
  routeInfo?: { method?: unknown; url?: unknown };
}

/** A route's own counter: its method and path name it (a key in Redis is `scholar:limit:route:GET /api/…:<address>`). */
function routeCounterName({ method, url }: NonNullable<StoreParams['routeInfo']>): string {
  return `route:${Array.isArray(method) ? method.join(',') : String(method)} ${String(url)}`;
}

/**
 * The store of the route limits (`@fastify/rate-limit`'s `store` option), counting in `limits`: this process, or
 * Redis for every instance (docs/decisions/028). The plugin's own in-memory store hands every request the same
 * count object and the plugin reads it after an await, so a burst from one address all sees the count of the
 * whole burst: 25 registrations at once were all refused, though the limit is 20. This store answers each request
 * with the count as it was when that request was counted (one step, in Redis one script), so exactly `max` of a
 * burst get through, on one instance or spread over several.
 */
export function routeLimitStore(limits: LimitStore): FastifyRateLimitStoreCtor {
  return class RouteLimitStore implements FastifyRateLimitStore {
    /** The route's counter: the plugin asks for a store per route (`child`) and counts only there. */
    private readonly counter: Counter | undefined;

    constructor(options: unknown) {
      const params = options as StoreParams;
      this.counter =
        params.routeInfo?.url !== undefined && typeof params.timeWindow === 'number'
          ? limits.counter(routeCounterName(params.routeInfo), Number.POSITIVE_INFINITY, params.timeWindow)
          : undefined;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      // A limiter made outside a route (none here) counts per window length.
      const counter =
        this.counter ?? limits.counter(`route:${timeWindow}`, Number.POSITIVE_INFINITY, timeWindow);
      counter.hit(key).then(
        ({ count, msUntilReset }) => callback(null, { current: count, ttl: msUntilReset }),
        (error: Error) => callback(error),
      );
    }

    child(params: unknown): FastifyRateLimitStore {
      return new RouteLimitStore(params);
    }
  };
}

export const minutes = (n: number) => n * 60_000;

/** Whole seconds to wait, at least 1: the value of a Retry-After header. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A route's `config.rateLimit`: at most `max` requests per address in `timeWindow`, then 429 with `message`. */
export function routeLimit(max: number, timeWindow: string, message: string) {
  return { max, timeWindow, errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', message) };
}
