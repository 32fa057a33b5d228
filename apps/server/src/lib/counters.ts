import { COUNTER_MAX_KEYS, keyBoundedCache, WindowCounter } from './window-counter';

/**
 * Counts events per key in a fixed window that starts with the key's first event: failed logins, reset mails,
 * email changes, a route's requests. Every call answers a promise, since the count may be kept in Redis and shared
 * by every instance of the site (docs/decisions/028).
 */
export interface Counter {
  /** Names the counter among the others (part of its keys in Redis). */
  readonly name: string;
  /** The allowance per key and window (`take` refuses beyond it); infinite for a counter that only counts. */
  readonly max: number;
  readonly windowMs: number;
  /**
   * Checks and counts in one step (nothing can come between them, so parallel requests cannot all pass a check
   * made before any of them was counted): true when the event was allowed and counted.
   */
  take(key: string): Promise<boolean>;
  /** Counts one event; answers the count with it. */
  add(key: string): Promise<number>;
  /** Counts one event; answers the count with it and the milliseconds until the window ends. */
  hit(key: string): Promise<{ count: number; msUntilReset: number }>;
  /** Takes back one event counted by `add` or `take` (an attempt that did not happen after all). */
  undo(key: string): Promise<void>;
  /** Forgets the key's events. */
  reset(key: string): Promise<void>;
  /** The events counted for the key in its current window. */
  count(key: string): Promise<number>;
  /** Milliseconds until the key's window ends (0 without one). */
  msUntilReset(key: string): Promise<number>;
}

/**
 * A mark on a key that lasts a while, held by one holder at a time: the turn of an account with many failed logins
 * (one attempt at a time, and a wait after each failure).
 */
export interface Latch {
  /** Sets the mark when there is none and answers undefined; otherwise answers the mark there and its time left. */
  claim(key: string, value: string, ms: number): Promise<{ value: string; msLeft: number } | undefined>;
  /** Sets the mark, whatever was there. */
  set(key: string, value: string, ms: number): Promise<void>;
  clear(key: string): Promise<void>;
}

/** Where counters and latches live: this process, or Redis for every instance (`createLimitStore`). */
export interface LimitStore {
  /** True when the counts are shared by every instance of the site. */
  readonly shared: boolean;
  counter(name: string, max: number, windowMs: number): Counter;
  latch(name: string): Latch;
}

/** A counter of this process: today's `WindowCounter` behind the promise interface. */
export class MemoryCounter implements Counter {
  private readonly window: WindowCounter;

  constructor(
    readonly name: string,
    readonly max: number,
    readonly windowMs: number,
  ) {
    this.window = new WindowCounter(max, windowMs);
  }

  async take(key: string): Promise<boolean> {
    return this.window.take(key);
  }

  async add(key: string): Promise<number> {
    return this.window.add(key);
  }

  async hit(key: string): Promise<{ count: number; msUntilReset: number }> {
    const now = Date.now();
    return { count: this.window.add(key, now), msUntilReset: this.window.msUntilReset(key, now) };
  }

  async undo(key: string): Promise<void> {
    this.window.undo(key);
  }

  async reset(key: string): Promise<void> {
    this.window.reset(key);
  }

  async count(key: string): Promise<number> {
    return this.window.count(key);
  }

  async msUntilReset(key: string): Promise<number> {
    return this.window.msUntilReset(key);
  }
}

/** A latch of this process, bounded like the counters (the least recently used mark is dropped first). */
export class MemoryLatch implements Latch {
  private readonly marks = keyBoundedCache<{ value: string; until: number }>(COUNTER_MAX_KEYS);

  async claim(key: string, value: string, ms: number) {
    const now = Date.now();
    const mark = this.marks.get(key);
    if (mark && mark.until > now) return { value: mark.value, msLeft: mark.until - now };
    this.marks.set(key, { value, until: now + ms });
    return undefined;
  }

  async set(key: string, value: string, ms: number): Promise<void> {
    this.marks.set(key, { value, until: Date.now() + ms });
  }

  async clear(key: string): Promise<void> {
    this.marks.delete(key);
  }
}

/**
 * Counters and latches in this process: the default without REDIS_URL, and what the Redis store falls back on
 * while Redis is away. Asking twice for a name answers the same counter.
 */
export class MemoryLimitStore implements LimitStore {
  readonly shared = false;
  private readonly counters = new Map<string, MemoryCounter>();
  private readonly latches = new Map<string, MemoryLatch>();

  counter(name: string, max: number, windowMs: number): MemoryCounter {
    let counter = this.counters.get(name);
    if (!counter) {
      counter = new MemoryCounter(name, max, windowMs);
      this.counters.set(name, counter);
    }
    return counter;
  }

  latch(name: string): MemoryLatch {
    let latch = this.latches.get(name);
    if (!latch) {
      latch = new MemoryLatch();
      this.latches.set(name, latch);
    }
    return latch;
  }
}
