import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './lock';
import { retryStatements, retryTransactions } from './retry';
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
  /**
   * PGlite only: the bytes of its WebAssembly memory (PostgreSQL's shared buffers, caches and work memory), which
   * grows as it is used and is never given back while the process runs.
   */
  wasmMemoryBytes?: () => number;
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

/** Emscripten's file system of host folders, as far as it is used here. */
interface Nodefs {
  stream_ops: Record<string, unknown>;
  tryFSOperation?: <T>(operation: () => T) => T;
}

/**
 * PGlite's folder on Node, with an fsync that reaches the disk. PGlite mounts the folder with Emscripten's NODEFS,
 * whose files have no fsync: PostgreSQL's fsync calls return at once without touching the host file (PGlite even
 * starts PostgreSQL with fsync off), so a commit is in the operating system's cache only and an OS crash or a
 * power cut can lose it, or leave the folder corrupt. Here every file of the folder gets the host's fsync.
 * (`fdatasync` stays a no-op inside PGlite, hence `wal_sync_method=fsync` below.)
 */
class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const { emscriptenOpts } = result;
    emscriptenOpts.preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod) => {
        const nodefs = (mod as unknown as { NODEFS?: Nodefs }).NODEFS;
        if (!nodefs?.stream_ops)
          throw new Error('PGlite no longer exposes NODEFS: the embedded database cannot sync');
        const run = nodefs.tryFSOperation?.bind(nodefs) ?? (<T>(operation: () => T) => operation());
        // Errors become PostgreSQL's failed fsync (it stops rather than go on with data it could not write).
        nodefs.stream_ops.fsync = (stream: { nfd: number }) => {
          run(() => fs.fsyncSync(stream.nfd));
          return 0;
        };
      },
    ];
    return result;
  }
}

/** The embedded database's page cache (see below). */
export const EMBEDDED_SHARED_BUFFERS = '32MB';

/**
 * PostgreSQL's own durability, which PGlite turns off: every commit is written and synced to the disk (WAL) before
 * it is acknowledged, and checkpoints sync the data files.
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  ...['-c', 'fsync=on', '-c', 'synchronous_commit=on', '-c', 'wal_sync_method=fsync'],
  // PostgreSQL's own page cache lives in the process's WebAssembly memory, which never shrinks: its default 128 MB
  // was a third of the server's memory at rest. The operating system caches the folder's files as well.
  ...['-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
];

/** Syncs every file and folder under `dir`, and `dir` in its parent: a new folder is written outside PostgreSQL. */
function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(file);
    else if (entry.isFile()) syncPath(file);
  }
  syncPath(dir);
}

function syncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Embedded PostgreSQL in a folder, or in memory when `dataDir` is undefined. pg_trgm is loaded on every open:
 * once a trigram index exists, writes fail without it. In a folder, each commit is on the disk before it is
 * acknowledged (docs/decisions/012); in memory nothing is, and nothing needs to be.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
    client = await PGlite.create({
      fs: new DurableNodeFS(dataDir),
      startParams: DURABLE_START_PARAMS,
      extensions: { pg_trgm },
      loadDataDir: options.loadDataDir,
    });
    // PGlite writes a new cluster's files itself, without PostgreSQL's syncs.
    if (fresh) {
      syncTree(dataDir);
      syncPath(path.dirname(dataDir));
    }
  } else {
    client = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  }
  // One connection runs one statement at a time, so nothing deadlocks here; wrapped all the same, as PostgreSQL is.
  const db = retryTransactions(drizzlePglite(client, { schema }) as unknown as Db, () => undefined);
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
    wasmMemoryBytes: () =>
      (client as unknown as { mod?: { wasmMemory?: { buffer: ArrayBuffer } } }).mod?.wasmMemory?.buffer
        .byteLength ?? 0,
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
  // Transactions and one-statement writes that lose a conflict (a deadlock) run again (docs/decisions/036).
  retryStatements(pool, () => log);
  const db = retryTransactions(drizzlePg(pool, { schema }) as unknown as Db, () => log);
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
  const release = await lockDataDir(config.dataDir);
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
