import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { createFanout, type Fanout } from '../lib/fanout';
import { etagOf, matchesIfNoneMatch, PUBLIC_REVALIDATE } from '../modules/books/http-cache';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD } from './compression';

/** What may change a public answer. `settings` is the site's settings, kept by their own store (modules/settings). */
export const CACHE_AREAS = ['books', 'fatwahs', 'articles', 'settings'] as const;
export type CacheArea = (typeof CACHE_AREAS)[number];
const isCacheArea = (value: string): value is CacheArea => (CACHE_AREAS as readonly string[]).includes(value);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public read whose answer may be kept in memory until its area (or one of its areas) changes. Its answer
     * must depend only on its path parameters and the query keys its querystring schema names: other query keys
     * are ignored, and a route without a querystring schema is kept by its path alone.
     */
    publicCache?: CacheArea | readonly CacheArea[];
    /**
     * A write that changes what the public reads of these areas answer: once it has succeeded, they are cleared
     * here and on every other instance. Declared by the route itself, so a new write cannot be missed by a list of
     * paths kept here.
     */
    invalidates?: CacheArea | readonly CacheArea[];
  }
}

/** How much the cache holds: its entries and the bytes they count for (bodies as sent, keys, bookkeeping). */
export interface PublicCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

/**
 * The default cap: room for ~1,000 public pages (each carries index.html with its inlined stylesheet, ~60 KB) or
 * tens of thousands of list and item answers (a few KB each), against the ~150 MB the process takes at rest.
 */
export const PUBLIC_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/**
 * An answer larger than this share of the cap is sent but not kept (at the default cap 8 MB, which a sitemap of
 * tens of thousands of URLs still fits in).
 */
const MAX_ENTRY_SHARE = 8;
/** What an entry costs beside its bodies and key: its object, headers, ETag and the cache's own bookkeeping. */
const ENTRY_OVERHEAD = 1024;
/**
 * The raw URLs (path and query as sent) whose cache key is known, so that a hit is answered before validation. At
 * most this many, least recently used first out: a flood of distinct URLs costs a few MB here at most.
 */
const MAX_ALIASES = 10_000;
/** A longer URL is never an alias (it is validated and looked up on the way to the handler). */
const MAX_ALIAS_URL = 512;
/** The text answers a hit sends compressed when large enough, as plugins/compression.ts does for a miss. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|rss\+xml|atom\+xml|javascript))/;

interface Entry {
  /** The answer as sent, UTF-8, in a buffer of its own (outside the pooled slabs, so its size is what it costs). */
  body: Buffer;
  type: string;
  cacheControl: string;
  etag: string;
  areas: readonly CacheArea[];
  /** The versions of its areas when its request started. */
  version: string;
  /** The answer as a hit writes it, headers worked out once: plain, and compressed when it is worth it. */
  plain: Encoded;
  br?: Encoded;
  gzip?: Encoded;
  /** The answer to a matching If-None-Match. */
  notModified: EarlyHit;
}

/** What a hit sends: its status, its headers flat (name, value, name, value…) as `writeHead` takes them, a body. */
interface EarlyHit {
  status: 200 | 304;
  headers: readonly string[];
  body?: Buffer;
}
type Encoded = EarlyHit & { status: 200; body: Buffer };

interface CachedRoute {
  areas: readonly CacheArea[];
  /** The route's path as declared (`/api/books/:id`): its parameters come from `request.params`. */
  url: string;
  /** The keys of its querystring schema, sorted; empty when its answer does not depend on the query. */
  queryKeys: readonly string[];
  /** Whether a hit may be answered before validation: not when the route has hooks or a limit of its own. */
  early: boolean;
}

