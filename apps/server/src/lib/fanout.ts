import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/** Where the fanout reports a connection it lost or could not open (never fatal: the cache's TTL is the net). */
export interface FanoutLog {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

/** What the instance does with what the others say. */
export interface FanoutHandlers {
  /** Another instance changed `topic` (an area of the public read cache). */
  onMessage(topic: string): void;
  /**
   * Messages may have been missed: the subscriber's connection dropped and is listening again. Called after it
   * listens again, so that nothing published from then on is missed.
   */
  onResync(): void;
}

/**
 * Tells the other instances of the site that something changed, and hears what they say (docs/decisions/029).
 * Delivery is at most once and best effort: a message sent while a connection is down is lost, which the
 * receiving side makes up for by clearing everything when it listens again.
 */
export interface Fanout {
  readonly transport: 'redis' | 'postgres';
  /** Sends `topic` to every other instance; never throws (a failure is logged). */
  publish(topic: string): void;
  /** Resolves once the subscriber listens (the first time); for start-up and tests. */
  listening(): Promise<void>;
  /** Answers when the connections it uses answer; throws otherwise (the readiness check). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Redis channel and PostgreSQL NOTIFY channel (an identifier: no colon). */
export const REDIS_CHANNEL = 'scholar:public-cache';
export const POSTGRES_CHANNEL = 'scholar_public_cache';
/** How long a connection attempt may take, and the longest wait between attempts. */
const CONNECT_TIMEOUT_MS = 2000;
const MAX_RETRY_DELAY_MS = 2000;

interface Message {
  origin: string;
  topic: string;
}

/** Parses a message, answering the topic when another instance sent it (an instance hears its own too). */
function topicFrom(text: string, self: string): string | undefined {
  try {
    const message = JSON.parse(text) as Partial<Message>;
    if (typeof message.topic !== 'string' || message.origin === self) return undefined;
    return message.topic;
  } catch {
    return undefined;
  }
}

const retryDelay = (attempt: number) => Math.min(100 * 2 ** Math.min(attempt, 5), MAX_RETRY_DELAY_MS);

/**
 * Redis pub/sub: one connection publishes, a second one only subscribes (Redis allows nothing else on it). ioredis
 * reconnects both by itself; the subscriber subscribes again here rather than through ioredis, so that the resync
 * comes after the subscription is back.
 */
function redisFanout(url: string, origin: string, log: FanoutLog, handlers: FanoutHandlers): Fanout {
  const options = {
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: retryDelay,
    autoResubscribe: false,
    // A publish waits through a couple of reconnections at most, then is given up (and logged).
    maxRetriesPerRequest: 2,
  };
  const publisher = new Redis(url, { ...options, connectionName: 'scholar-fanout-publish' });
  const subscriber = new Redis(url, { ...options, connectionName: 'scholar-fanout-subscribe' });
  const reported = new WeakSet<Redis>();
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => {
      // One line per outage, not one per reconnection attempt.
      if (reported.has(client)) return;
      reported.add(client);
      log.warn({ reason: error.message, transport: 'redis' }, 'cache fanout: connection lost');
    });
    client.on('ready', () => reported.delete(client));
  }

