import { isStaffRole } from '@scholar/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseKind } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import { tooManyRequests } from '../lib/errors';
import { busyRefusal, FairQueue, type FairQueueLimits } from '../lib/fair-queue';
import { isRenderRead } from '../lib/render-reads';
import { retryAfterSeconds } from '../lib/rate-limit';
import { WindowCounter } from '../lib/window-counter';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read that costs the database real work each time and that anyone may send with new parameters (a guest
     * cart's prices): it runs through the fair queue and counts towards the per-address limit, as a public read that
     * missed the cache does.
     */
    expensive?: boolean;
  }
}

/**
 * How many reads the database works on at once for everyone, and for one address. The embedded database runs on
 * this process's only thread, one query at a time: two reads in progress keep it busy while one of them is being
 * answered, and one address may hold one of them. PostgreSQL works in processes of its own: eight at once (the pool
 * holds ten, which leaves two for writes, logins and the desks), four for one address.
 */
export const FAIR_READ_LIMITS: Record<DatabaseKind, FairQueueLimits> = {
  pglite: { concurrency: 2, perClientRunning: 1, perClient: 8, maxQueued: 256 },
  postgres: { concurrency: 8, perClientRunning: 4, perClient: 16, maxQueued: 256 },
};

/**
 * The reads nobody has asked for lately that one address may start, in a window: a reader follows a link or types a
 * search every few seconds, and a page loads a handful of reads at once; a script that sends a new search term each
 * time meets the limit in its first seconds. Counted in this process (it shares out this instance's database time,
 * as the password queue shares its CPU; docs/decisions/038).
 */
export const UNCACHED_READ_LIMIT = { max: 120, windowMs: 10_000 };

const BUSY_RETRY_AFTER_SECONDS = 2;

/** A failure of the server's own (5xx, the database unreachable), not of the request. */
function isServerSide(error: unknown): boolean {
  const status = (error as { statusCode?: unknown }).statusCode;
  return isDatabaseUnavailable(error) || typeof status !== 'number' || status >= 500;
}

/**
 * A fair share of the database for every address (docs/decisions/038). A public read that missed the cache, and any
 * route marked `expensive`, runs its handler through a fair queue (lib/fair-queue.ts): a few at a time, in turns
 * per address, each started on a fresh turn of the event loop so that what the embedded database leaves between two
 * reads (static files, cached pages, other requests' steps) is served in between; and each address may start at
 * most UNCACHED_READ_LIMIT of them in a window. Beyond its share an address is told to come back (429 with
 * Retry-After); when the whole queue is full, 503. Admins are not limited in number (they read the database on every
 * request), but queue like everyone. Register before the routes: it wraps their handlers as they are added. The
 * limits are those of the app's database (`app.database.kind`).
 */
export const fairReads = fp(
  async (app) => {
    const queue = new FairQueue(
      FAIR_READ_LIMITS[app.database.kind],
      busyRefusal(
        {
          message: 'Too many requests at once from your network. Please try again in a moment.',
          code: 'TOO_MANY_AT_ONCE',
        },
        BUSY_RETRY_AFTER_SECONDS,
      ),
      { yieldBetween: true },
    );
    const uncached = new WindowCounter(UNCACHED_READ_LIMIT.max, UNCACHED_READ_LIMIT.windowMs);

    app.addHook('onRoute', (route: RouteOptions) => {
      const config = route.config as { publicCache?: unknown; expensive?: boolean } | undefined;
      if (config?.publicCache === undefined && config?.expensive !== true) return;
      const handler = route.handler as (...args: Parameters<RouteOptions['handler']>) => unknown;
      // A hit of the public cache is answered before the handler (plugins/public-cache): only misses get here.
      route.handler = function fairRead(this: FastifyInstance, request, reply) {
        // A page's own read, made while the server renders it: the page's request has its share already.
        if (isRenderRead(request)) return handler.call(this, request, reply);
        const client = request.ip;
        const counted = !isStaffRole(request.user?.role);
        if (counted && !uncached.take(client)) {
          return Promise.reject(
            tooManyRequests(
              'Too many searches and pages from your network in a short time. Please wait a few seconds and try again.',
              'TOO_MANY_READS',
              retryAfterSeconds(uncached.msUntilReset(client)),
            ),
          );
        }
        return queue
          .run(client, async () => handler.call(this, request, reply))
          .catch((error: unknown) => {
            // A read the server could not answer (its database away: 503) cost nothing and is not the reader's doing.
            if (counted && isServerSide(error)) uncached.undo(client);
            throw error;
          });
      };
    });
  },
  {
    name: 'fair-reads',
    fastify: '5.x',
    dependencies: ['errors'],
    decorators: { fastify: ['database'] },
  },
);
