import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { isTransactionConflict, rootMessage } from './errors';

/**
 * Transactions that lose a conflict with another one (a deadlock, or a serialization failure) are run again, a few
 * times, after a short random wait (docs/decisions/036). PostgreSQL rolls such a transaction back whole, so running
 * it again is the same as running it once; only database work may happen inside a transaction that is retried. A
 * conflict that outlasts the tries reaches the error handler, which answers 503 with Retry-After.
 */

/** Where a retry is reported: the server's logger (the database's log, see client.ts). */
export interface RetryLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** Tries in all (the first and two more), and the bounds of the random wait before each next one. */
export const CONFLICT_TRIES = 3;
const MIN_WAIT_MS = 5;
const MAX_WAIT_MS = 50;

/**
 * Runs `work`, and again while it fails with a deadlock or a serialization failure, at most `CONFLICT_TRIES` times
 * in all; the last failure, or any other one, is thrown as it came.
 */
export async function retryConflicts<T>(
  work: () => Promise<T>,
  log: RetryLog | undefined,
  what: 'transaction' | 'statement',
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= CONFLICT_TRIES || !isTransactionConflict(error)) throw error;
      log?.warn(
        { attempt, reason: rootMessage(error) },
        `a database ${what} lost a conflict with another one; trying again`,
      );
      // Random, so that two transactions that met do not meet again at once; longer after each try.
      await sleep(attempt * (MIN_WAIT_MS + Math.random() * (MAX_WAIT_MS - MIN_WAIT_MS)));
    }
  }
}

type Transaction = (work: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/** Each database's own `transaction`, without retries, for `withoutRetries`. */
const once = new WeakMap<object, object>();

/**
 * Makes `db.transaction` retry conflicts (see `retryConflicts`). Nested transactions (savepoints) are not retried
 * on their own: a conflict ends the whole transaction, which is retried from its start.
 */
export function retryTransactions<D extends object>(db: D, log: () => RetryLog | undefined): D {
  const self = db as unknown as { transaction: Transaction };
  const transaction = self.transaction.bind(db);
  once.set(db, Object.create(db, { transaction: { value: transaction } }) as object);
  self.transaction = (work, config) => retryConflicts(() => transaction(work, config), log(), 'transaction');
  return db;
}

/**
 * The same database whose `transaction` runs its callback once: for a transaction that does more than database
 * work (asks Razorpay, sends mail), which must not happen twice.
 */
export function withoutRetries<D extends object>(db: D): D {
  return (once.get(db) as D | undefined) ?? db;
}

/**
 * Makes the pool's own queries, one statement each outside any transaction (drizzle sends those through
 * `pool.query`; a transaction's go through a client of `pool.connect()`), retry conflicts: PostgreSQL rolls such a
 * statement back whole, as its own transaction. Queries with a callback or a cursor pass through as they are.
 */
export function retryStatements(pool: pg.Pool, log: () => RetryLog | undefined): void {
  const self = pool as unknown as { query: (...args: unknown[]) => unknown };
  const query = self.query.bind(pool);
  self.query = (...args: unknown[]) => {
    const [first] = args;
    const submittable = typeof first === 'object' && first !== null && 'submit' in first;
    if (submittable || typeof args.at(-1) === 'function') return query(...args);
    return retryConflicts(() => query(...args) as Promise<unknown>, log(), 'statement');
  };
}
