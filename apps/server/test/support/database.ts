import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openPglite, type Database } from '../../src/db/client';
import { openPostgresDatabase } from './postgres';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL when the test project runs with TEST_DB=postgres (dropped on close).
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    const template = inject('pgliteTemplate');
    const database = await openPglite(undefined, {
      loadDataDir: template ? new Blob([fs.readFileSync(template)]) : undefined,
    });
    await database.migrate();
    return database;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return (await openPostgresDatabase(serverUrl)).database;
}

/**
 * Empties every table (between tests of one file), except the delivery zones: their default zone comes with the
 * migrations, and the delivery tests put back what they change.
 */
export async function truncateAll(database: Database): Promise<void> {
  await database.db.execute(
    // Listed explicitly so that a new table is a conscious addition.
    sql.raw(`TRUNCATE users, addresses, books, cart_items, checkouts, orders, order_items, refunds, payments, webhook_events,
      refresh_tokens, password_reset_tokens, fatwahs, fatwah_words, fatwah_counts, articles, sandbox_orders, sandbox_payments, sandbox_refunds, order_day_stats, admin_invites, site_settings, idempotency_keys,
      coupons, coupon_redemptions, bills, bill_counters, return_requests, return_request_items, refund_items, stock_notifications,
      email_verification_tokens RESTART IDENTITY CASCADE`),
  );
}
