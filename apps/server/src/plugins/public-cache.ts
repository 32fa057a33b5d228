import type { FastifyInstance } from 'fastify';
import { etagOf, matchesIfNoneMatch } from '../modules/books/http-cache';

export type CacheArea = 'books' | 'fatwahs' | 'articles';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public read whose answer may be kept in memory until its area (or one of its areas) changes. */
    publicCache?: CacheArea | readonly CacheArea[];
  }
}

interface Entry {
  body: string;
  type: string;
  cacheControl: string;
  etag: string;
  /** The versions of its areas when it was made. */
  version: string;
  expires: number;
}

/** Any successful write under these paths changes what the public reads of the area answer. */
const WRITES: [prefix: string, area: CacheArea][] = [
  ['/api/books', 'books'],
  ['/api/fatwahs', 'fatwahs'],
  ['/api/articles', 'articles'],
];

/**
 * Public reads served from memory. An answer is kept per URL until the next successful write to its area in this
 * process (a version counter) or, at most, `ttlMs` (other processes on the same PostgreSQL); admins always read
 * the database. Every cached answer carries an ETag and answers If-None-Match with 304.
 */
export function registerPublicCache(app: FastifyInstance, { ttlMs = 30_000, maxEntries = 2000 } = {}): void {
  const entries = new Map<string, Entry>();
  const versions: Record<CacheArea, number> = { books: 0, fatwahs: 0, articles: 0 };
  /** The version of the areas a cacheable request reads, or undefined when its answer is not kept. */
  const versionOf = (request: {
    method: string;
    routeOptions: { config?: { publicCache?: CacheArea | readonly CacheArea[] } };
    user: { role: string } | null;
  }): string | undefined => {
    const areas = request.routeOptions.config?.publicCache;
    if (areas === undefined || request.method !== 'GET' || request.user?.role === 'admin') return undefined;
    return typeof areas === 'string'
      ? String(versions[areas])
      : areas.map((area) => versions[area]).join('.');
  };

  app.decorate('invalidatePublicCache', (area: CacheArea) => {
    versions[area] += 1;
  });

  if (ttlMs <= 0) return;

  // As early as the caller is known (the auth hook runs first): a hit skips validation and the handler, since
  // only answers that passed both are kept, under their exact URL.
  app.addHook('onRequest', async (request, reply) => {
    const version = versionOf(request);
    if (version === undefined) return;
    const entry = entries.get(request.url);
    if (!entry || entry.version !== version || entry.expires < Date.now()) return;
    reply.header('etag', entry.etag).header('cache-control', entry.cacheControl).header('x-cache', 'hit');
    if (matchesIfNoneMatch(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    return reply.type(entry.type).send(entry.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const version = versionOf(request);
    if (
      version === undefined ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      reply.getHeader('x-cache')
    )
      return payload;
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(request.url, {
      body: payload,
      type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      cacheControl: String(reply.getHeader('cache-control') ?? 'public, max-age=0, must-revalidate'),
      etag: etagOf(payload),
      version,
      expires: Date.now() + ttlMs,
    });
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    const path = request.url.split('?')[0] ?? '';
    for (const [prefix, area] of WRITES) if (path.startsWith(prefix)) versions[area] += 1;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    invalidatePublicCache(area: CacheArea): void;
  }
}
