import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** Where the database reports what no request sees, such as a connection PostgreSQL closed: the server's logger. */
export interface DatabaseLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** PostgreSQL only: from now on, lost connections are logged here at warn (they are never fatal). */
  setLog?: (log: DatabaseLog) => void;
  /** Applies the committed migrations; safe to run on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball (a template for tests). */
  dump?: () => Promise<Blob>;
}

/** The committed migrations, found from the source tree and from the bundle alike. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('The database migrations folder (apps/server/drizzle) was not found');
}

/**
 * Embedded PostgreSQL in a folder, or in memory when `dataDir` is undefined. pg_trgm is loaded on every open:
 * once a trigram index exists, writes fail without it.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    dump: () => client.dumpDataDir('none'),
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 5000 });
  let log: DatabaseLog | undefined;
  // A connection PostgreSQL ends (a restart ends every session with 57P01; a network failure) emits 'error' on its
  // client. pg-pool listens only while the client is idle, so one held by a query or a transaction would take the
  // process down with it. Every client gets a listener of its own as it connects; the request that was using it
  // fails with the driver's error (a 503), and pg marks the client not queryable before it emits, so pg-pool
  // discards it on release instead of handing it out again.
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (error: Error & { code?: string }) => {
      // The error, then the end of the socket: one line per connection.
      if (reported) return;
      reported = true;
      log?.warn({ reason: error.message, code: error.code }, 'database connection lost');
    });
  });
  // The same error again for an idle client, which pg-pool has already removed; reported above.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    setLog: (next) => {
      log = next;
    },
    migrate: async () => {
      // Two servers starting together take turns.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727274)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}

/** The rows of a query written in SQL (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/** Answers when the database accepts queries; throws otherwise. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * The database the configuration names: PostgreSQL when DATABASE_URL is set, else the embedded one in
 * DATA_DIR/pglite, which this process then holds alone (see lockDataDir).
 */
export async function openConfiguredDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openPglite(path.join(config.dataDir, 'pglite'));
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