  let subscribedOnce = false;
  let resolveListening: () => void = () => undefined;
  const firstListen = new Promise<void>((resolve) => {
    resolveListening = resolve;
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(REDIS_CHANNEL).then(
      () => {
        if (subscribedOnce) {
          log.info({ transport: 'redis' }, 'cache fanout: listening again; clearing the cache');
          handlers.onResync();
        }
        subscribedOnce = true;
        resolveListening();
      },
      (error: unknown) =>
        log.warn({ reason: String(error), transport: 'redis' }, 'cache fanout: subscribe failed'),
    );
  });
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== REDIS_CHANNEL) return;
    const topic = topicFrom(text, origin);
    if (topic !== undefined) handlers.onMessage(topic);
  });

  return {
    transport: 'redis',
    publish(topic) {
      publisher
        .publish(REDIS_CHANNEL, JSON.stringify({ origin, topic } satisfies Message))
        .catch((error: unknown) =>
          log.warn({ reason: String(error), topic, transport: 'redis' }, 'cache fanout: publish failed'),
        );
    },
    listening: () => firstListen,
    async ping() {
      await Promise.all([publisher.ping(), subscriber.ping()]);
    },
    async close() {
      // Politely when connected; at once otherwise (a QUIT would wait for a reconnection that may not come).
      await Promise.all(
        [publisher, subscriber].map(async (client) => {
          if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
          else client.disconnect();
        }),
      );
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY: a connection of its own listens (a pooled one would be handed to other work); NOTIFY
 * goes through the pool. A lost listener is opened again with a growing delay.
 */
function postgresFanout(
  url: string,
  origin: string,
  log: FanoutLog,
  handlers: FanoutHandlers,
  notify: (channel: string, payload: string) => Promise<void>,
): Fanout {
  let listener: pg.Client | undefined;
  let closed = false;
  let attempts = 0;
  let listenedOnce = false;
  let retry: NodeJS.Timeout | undefined;
  let resolveListening: () => void = () => undefined;
  const firstListen = new Promise<void>((resolve) => {
    resolveListening = resolve;
  });

  const scheduleConnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryDelay(attempts));
    retry.unref();
  };

  const connect = async () => {
    attempts += 1;
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      application_name: 'scholar-fanout',
    });
    let lost = false;
    const onLost = (reason: string) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = undefined;
      if (closed) return;
      if (attempts <= 1) log.warn({ reason, transport: 'postgres' }, 'cache fanout: connection lost');
      scheduleConnect();
    };
    client.on('error', (error: Error) => onLost(error.message));
    client.on('end', () => onLost('connection ended'));
    client.on('notification', (message) => {
      if (message.channel !== POSTGRES_CHANNEL || message.payload === undefined) return;
      const topic = topicFrom(message.payload, origin);
      if (topic !== undefined) handlers.onMessage(topic);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${POSTGRES_CHANNEL}`);
    } catch (error) {
      onLost(error instanceof Error ? error.message : String(error));
      await client.end().catch(() => undefined);
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
    attempts = 0;
    if (listenedOnce) {
      log.info({ transport: 'postgres' }, 'cache fanout: listening again; clearing the cache');
      handlers.onResync();
    }
    listenedOnce = true;
    resolveListening();
  };
  void connect();

  return {
    transport: 'postgres',
    publish(topic) {
      notify(POSTGRES_CHANNEL, JSON.stringify({ origin, topic } satisfies Message)).catch((error: unknown) =>
        log.warn({ reason: String(error), topic, transport: 'postgres' }, 'cache fanout: notify failed'),
      );
    },
    listening: () => firstListen,
    async ping() {
      if (!listener) throw new Error('The cache fanout is not listening');
      await listener.query('SELECT 1');
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await listener?.end().catch(() => undefined);
    },
  };
}

/**
 * The fanout the configuration allows: Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY when
 * the database is PostgreSQL, else none (the embedded database serves one process: there is nobody to tell).
 */
export function createFanout(
  options: {
    redisUrl: string | undefined;
    databaseUrl: string | undefined;
    /** Sends a NOTIFY on the app's own database pool. */
    notify: (channel: string, payload: string) => Promise<void>;
    log: FanoutLog;
  },
  handlers: FanoutHandlers,
): Fanout | undefined {
  // Tells this instance's own messages apart from the others'.
  const origin = randomBytes(8).toString('hex');
  if (options.redisUrl) return redisFanout(options.redisUrl, origin, options.log, handlers);
  if (options.databaseUrl)
    return postgresFanout(options.databaseUrl, origin, options.log, handlers, options.notify);
  return undefined;
}
