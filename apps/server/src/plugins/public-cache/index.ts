import type { IncomingMessage, ServerResponse } from 'node:http';
import { isStaffRole } from '@scholar/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Fanout } from '../../lib/fanout';
import { etagOf, matchesIfNoneMatch, PUBLIC_REVALIDATE } from '../../lib/http-cache';
import { crossInstanceMessages } from './cross-instance';
import { earlyHitOf, writeEarlyHit } from './early-answer';
import { encodeAnswer } from './encode';
import { Aliases, areaList, cachedRoutes, keyOf, type CacheArea } from './keys';
import { AnswerStore, PUBLIC_CACHE_MAX_BYTES, type PublicCacheStats } from './store';

export { CACHE_AREAS, type CacheArea } from './keys';
export { PUBLIC_CACHE_MAX_BYTES, type PublicCacheStats } from './store';
export { serverAnsweringFromMemory, type EarlyAnswer } from './early-answer';

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

export interface PublicCacheOptions {
  /** How long an answer may be kept (default 30 s); 0 keeps none. */
  ttlMs?: number;
  /** The most the answers may take together, in bytes (default PUBLIC_CACHE_MAX_BYTES). */
  maxBytes?: number;
  /** Where the instances tell each other of changes: Redis, else PostgreSQL; neither with one process. */
  redisUrl?: string | undefined;
  databaseUrl?: string | undefined;
  /**
   * The security headers of an answer of a content type (plugins/security.ts), sent with an early hit, which
   * answers before the hooks that set them.
   */
  securityHeaders?: (contentType: string) => readonly (readonly [string, string])[];
}

/** A miss whose answer may be kept: its key and the versions its read started from. */
interface Miss {
  key: string;
  version: string;
  areas: readonly CacheArea[];
}

/**
 * Public reads served from memory. An answer is kept under the parameters its route reads (keys.ts), in a store of
 * at most `maxBytes` that keeps no answer over an eighth of that (store.ts), with its headers and compressed copies
 * worked out when it is kept (encode.ts). An answer is dropped at the next successful write to its area, made on
 * this instance or on another one (cross-instance.ts), and at most after `ttlMs` whatever happens to the fanout;
 * admins always read the database. Every cached answer carries an ETag and answers If-None-Match with 304.
 *
 * A hit is answered at the first place it can be: before Fastify sees the request, by the server of
 * `serverAnsweringFromMemory` that `app.earlyAnswer` is given to (early-answer.ts); as the first request hook, for
 * requests that reach Fastify another way (`inject`); else after validation, in a preHandler, by the key the
 * request's values make. Register it before every other plugin with request hooks: its `onRequest` must run first.
 */
