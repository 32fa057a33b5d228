import { AppError } from './errors';

/**
 * Counts events per key in a sliding window, in memory (one process). Used where the limit is on something other
 * than a route's request rate: failed logins per account, reset mails per address.
 */
export class WindowCounter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
    return list;
  }

  /** True when the key has used up its allowance. */
  isBlocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.max;
  }

  add(key: string, now = Date.now()): void {
    const list = this.recent(key, now);
    list.push(now);
    this.hits.set(key, list);
    if (this.hits.size > 50_000) this.sweep(now);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    for (const key of this.hits.keys()) this.recent(key, now);
  }
}

export const minutes = (n: number) => n * 60_000;

/** A route's `config.rateLimit`: at most `max` requests per address in `timeWindow`, then 429 with `message`. */
export function routeLimit(max: number, timeWindow: string, message: string) {
  return { max, timeWindow, errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', message) };
}
