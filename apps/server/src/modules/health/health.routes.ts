import { healthSchema, readinessFailureSchema, readinessSchema } from '@scholar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { ping } from '../../db/client';
import { serviceUnavailable } from '../../lib/errors';
import { redisState } from '../../lib/redis';

/** How long the database may take to answer the readiness check before this instance counts as not ready. */
export const READY_TIMEOUT_MS = 2000;
/** How long `/api/health` waits for the uploads store before it reports it down. */
export const SERVICE_CHECK_TIMEOUT_MS = 1000;

/** Whether this instance still wants new requests: not once it has been told to stop (SIGTERM). */
export interface Readiness {
  stopping: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/** Shared by the root and the API scope, so that a stop seen anywhere is answered everywhere. */
export function registerReadiness(app: FastifyInstance): void {
  const readiness: Readiness = { stopping: false };
  app.decorate('readiness', readiness);
  app.addHook('preClose', async () => {
    readiness.stopping = true;
  });
}

/** Resolves when `check` answers within `ms`, rejects otherwise. */
async function within(ms: number, check: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([check(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

type State = 'up' | 'down';

/**
 * The uploads store's state, asked at most once at a time (health checks arriving together share one question) and
 * logged when it changes, so that an outage of the bucket is in the log without a line per check.
 */
function uploadsWatch(app: FastifyInstance): () => Promise<State> {
  let asking: Promise<State> | undefined;
  let last: State = 'up';
  return () =>
    (asking ??= within(SERVICE_CHECK_TIMEOUT_MS, () => app.uploads.ping())
      .then(
        () => 'up' as const,
        (error: unknown) => {
          if (last === 'up') app.log.warn({ reason: String(error) }, 'the uploads store is not answering');
          return 'down' as const;
        },
      )
      .then((state) => {
        if (state === 'up' && last === 'down') app.log.info('the uploads store is answering again');
        last = state;
        return state;
      })
      .finally(() => {
        asking = undefined;
      }));
}

/**
 * Liveness and readiness (docs/decisions/029). Readiness is about this instance alone: its database answers and it
 * is not stopping. A shared service (Redis, the bucket) that is down is down for every instance at once, so it
 * must not take them all out of the balancer: `/api/health` reports it, the log says it, and the instances go on
 * serving what does not need it.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploadsState = uploadsWatch(app);

  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary:
          'Alive (liveness): the database answers; the shared services (Redis, uploads) reported up or down',
        response: { 200: healthSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const [database, uploads] = await Promise.allSettled([ping(app.db), uploadsState()]);
      if (database.status === 'rejected') {
        throw serviceUnavailable('The database is unavailable', database.reason);
      }
      return {
        success: true as const,
        status: 'ok' as const,
        database: app.database.kind,
        services: {
          // The breaker's view (lib/redis.ts): asking Redis here would wait on a Redis that stalls.
          ...(app.redis ? { redis: redisState(app.redis) } : {}),
          uploads: uploads.status === 'fulfilled' ? uploads.value : ('down' as const),
        },
      };
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'Ready to take requests (for load balancers): this instance is not stopping and its database answers; shared services do not count',
        response: { 200: readinessSchema, 503: readinessFailureSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (app.readiness.stopping) {
        return reply.code(503).send({
          success: false as const,
          error: 'The server is stopping',
          code: 'NOT_READY',
          data: {},
        });
      }
      try {
        await within(READY_TIMEOUT_MS, () => ping(app.db));
        return { success: true as const, data: { database: 'ok' as const } };
      } catch (error) {
        app.log.warn({ part: 'database', reason: String(error) }, 'not ready');
        return reply.code(503).send({
          success: false as const,
          error: 'Not ready: the database did not answer',
          code: 'NOT_READY',
          data: { database: 'failed' as const },
        });
      }
    },
  );
};
