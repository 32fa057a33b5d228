import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type Database } from '../../src/db/client';

/**
 * A new database of its own on the PostgreSQL server of `serverUrl`, for tests that need its URL (a second
 * connection outside the pool, a server process): empty, or a copy of `template`; `drop` removes it, closing
 * whatever is still connected.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  prefix = 'test',
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
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

/**
 * A migrated database made once per run (global-setup.ts), which every test database copies: copying it takes
 * tens of milliseconds where creating and migrating one took hundreds. Nothing stays connected to it, as
 * `CREATE DATABASE … TEMPLATE` requires.
 */
export async function createPostgresTemplate(
  serverUrl: string,
): Promise<{ name: string; drop(): Promise<void> }> {
  const created = await createPostgresDatabase(serverUrl, 'template');
  const database = await openPostgres(created.url, { max: 1 });
  await database.migrate();
  await database.close();
  return { name: new URL(created.url).pathname.slice(1), drop: () => created.drop() };
}

/** The same, migrated (a copy of `template`, or migrated here without one) and opened; closing it drops it. */
export async function openPostgresDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; database: Database }> {
  const created = await createPostgresDatabase(serverUrl, 'test', template);
  const database = await openPostgres(created.url, { max: 5 });
  if (!template) await database.migrate();
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
