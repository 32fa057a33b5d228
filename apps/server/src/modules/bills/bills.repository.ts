import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { bills } from '../../db/schema';

export type BillRow = typeof bills.$inferSelect;

/** The bill of an order, if it has one. */
export async function findBillOfOrder(db: Db, orderId: string): Promise<BillRow | undefined> {
  const [row] = await db.select().from(bills).where(eq(bills.orderId, orderId));
  return row;
}

/**
 * Holds the order's bill for the rest of the transaction: a second `issueBill` of the same order waits here, then
 * finds the first one's bill instead of taking a number of its own (which would leave a gap when it is refused).
 * A lock on a key, not on the order's row: the order may have been inserted by this very transaction.
 */
export async function lockBillOfOrder(db: Db, orderId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`bill:${orderId}`}, 0))`);
}

/**
 * The next number of a financial year, counted in `bill_counters` in the caller's transaction: the row stays locked
 * until it ends, so numbers are handed out one transaction at a time, and a rolled-back transaction gives its
 * number back.
 */
export async function takeBillNumber(db: Db, financialYear: string): Promise<number> {
  const [row] = await queryRows<{ last: number }>(
    db,
    sql`INSERT INTO bill_counters (financial_year, last) VALUES (${financialYear}, 1)
      ON CONFLICT (financial_year) DO UPDATE SET last = bill_counters.last + 1
      RETURNING last`,
  );
  return Number(row!.last);
}

export async function insertBill(db: Db, values: typeof bills.$inferInsert): Promise<BillRow> {
  const [row] = await db.insert(bills).values(values).returning();
  return row!;
}
