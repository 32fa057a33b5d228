import type { FastifyRateLimitStore } from '@fastify/rate-limit';
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
 * Counts events per key in a fixed window that starts with the key's first event, in memory (one process). Used
 * where a limit is on something other than a route's request rate: failed logins per account and address, reset
 * mails per address. Every call is O(1), and memory is bounded: at most `maxKeys` keys, the least recently used
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
 * The store of the route limits (`@fastify/rate-limit`'s `store` option). Its own in-memory store hands every
 * request the same count object and the plugin reads it after an await, so a burst from one address all sees the
 * count of the whole burst: 25 registrations at once were all refused, though the limit is 20. This store answers
 * each request with the count as it was when that request was counted, so exactly `max` of a burst get through.
 */
export class RouteLimitStore implements FastifyRateLimitStore {
  /** A counter per window length (a route has one). */
  private readonly counters = new Map<number, WindowCounter>();

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    let counter = this.counters.get(timeWindow);
    if (!counter) {
      counter = new WindowCounter(Number.POSITIVE_INFINITY, timeWindow);
      this.counters.set(timeWindow, counter);
    }
    const now = Date.now();
    callback(null, { current: counter.add(key, now), ttl: counter.msUntilReset(key, now) });
  }

  child(): FastifyRateLimitStore {
    return new RouteLimitStore();
  }
}

export const minutes = (n: number) => n * 60_000;

/** Whole seconds to wait, at least 1: the value of a Retry-After header. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A route's `config.rateLimit`: at most `max` requests per address in `timeWindow`, then 429 with `message`. */
export function routeLimit(max: number, timeWindow: string, message: string) {
  return { max, timeWindow, errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', message) };
}
