// @database: durability of what is committed
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPglite, queryRows, type Database } from '../../src/db/client';

/**
 * The embedded database in a folder must put each commit on the disk before acknowledging it, so that an OS crash
 * or a power cut cannot take it away (docs/decisions/012). PGlite itself never syncs a file of the host, so this
 * counts the host's fsync calls. Once per run (PGlite project).
 */
const embedded = process.env.TEST_DB !== 'postgres';

describe.runIf(embedded)('the embedded database in a folder', () => {
  let dataDir: string | undefined;
  let database: Database | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await database?.close();
    database = undefined;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The file an open descriptor points to, where the system says (Linux); empty elsewhere. */
  const fileOf = (fd: number) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return '';
    }
  };

  it('runs with fsync on and syncs the WAL to the disk at every commit, and a new folder as a whole', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-durable-'));
    const folder = path.join(fs.realpathSync(dataDir), 'pglite');
    const synced: string[] = [];
    // Where the system says which file a descriptor is (Linux), the syncs of files under `prefix`; elsewhere all.
    const procfs = fs.existsSync('/proc/self/fd');
    const syncedUnder = (prefix: string) =>
      procfs ? synced.filter((file) => file.startsWith(prefix)).length : synced.length;
    const fsync = fs.fsyncSync;
    vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
      synced.push(fileOf(fd));
      fsync(fd);
    });

    database = await openPglite(folder);
    // The new cluster's files, written by PGlite outside PostgreSQL, are all on the disk.
    expect(syncedUnder(folder)).toBeGreaterThan(100);
    const settings = await queryRows<{ name: string; setting: string }>(
      database.db,
      sql`SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes') ORDER BY name`,
    );
    expect(Object.fromEntries(settings.map((s) => [s.name, s.setting]))).toEqual({
      fsync: 'on',
      full_page_writes: 'on',
      synchronous_commit: 'on',
      wal_sync_method: 'fsync',
    });

    await database.db.execute(sql`CREATE TABLE kept (id int PRIMARY KEY)`);
    synced.length = 0;
    for (let i = 0; i < 20; i += 1) await database.db.execute(sql`INSERT INTO kept VALUES (${i})`);
    // One sync of the WAL per commit at least.
    expect(syncedUnder(path.join(folder, 'pg_wal'))).toBeGreaterThanOrEqual(20);

    // And it opens again with everything (an existing folder is not synced as a whole again).
    await database.close();
    synced.length = 0;
    database = await openPglite(folder);
    expect(synced.length).toBeLessThan(50);
    expect(await queryRows(database.db, sql`SELECT count(*)::int AS n FROM kept`)).toEqual([{ n: 20 }]);
  });
});
