// @database: the migrations themselves
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

/** A copy of the migrations folder that stops before `tag`: the database as a site had it before that release. */
function migrationsBefore(tag: string): string {
  const source = migrationsFolder();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const end = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(end).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries)
    fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

let client: PGlite;
let before: string;

beforeAll(async () => {
  client = await PGlite.create({ extensions: { pg_trgm } });
  before = migrationsBefore('0006_desks');
});
afterAll(async () => {
  await client.close();
  fs.rmSync(before, { recursive: true, force: true });
});

describe('migration 0006 on a site that already has questions', () => {
  it('numbers the old questions in the order they came, with their own year, and goes on from there', async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      INSERT INTO fatwahs (id, question, asker_name, created_at) VALUES
        ('01900000-0000-7000-8000-000000000002', 'second', 'Bilal', '2026-01-05T10:00:00Z'),
        ('01900000-0000-7000-8000-000000000001', 'first', 'Ahmad', '2025-12-31T19:00:00Z'),
        ('01900000-0000-7000-8000-000000000003', 'third', NULL, '2026-03-01T10:00:00Z');
    `);
    await migrate(db, { migrationsFolder: migrationsFolder() });

    const old = await client.query<{ question: string; reference: string; show_asker_name: boolean }>(
      'SELECT question, reference, show_asker_name FROM fatwahs ORDER BY created_at',
    );
    // 19:00 UTC on 31 December is already 1 January in India.
    expect(old.rows).toEqual([
      { question: 'first', reference: 'Q-2026-00001', show_asker_name: false },
      { question: 'second', reference: 'Q-2026-00002', show_asker_name: false },
      { question: 'third', reference: 'Q-2026-00003', show_asker_name: false },
    ]);

    await client.exec(
      `INSERT INTO fatwahs (id, question) VALUES ('01900000-0000-7000-8000-000000000004', 'fourth')`,
    );
    const next = await client.query<{ reference: string }>(
      `SELECT reference FROM fatwahs WHERE question = 'fourth'`,
    );
    expect(next.rows[0]!.reference).toMatch(/^Q-\d{4}-00004$/);
  });
});
