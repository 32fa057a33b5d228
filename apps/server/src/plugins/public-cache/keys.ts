import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** What may change a public answer. `settings` is the site's settings, kept by their own store (modules/settings). */
export const CACHE_AREAS = ['books', 'fatwahs', 'articles', 'settings'] as const;
export type CacheArea = (typeof CACHE_AREAS)[number];

export const isCacheArea = (value: string): value is CacheArea =>
  (CACHE_AREAS as readonly string[]).includes(value);

/** A route's `publicCache` or `invalidates` (one area or several) as a list. */
export const areaList = (areas: CacheArea | readonly CacheArea[]): readonly CacheArea[] =>
  typeof areas === 'string' ? [areas] : areas;

/** What the cache needs of a route whose answers it keeps. */
export interface CachedRoute {
  areas: readonly CacheArea[];
  /** The route's path as declared (`/api/books/:id`): its parameters come from `request.params`. */
  url: string;
  /** The keys of its querystring schema, sorted; empty when its answer does not depend on the query. */
  queryKeys: readonly string[];
  /**
   * Whether the raw URLs of its requests are remembered as aliases of their keys, so that a later request for one
   * of them is answered before Fastify validates or routes it (early-answer.ts). False for a route with a rate
   * limit of its own (`config.rateLimit`), whose every request must reach @fastify/rate-limit.
   */
  answeredEarly: boolean;
}

/**
 * The names a querystring schema gives its keys, sorted: a zod object's shape (what fastify-type-provider-zod
 * leaves on the route) or a JSON schema's properties. Undefined when the schema names none that can be read.
 */
function queryKeysOf(schema: unknown): readonly string[] | undefined {
  if (schema === undefined) return [];
  const { shape, properties } = schema as { shape?: unknown; properties?: unknown };
  const named = shape ?? properties;
  return named !== null && typeof named === 'object' ? Object.keys(named).sort() : undefined;
}

/**
 * What the cache needs of a request's route, worked out once per route (its config object): null for a route
 * whose answers are not kept (no `publicCache`, or a querystring schema whose keys cannot be read).
 */
export function cachedRoutes(): (request: FastifyRequest) => CachedRoute | null {
  const routes = new WeakMap<object, CachedRoute | null>();
  return (request) => {
    const options = request.routeOptions;
    const config = options.config as { publicCache?: CacheArea | readonly CacheArea[] } | undefined;
    if (config?.publicCache === undefined) return null;
    let route = routes.get(config);
    if (route === undefined) {
      const queryKeys = queryKeysOf(options.schema?.querystring);
      const answeredEarly = (config as { rateLimit?: unknown }).rateLimit === undefined;
      route =
        queryKeys && options.url
          ? { areas: areaList(config.publicCache), url: options.url, queryKeys, answeredEarly }
          : null;
      routes.set(config, route);
    }
    return route;
  };
}

/**
 * The key an answer is kept under: the route, its path parameters and the validated values of the query keys its
 * querystring schema names, in a fixed order. Unknown keys, their order, repeats and spellings of one value
 * (`?page=01`, a default left out) make the same key.
 */
export function keyOf(route: CachedRoute, request: FastifyRequest): string {
  if (route.queryKeys.length === 0) return JSON.stringify([route.url, request.params]);
  const query = request.query as Record<string, unknown>;
  return JSON.stringify([route.url, request.params, route.queryKeys.map((name) => query[name])]);
}

/**
 * The raw URLs (path and query as sent) whose cache key is known, so that a hit is answered before validation. At
 * most this many, least recently used first out: a flood of distinct URLs costs a few MB here at most.
 */
const MAX_ALIASES = 10_000;
/** A longer URL is never an alias (it is validated and looked up on the way to the handler). */
const MAX_ALIAS_URL = 512;

/**
 * Raw URL → cache key, learnt from requests that went through validation, for the routes whose hits may be answered
 * early (`CachedRoute.answeredEarly`).
 */
export class Aliases {
  private readonly keys = new LRUCache<string, string>({ max: MAX_ALIASES });

  /** Remembers that `url` (as sent) is kept under `key`, unless the URL is too long to be worth it. */
  learn(url: string, key: string): void {
    if (url.length <= MAX_ALIAS_URL) this.keys.set(url, key);
  }

  keyOf(url: string): string | undefined {
    return this.keys.get(url);
  }
}
