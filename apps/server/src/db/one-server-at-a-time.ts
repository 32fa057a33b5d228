import { sql } from 'drizzle-orm';
import type { Db, DatabaseKind } from './client';
import { withoutRetries } from './retry';

/**
 * Runs `work` on one server at a time, or answers 'skipped' while another server runs it. On PostgreSQL the servers
 * share the database, so a run holds a transaction-level advisory lock (`lockKey`) on one pooled connection for its
 * duration (released with the transaction, or with the connection if the server dies). The work itself runs on
 * other pool connections: the held one is never waited for, so it cannot deadlock as long as the pool has two or
 * more. PGlite belongs to this one process (the data folder is locked), so no lock is needed. The holding
 * transaction is never run again on a conflict: the work may call out (Razorpay, mail), and its own transactions
 * retry themselves.
 */
export async function oneServerAtATime<T>(
  db: Db,
  databaseKind: DatabaseKind,
  lockKey: number,
  work: () => Promise<T>,
): Promise<T | 'skipped'> {
  if (databaseKind === 'pglite') return work();
  return withoutRetries(db).transaction(async (tx) => {
    // Both drivers answer `{ rows }`; the union of their types does not say so.
    const result = (await tx.execute<{ locked: boolean }>(
      sql`SELECT pg_try_advisory_xact_lock(${sql.raw(String(lockKey))}) AS locked`,
    )) as { rows: { locked: boolean }[] };
    if (!result.rows[0]?.locked) return 'skipped';
    return work();
  });
}
