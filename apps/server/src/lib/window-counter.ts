import { LRUCache } from 'lru-cache';

interface Window {
  count: number;
  /** When the window ends and the count starts again from zero (ms since the epoch). */
  resetAt: number;
}

/** The most keys a counter keeps; beyond it the least recently used key is dropped. */
export const COUNTER_MAX_KEYS = 100_000;

/**
 * An LRU cache of at most `maxKeys` keys whose storage grows with its keys. lru-cache's `max` sets aside room for
 * every key up front: 36 ms of CPU for 100,000 keys, paid by every counter of every app at its start, though most
 * counters never hold more than a few keys. Counting each key as size 1 under `maxSize` bounds it the same.
 */
export function keyBoundedCache<V extends object>(maxKeys: number): LRUCache<string, V> {
  return new LRUCache<string, V>({ maxSize: maxKeys, sizeCalculation: () => 1 });
}

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
    this.windows = keyBoundedCache<Window>(maxKeys);
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
