import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type Database } from '../../src/db/client';

/**
 * A new, empty database of its own on the PostgreSQL server of `serverUrl`, for tests that need its URL (a second
 * connection outside the pool, a server process): `drop` removes it, closing whatever is still connected.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  prefix = 'test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** The same, migrated and opened; closing it drops it. */
export async function openPostgresDatabase(serverUrl: string): Promise<{ url: string; database: Database }> {
  const created = await createPostgresDatabase(serverUrl);
  const database = await openPostgres(created.url, { max: 5 });
  await database.migrate();
  return {
    url: created.url,
    database: {
      ...database,
      close: async () => {
        await database.close();
        await created.drop();
      },
    },
  };
}
