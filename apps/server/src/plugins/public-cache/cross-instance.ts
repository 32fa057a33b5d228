import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createFanout, type Fanout } from '../../lib/fanout';
import { CACHE_AREAS, isCacheArea, type CacheArea } from './keys';

/**
 * How the instances of the site tell each other that an area changed: a fanout (lib/fanout.ts) on Redis when
 * `redisUrl` is set, else on PostgreSQL's LISTEN/NOTIFY when `databaseUrl` is (docs/decisions/029); undefined with
 * neither (one process has nobody to tell). A message from another instance clears that area here with
 * `clearHere`; after the connection was down, every area is cleared, since any write may have been missed.
 *
 * Once the app is ready it waits (at most 2 s) for the fanout to listen, and closes it with the app.
 */
export function crossInstanceMessages(
  app: FastifyInstance,
  {
    redisUrl,
    databaseUrl,
    clearHere,
  }: { redisUrl: string | undefined; databaseUrl: string | undefined; clearHere: (area: CacheArea) => void },
): Fanout | undefined {
  const fanout = createFanout(
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
  );
  if (fanout) {
    app.addHook('onReady', async () => {
      // Serving before the fanout listens would keep answers another instance's write has changed; a fanout
      // that cannot connect leaves the TTL as the net rather than keeping the instance from starting.
      await Promise.race([fanout.listening(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    });
    app.addHook('onClose', async () => fanout.close());
  }
  return fanout;
}
