import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openPglite, queryRows, type Database } from '../../src/db/client';
import { hasSqlState } from '../../src/db/errors';
import { searchSynonyms } from '../../src/db/schema';
import { forgetSpellings } from '../../src/modules/search/synonyms';
import { resetDeliveryZones } from '../fixtures/delivery-zones';
import { openPostgresDatabase } from './postgres';

/**
 * Tables `truncateAll` keeps: the delivery zones and their pincodes, and the search's sets of synonyms, come with the
 * migrations (and the tests that change them put them back); the migrations' own bookkeeping.
 */
const KEPT_TABLES = ['delivery_zones', 'pincode_ranges', 'search_synonyms', '__drizzle_migrations'];

export interface TestDatabaseOptions {
  /**
   * A database of the caller's alone, closed for real by `close`: for files that break it (close it under the app,
   * add triggers or tables). The others share their worker's.
   */
  own?: boolean;
}

/** The worker's PGlite, opened once from the template and handed to one file (or app) at a time. */
const worker: { database?: Promise<Database>; lent: boolean } = { lent: false };

/** A new in-memory PGlite from the migrated template that global-setup.ts made once for the run. */
async function openFromTemplate(): Promise<Database> {
  const template = inject('pgliteTemplate');
  const database = await openPglite(undefined, {
    loadDataDir: template ? new Blob([fs.readFileSync(template)]) : undefined,
  });
  await database.migrate();
  synonymsAsMigrated ??= await database.db.select({ words: searchSynonyms.words }).from(searchSynonyms);
  return database;
}

/** The search's sets of synonyms as the migrations leave them: a file that changed them hands them back so. */
let synonymsAsMigrated: { words: string[] }[] | undefined;

async function resetSearchSynonyms(database: Database): Promise<void> {
  await database.db.delete(searchSynonyms);
  if (synonymsAsMigrated?.length) await database.db.insert(searchSynonyms).values(synonymsAsMigrated);
  forgetSpellings(database.db);
}

/**
 * The worker's PGlite, emptied, lent until `close`: test files run one after the other in a worker, so one
 * database serves them all and each starts on empty tables, as on a fresh one. A second database asked while it is
 * lent (two apps side by side) is a fresh one of its own.
 */
async function borrowWorkerDatabase(): Promise<Database> {
  worker.lent = true;
  worker.database ??= openFromTemplate();
  const database = await worker.database;
  await truncateAll(database, { truncate: true });
  // The zones are kept by `truncateAll`; a file that left one changed (its last test switched the default zone off)
  // must not decide the next file's checkouts.
  await resetDeliveryZones(database.db);
  await resetSearchSynonyms(database);
  return {
    ...database,
    close: async () => {
      worker.lent = false;
    },
  };
}

/**
 * A migrated database with empty tables for one test file: its worker's in-memory PGlite by default (see
 * `borrowWorkerDatabase`), or a new database on the PostgreSQL server of TEST_DATABASE_URL when the test project
 * runs with TEST_DB=postgres (dropped on close).
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    return options.own || worker.lent ? openFromTemplate() : borrowWorkerDatabase();
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return (await openPostgresDatabase(serverUrl, inject('postgresTemplate'))).database;
}

/** PostgreSQL's SQLSTATE for a statement the role may not run. */
const INSUFFICIENT_PRIVILEGE = '42501';

/** Every table of the schema but `KEPT_TABLES`, as the catalogue has them now. */
async function tablesToEmpty(database: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((row) => row.name).filter((name) => !KEPT_TABLES.includes(name));
}

/**
 * Empties every table (between tests of one file, and between files), except `KEPT_TABLES`. The list is read from
 * the catalogue, so that a new table can never carry rows from one test to the next.
 *
 * Only the tables that hold rows are emptied, by one DELETE of each with the triggers and foreign-key checks off
 * (`session_replication_role = replica`, so that no counter trigger writes a row back): 3–8 ms on PGlite, where
 * a TRUNCATE of all 40 tables took 35–45 ms, a tenth of a small test. `truncate` (between files, or where the role
 * may not switch the triggers off) truncates them instead, which also drops the rows' dead versions.
 */
export async function truncateAll(database: Database, { truncate = false } = {}): Promise<void> {
  const tables = await tablesToEmpty(database);
  const holding = await queryRows<{ name: string }>(
    database.db,
    sql.raw(
      tables
        .map((name) => `SELECT '${name}' AS name WHERE EXISTS (SELECT FROM "${name}")`)
        .join(' UNION ALL '),
    ),
  );
  if (holding.length === 0) return;
  if (!truncate) {
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        const deletes = holding.map(({ name }, index) => `d${index} AS (DELETE FROM "${name}")`);
        await tx.execute(sql.raw(`WITH ${deletes.join(', ')} SELECT 1`));
      });
      return;
    } catch (error) {
      // A role that may not switch triggers off (not a superuser): the tables are truncated instead.
      if (!hasSqlState(error, INSUFFICIENT_PRIVILEGE)) throw error;
    }
  }
  const names = holding.map(({ name }) => `"${name}"`).join(', ');
  await database.db.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
}