export const publicCache = fp<PublicCacheOptions>(
  async (
    app,
    { ttlMs = 30_000, maxBytes = PUBLIC_CACHE_MAX_BYTES, redisUrl, databaseUrl, securityHeaders = () => [] },
  ) => {
    const answers = new AnswerStore({ ttlMs, maxBytes });

    const listeners: ((area: CacheArea) => void)[] = [];
    /** Forgets the area's answers here, and in whatever else keeps them (the site settings' store). */
    const clearHere = (area: CacheArea) => {
      answers.clear(area);
      for (const listener of listeners) listener(area);
    };

    // Nothing is kept with the cache off, so there is nothing to tell the other instances.
    const fanout = answers.keeps
      ? crossInstanceMessages(app, { redisUrl, databaseUrl, clearHere })
      : undefined;
    app.decorate('publicCacheFanout', fanout);

    app.decorate('invalidatePublicCache', (area: CacheArea) => {
      clearHere(area);
      fanout?.publish(area);
    });
    app.decorate('onPublicCacheCleared', (listener: (area: CacheArea) => void) => {
      listeners.push(listener);
    });
    app.decorate('publicCacheStats', () => answers.stats());

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

    if (!answers.keeps) {
      app.decorate('earlyAnswer', () => false);
      return;
    }

    const routeOf = cachedRoutes();
    const aliases = new Aliases();
    const misses = new WeakMap<FastifyRequest, Miss>();
    // While stopping, every request goes the whole way, to the answer that tells the client to come back later.
    let answeringEarly = true;
    app.addHook('preClose', async () => {
      answeringEarly = false;
    });
    const earlyHit = (req: IncomingMessage) =>
      answeringEarly ? earlyHitOf(req, aliases, answers) : undefined;

    app.decorate('earlyAnswer', (req: IncomingMessage, res: ServerResponse) => {
      const hit = earlyHit(req);
      if (hit === undefined) return false;
      writeEarlyHit(res, hit);
      return true;
    });
    // Requests that reach Fastify without the server's early answer (`inject`, the server's calls to itself) meet
    // it here, as the first request hook, so that they are answered alike.
    app.addHook('onRequest', (request, reply, done) => {
      const hit = earlyHit(request.raw);
      if (hit === undefined) {
        done();
        return;
      }
      void reply.hijack();
      writeEarlyHit(reply.raw, hit);
    });

    // After validation, so that the key is made of the values the handler would read; the auth hook (onRequest)
    // has run, so admins are known. A hit skips the handler.
    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'GET' || isStaffRole(request.user?.role)) return;
      const route = routeOf(request);
      if (route === null) return;
      const key = keyOf(route, request);
      if (route.answeredEarly) aliases.learn(request.url, key);
      const entry = answers.current(key);
      if (entry === undefined) {
        misses.set(request, { key, version: answers.versionOf(route.areas), areas: route.areas });
        return;
      }
      reply.header('etag', entry.etag).header('cache-control', entry.cacheControl).header('x-cache', 'hit');
      if (matchesIfNoneMatch(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
      return reply.type(entry.type).send(entry.body);
    });

    // A miss's answer is kept before it is sent, so that the next request for it is a hit. The compressed copies
    // of a large one are made off the event loop (encode.ts): other requests go on meanwhile; this one waits.
    app.addHook('onSend', async (request, reply, payload) => {
      const miss = misses.get(request);
      if (miss === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      // A write that finished while this answer was made may not be in it.
      if (miss.version !== answers.versionOf(miss.areas)) return payload;
      const bytes = Buffer.byteLength(payload);
      if (bytes > answers.maxEntryBytes) return payload;
      const body = Buffer.allocUnsafeSlow(bytes);
      body.write(payload);
      const meta = {
        type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        cacheControl: String(reply.getHeader('cache-control') ?? PUBLIC_REVALIDATE),
        etag: etagOf(payload),
      };
      const encodings = await encodeAnswer(body, meta, securityHeaders(meta.type).flat());
      // Nor a write that finished while it was being compressed.
      if (miss.version !== answers.versionOf(miss.areas)) return payload;
      answers.keep(miss.key, { body, ...meta, ...encodings, areas: miss.areas, version: miss.version });
      return payload;
    });

    // A write that succeeded clears the areas it declares (`invalidates`), here and on the other instances.
    app.addHook('onResponse', async (request, reply) => {
      const areas = request.routeOptions.config.invalidates;
      if (areas === undefined || reply.statusCode >= 400) return;
      for (const area of areaList(areas)) app.invalidatePublicCache(area);
    });
  },
  { name: 'public-cache', fastify: '5.x' },
);

/** Registers the public read cache on an app assembled by hand (a test's bare Fastify); app.ts registers `publicCache`. */
export function registerPublicCache(app: FastifyInstance, options: PublicCacheOptions = {}): void {
  void app.register(publicCache, options);
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
     * and returns true; otherwise leaves the request alone and returns false. The server of
     * `serverAnsweringFromMemory` calls it before Fastify routes the request.
     */
    earlyAnswer: (req: IncomingMessage, res: ServerResponse) => boolean;
    /** What the public read cache holds now (read-only; for tests and memory checks). */
    publicCacheStats(): PublicCacheStats;
  }
}
