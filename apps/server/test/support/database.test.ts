// @database: the tables emptied between tests, with the counter triggers each database runs
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/db/client';
import { fatwahs } from '../../src/db/schema';
import { createTestDatabase, truncateAll } from './database';
import { createBook, createOrder, createUser } from './factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Rows in each table that holds any, the kept ones aside (the zones, the synonyms and the migrations' own). */
async function tablesHoldingRows(): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'
        AND tablename NOT IN ('delivery_zones', 'pincode_ranges', 'search_synonyms', '__drizzle_migrations')`,
  );
  const held: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number }>(
      database.db,
      sql.raw(`SELECT count(*)::int AS rows FROM "${name}"`),
    );
    if (row!.rows > 0) held[name] = row!.rows;
  }
  return held;
}

/** A user, a book in editions, an order and a published fatwah: rows in many tables, and the counters' triggers. */
async function fill() {
  const db = database.db;
  const user = await createUser(db);
  await createBook(db, { editions: [{ language: 'english', stock: 3, price: 100 }] });
  await createOrder(db, { userId: user.id });
  await db.insert(fatwahs).values({ question: 'Is it allowed?', answer: 'Yes.', status: 'published' });
}

describe('truncateAll', () => {
  for (const truncate of [false, true]) {
    it(`leaves every table empty, the counters kept by triggers too${truncate ? ', truncating' : ''}`, async () => {
      await fill();
      const filled = await tablesHoldingRows();
      expect(Object.keys(filled)).toEqual(expect.arrayContaining(['users', 'books', 'orders', 'fatwahs']));
      // The triggers' own tables are among them: deleting the rows must not make the triggers write them back.
      expect(Object.keys(filled)).toEqual(expect.arrayContaining(['order_day_stats', 'fatwah_counts']));

      await truncateAll(database, { truncate });
      expect(await tablesHoldingRows()).toEqual({});

      // And the counters start again from nothing: one order counts one.
      await fill();
      const [day] = await queryRows<{ orders: number }>(
        database.db,
        sql`SELECT sum(orders)::int AS orders FROM order_day_stats`,
      );
      expect(day!.orders).toBe(1);
      await truncateAll(database, { truncate });
    });
  }
});