/** A miss whose answer may be kept: its key and the versions its read started from. */
interface Miss {
  key: string;
  version: string;
  areas: readonly CacheArea[];
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

/** What a hit sends, worked out once when the answer is kept: its headers and its compressed copies. */
function encodedEntry(
  body: Buffer,
  meta: { type: string; cacheControl: string; etag: string },
  securityHeaders: readonly string[],
): Pick<Entry, 'plain' | 'br' | 'gzip' | 'notModified'> {
  const common = [
    ...securityHeaders,
    'etag',
    meta.etag,
    'cache-control',
    meta.cacheControl,
    'x-cache',
    'hit',
  ];
  const compress = body.byteLength >= COMPRESS_THRESHOLD && COMPRESSIBLE.test(meta.type);
  // A proxy must keep the compressed and the plain answer apart.
  const vary = compress ? ['vary', 'accept-encoding'] : [];
  const encoded = (bytes: Buffer, encoding?: string): Encoded => ({
    status: 200,
    body: bytes,
    headers: [
      'content-type',
      meta.type,
      'content-length',
      String(bytes.byteLength),
      ...common,
      ...vary,
      ...(encoding ? ['content-encoding', encoding] : []),
    ],
  });
  return {
    plain: encoded(body),
    notModified: { status: 304, headers: [...common, ...vary] },
    ...(compress
      ? {
          // The settings of plugins/compression.ts, so that a hit is the size a miss was.
          br: encoded(brotliCompressSync(body, BROTLI_OPTIONS), 'br'),
          gzip: encoded(gzipSync(body), 'gzip'),
        }
      : {}),
  };
}

/**
 * The encoding a hit is sent in for a plain `Accept-Encoding` list (`gzip, deflate, br, zstd` as browsers send it);
 * undefined for one with weights or wildcards, which goes the whole way through @fastify/compress instead.
 */
function encodingFor(header: string | undefined, entry: Entry): Encoded | undefined {
  if (header === undefined || header === '') return entry.plain;
  if (header.includes(';') || header.includes('*')) return undefined;
  if (entry.br === undefined) return entry.plain;
  const accepted = header.toLowerCase().split(',');
  const has = (name: string) => accepted.some((token) => token.trim() === name);
  if (has('br')) return entry.br;
  if (has('gzip') || has('x-gzip')) return entry.gzip;
  return entry.plain;
}

/**
 * Public reads served from memory. An answer is kept under the parameters its route reads — its path parameters
 * and the validated values of the query keys its querystring schema names, in a fixed order — so that unknown
 * keys, their order, repeats and spellings of one value (`?page=01`, a default left out) share one entry. The
 * cache holds at most `maxBytes` (least recently used answers leave first) and keeps no answer over an eighth of
 * that. An answer is dropped at the next successful write to its area, made on this instance or on another one
 * (they tell each other through the fanout: Redis or PostgreSQL, docs/decisions/029), and at most after `ttlMs`
 * whatever happens to the fanout; admins always read the database. Every cached answer carries an ETag and
 * answers If-None-Match with 304.
 */
export function registerPublicCache(
  app: FastifyInstance,
  {
    ttlMs = 30_000,
    maxBytes = PUBLIC_CACHE_MAX_BYTES,
    redisUrl,
    databaseUrl,
    securityHeaders = () => [],
  }: {
    ttlMs?: number;
    maxBytes?: number;
    /** Where the instances tell each other of changes: Redis, else PostgreSQL; neither with one process. */
    redisUrl?: string | undefined;
    databaseUrl?: string | undefined;
    /**
     * The security headers of an answer of a content type (plugins/security.ts), sent with an early hit, which
     * answers before the hooks that set them.
     */
    securityHeaders?: (contentType: string) => readonly (readonly [string, string])[];
  } = {},
): void {
  const versions: Record<CacheArea, number> = { books: 0, fatwahs: 0, articles: 0, settings: 0 };
  const versionOf = (areas: readonly CacheArea[]) =>
    areas.length === 1 ? String(versions[areas[0]!]) : areas.map((area) => versions[area]).join('.');

  const maxEntryBytes = Math.floor(maxBytes / MAX_ENTRY_SHARE);
  const cache =
    ttlMs > 0
      ? new LRUCache<string, Entry>({
          maxSize: maxBytes,
          maxEntrySize: maxEntryBytes,
          sizeCalculation: (entry, key) =>
            entry.body.byteLength +
            (entry.br?.body.byteLength ?? 0) +
            (entry.gzip?.body.byteLength ?? 0) +
            2 * key.length +
            ENTRY_OVERHEAD,
          ttl: ttlMs,
        })
      : undefined;

  const listeners: ((area: CacheArea) => void)[] = [];
  /** Forgets the area's answers here, and in whatever else keeps them (the site settings' store). */
  const clearHere = (area: CacheArea) => {
    versions[area] += 1;
    for (const listener of listeners) listener(area);
    if (!cache) return;
    // Free the area's answers now rather than when they would be looked up or pushed out.
    const stale: string[] = [];
    for (const [key, entry] of cache.entries()) if (entry.areas.includes(area)) stale.push(key);
    for (const key of stale) cache.delete(key);
  };

  // Nothing is kept with the cache off, so there is nothing to tell the other instances.
  const fanout =
    ttlMs > 0
      ? createFanout(
          {
            redisUrl,
            databaseUrl,
            notify: async (channel, payload) => {
              await app.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
            },
            log: app.log,
          },
          {
            onMessage: (topic) => {
              if (isCacheArea(topic)) clearHere(topic);
            },
            // Whatever was missed while the connection was down: everything.
            onResync: () => CACHE_AREAS.forEach(clearHere),
          },
        )
      : undefined;
  if (fanout) {
    app.addHook('onReady', async () => {
      // Serving before the fanout listens would keep answers another instance's write has changed; a fanout
      // that cannot connect leaves the TTL as the net rather than keeping the instance from starting.
      await Promise.race([fanout.listening(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    });
    app.addHook('onClose', async () => fanout.close());
  }
  app.decorate('publicCacheFanout', fanout);

  app.decorate('invalidatePublicCache', (area: CacheArea) => {
    clearHere(area);
    fanout?.publish(area);
  });
  app.decorate('onPublicCacheCleared', (listener: (area: CacheArea) => void) => {
    listeners.push(listener);
  });
  app.decorate('publicCacheStats', (): PublicCacheStats => ({
    entries: cache?.size ?? 0,
    bytes: cache?.calculatedSize ?? 0,
    maxBytes,
  }));

  // A public read says it is one, whether it came from this cache or not (and with the cache off).
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.routeOptions.config?.publicCache !== undefined &&
      reply.statusCode === 200 &&
      !reply.hasHeader('cache-control')
    ) {
      void reply.header('cache-control', PUBLIC_REVALIDATE);
    }
    return payload;
  });

  if (!cache) {
    app.decorate('earlyAnswer', () => false);
    return;
  }

  /** Per route (its config object), what the cache needs of it; null for a route whose answers are not kept. */
  const routes = new WeakMap<object, CachedRoute | null>();
  const routeOf = (request: FastifyRequest): CachedRoute | null => {
    const options = request.routeOptions;
    const config = options.config as { publicCache?: CacheArea | readonly CacheArea[] } | undefined;
    if (config?.publicCache === undefined) return null;
    let route = routes.get(config);
    if (route === undefined) {
      const queryKeys = queryKeysOf(options.schema?.querystring);
      const areas = typeof config.publicCache === 'string' ? [config.publicCache] : config.publicCache;
      const early = (config as { rateLimit?: unknown }).rateLimit === undefined;
      route = queryKeys && options.url ? { areas, url: options.url, queryKeys, early } : null;
      routes.set(config, route);
    }
    return route;
  };

  const keyOf = (route: CachedRoute, request: FastifyRequest): string => {
    if (route.queryKeys.length === 0) return JSON.stringify([route.url, request.params]);
    const query = request.query as Record<string, unknown>;
    return JSON.stringify([route.url, request.params, route.queryKeys.map((name) => query[name])]);
  };

  const misses = new WeakMap<FastifyRequest, Miss>();
  /**
   * Raw URL (path and query as sent) → cache key, learnt from requests that went through validation, for routes
   * whose hits may be answered early (no hooks or limit of their own).
   */
  const aliases = new LRUCache<string, string>({ max: MAX_ALIASES });
  // While stopping, every request goes the whole way, to the answer that tells the client to come back later.
  let early = true;
  app.addHook('preClose', async () => {
    early = false;
  });

  // The early hit: a URL seen before, from a reader without a token (so no admin, and no answer of their own),
  // answered straight from memory with the headers worked out when it was kept, security headers included.
  // Validation, the handler and the onSend hooks (ETag, compression) have nothing to add to it. Anything unusual
  // (a token, weighted Accept-Encoding, a route with a limit of its own) goes the whole way, to the hit below.
  const earlyHit = (req: IncomingMessage): EarlyHit | undefined => {
    const key = early && req.method === 'GET' && req.url !== undefined ? aliases.get(req.url) : undefined;
    const entry = key === undefined ? undefined : cache.get(key);
    if (
      entry === undefined ||
      entry.version !== versionOf(entry.areas) ||
      req.headers.authorization !== undefined ||
      req.headers['x-no-compression'] !== undefined
    ) {
      return undefined;
    }
    if (matchesIfNoneMatch(req.headers['if-none-match'], entry.etag)) return entry.notModified;
    return encodingFor(req.headers['accept-encoding'], entry);
  };
  // The server answers with it before Fastify sees the request (app.ts, `serverFactory`): no request object, no
  // routing, no per-request logger. Requests that reach Fastify another way (`inject`, the server's calls to
  // itself) meet it as the first request hook, so that they are answered alike.
  app.decorate('earlyAnswer', (req: IncomingMessage, res: ServerResponse) => {
    const hit = earlyHit(req);
    if (hit === undefined) return false;
    res.writeHead(hit.status, hit.headers as string[]).end(hit.body);
    return true;
  });
  app.addHook('onRequest', (request, reply, done) => {
    const hit = earlyHit(request.raw);
    if (hit === undefined) {
      done();
      return;
    }
    void reply.hijack();
    reply.raw.writeHead(hit.status, hit.headers as string[]).end(hit.body);
  });

  // After validation, so that the key is made of the values the handler would read; the auth hook (onRequest)
  // has run, so admins are known. A hit skips the handler.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || request.user?.role === 'admin') return;
    const route = routeOf(request);
    if (route === null) return;
    const key = keyOf(route, request);
    if (route.early && request.url.length <= MAX_ALIAS_URL) aliases.set(request.url, key);
    const version = versionOf(route.areas);
    const entry = cache.get(key);
    if (entry === undefined || entry.version !== version) {
      misses.set(request, { key, version, areas: route.areas });
      return;
    }
    reply.header('etag', entry.etag).header('cache-control', entry.cacheControl).header('x-cache', 'hit');
    if (matchesIfNoneMatch(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    return reply.type(entry.type).send(entry.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const miss = misses.get(request);
    if (miss === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    // A write that finished while this answer was made may not be in it.
    if (miss.version !== versionOf(miss.areas)) return payload;
    const bytes = Buffer.byteLength(payload);
    if (bytes > maxEntryBytes) return payload;
    const body = Buffer.allocUnsafeSlow(bytes);
    body.write(payload);
    const meta = {
      type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      cacheControl: String(reply.getHeader('cache-control') ?? PUBLIC_REVALIDATE),
      etag: etagOf(payload),
    };
    cache.set(miss.key, {
      body,
      ...meta,
      ...encodedEntry(body, meta, securityHeaders(meta.type).flat()),
      areas: miss.areas,
      version: miss.version,
    });
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const areas = request.routeOptions.config.invalidates;
    if (areas === undefined || reply.statusCode >= 400) return;
    for (const area of typeof areas === 'string' ? [areas] : areas) app.invalidatePublicCache(area);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgets the area's public answers on this instance and on every other one (through the fanout). */
    invalidatePublicCache(area: CacheArea): void;
    /** Calls `listener` whenever an area is cleared here, whichever instance changed it. */
    onPublicCacheCleared(listener: (area: CacheArea) => void): void;
    /** How the instances tell each other of a change; undefined with one process or the cache off. */
    publicCacheFanout: Fanout | undefined;
    /**
     * Answers a public read from memory when it can (a URL seen before, no token, the answer current): writes it
     * and returns true; otherwise leaves the request alone and returns false.
     */
    earlyAnswer: (req: IncomingMessage, res: ServerResponse) => boolean;
    /** What the public read cache holds now (read-only; for tests and memory checks). */
    publicCacheStats(): PublicCacheStats;
  }
}
