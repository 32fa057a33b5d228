import { healthSchema, readinessFailureSchema, readinessSchema } from '@scholar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { ping } from '../../db/client';
import { serviceUnavailable } from '../../lib/errors';

/** How long each part may take to answer the readiness check before it counts as down. */
export const READY_TIMEOUT_MS = 2000;

/** Whether this instance still wants new requests: not once it has been told to stop (SIGTERM). */
export interface Readiness {
  stopping: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/** Something the instance needs that can be asked whether it answers (a client with `ping`). */
interface Pingable {
  ping(): Promise<unknown>;
}

type Part = 'database' | 'redis' | 'uploads';

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

/**
 * What this instance depends on and how to ask each: the database always; Redis when configured (the limits'
 * client and the cache fanout's connections); the uploads store (the bucket, or the folder).
 */
function partsOf(app: FastifyInstance): Partial<Record<Part, () => Promise<unknown>>> {
  const fanout = app.publicCacheFanout;
  const redisClients: Pingable[] = [];
  if (app.redis) redisClients.push(app.redis);
  if (fanout?.transport === 'redis') redisClients.push(fanout);
  return {
    database: () => ping(app.db),
    ...(redisClients.length > 0
      ? { redis: () => Promise.all(redisClients.map((client) => client.ping())) }
      : {}),
    uploads: () => app.uploads.ping(),
  };
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Alive (liveness)', response: { 200: healthSchema } } },
    async () => {
      try {
        await ping(app.db);
      } catch (error) {
        throw serviceUnavailable('The database is unavailable', error);
      }
      return { success: true as const, status: 'ok' as const, database: app.database.kind };
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'Ready to take requests (for load balancers): the database, and Redis and the uploads store when configured, answer',
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
      const parts = Object.entries(partsOf(app)) as [Part, () => Promise<unknown>][];
      const results = await Promise.allSettled(parts.map(([, check]) => within(READY_TIMEOUT_MS, check)));
      const data: Partial<Record<Part, 'ok' | 'failed'>> = {};
      const failed: Part[] = [];
      parts.forEach(([part], index) => {
        const result = results[index]!;
        data[part] = result.status === 'fulfilled' ? 'ok' : 'failed';
        if (result.status === 'rejected') {
          failed.push(part);
          app.log.warn({ part, reason: String(result.reason) }, 'not ready');
        }
      });
      if (failed.length === 0) return { success: true as const, data };
      return reply.code(503).send({
        success: false as const,
        error: `Not ready: ${failed.join(', ')} did not answer`,
        code: 'NOT_READY',
        data,
      });
    },
  );
};
