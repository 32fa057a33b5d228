import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Counter, LimitStore } from './counters';
import { AppError } from './errors';

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
