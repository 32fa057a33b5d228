import { and, asc, eq, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  subscriptionCursors,
  subscriptionDeliveries,
  subscriptions,
  subscriptionTokens,
  type DeliveryItem,
  type SubscriptionChoices,
  type SubscriptionDeliveryRow,
  type SubscriptionRow,
} from '../../db/schema';

/**
 * The subscriptions' rows (docs/decisions/048): addresses, their unsubscribe tokens, the deliveries the sending job
 * plans, claims and marks, and its cursors.
 */

/**
 * Records a subscribe form: a new address is pending; a known one keeps its confirmed choices (and status) until
 * the new confirmation link is followed; an unsubscribed one is pending again. Answers the row's id.
 */
export async function upsertRequest(
  db: Db,
  email: string,
  requested: SubscriptionChoices,
  confirmTokenHash: string,
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(subscriptions)
    .values({
      email,
      locale: requested.locale,
      fatwahs: requested.fatwahs,
      articles: requested.articles,
      frequency: requested.frequency,
      requested,
      confirmTokenHash,
      confirmSentAt: now,
    })
    .onConflictDoUpdate({
      target: subscriptions.email,
      set: {
        requested,
        confirmTokenHash,
        confirmSentAt: now,
        status: sql`CASE WHEN ${subscriptions.status} = 'confirmed' THEN 'confirmed' ELSE 'pending' END`,
        updatedAt: now,
      },
    })
    .returning({ id: subscriptions.id });
  return row!.id;
}

/** The state of an address's subscription (`pending`, `confirmed`, `unsubscribed`), or undefined for none. */
export async function statusOfEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.email, email));
  return row?.status;
}

export async function insertToken(db: Db, subscriptionId: string, tokenHash: string): Promise<void> {
  await db.insert(subscriptionTokens).values({ subscriptionId, tokenHash });
}

export async function findByConfirmToken(db: Db, tokenHash: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.confirmTokenHash, tokenHash));
  return row;
}

/**
 * Applies the requested choices of the row whose confirmation token this still is (a second click finds none).
 * The confirmation time moves only when the address was not confirmed already: items published before it are not
 * sent to it.
 */
export async function applyConfirmation(
  db: Db,
  row: SubscriptionRow,
  choices: SubscriptionChoices,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(subscriptions)
    .set({
      ...choices,
      status: 'confirmed',
      confirmedAt: row.status === 'confirmed' && row.confirmedAt ? row.confirmedAt : now,
      unsubscribedAt: null,
      requested: null,
      confirmTokenHash: null,
      updatedAt: now,
    })
    .where(and(eq(subscriptions.id, row.id), eq(subscriptions.confirmTokenHash, row.confirmTokenHash!)))
    .returning({ id: subscriptions.id });
  return updated.length === 1;
}

export async function subscriptionOfToken(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: subscriptionTokens.subscriptionId })
    .from(subscriptionTokens)
    .where(eq(subscriptionTokens.tokenHash, tokenHash));
  return row?.id;
}

/** Unsubscribes the address and cancels what was planned for it and not yet claimed. */
export async function markUnsubscribed(db: Db, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({
        status: 'unsubscribed',
        unsubscribedAt: now,
        requested: null,
        confirmTokenHash: null,
        updatedAt: now,
      })
      .where(and(eq(subscriptions.id, id), ne(subscriptions.status, 'unsubscribed')));
    await tx
      .update(subscriptionDeliveries)
      .set({ status: 'cancelled' })
      .where(and(eq(subscriptionDeliveries.subscriptionId, id), eq(subscriptionDeliveries.status, 'queued')));
  });
}

export async function countSubscribers(db: Db) {
  const [row] = await db
    .select({
      confirmed: sql<number>`count(*) FILTER (WHERE ${subscriptions.status} = 'confirmed')`.mapWith(Number),
      fatwahs:
        sql<number>`count(*) FILTER (WHERE ${subscriptions.status} = 'confirmed' AND ${subscriptions.fatwahs})`.mapWith(
          Number,
        ),
      articles:
        sql<number>`count(*) FILTER (WHERE ${subscriptions.status} = 'confirmed' AND ${subscriptions.articles})`.mapWith(
          Number,
        ),
      immediate:
        sql<number>`count(*) FILTER (WHERE ${subscriptions.status} = 'confirmed' AND ${subscriptions.frequency} = 'immediate')`.mapWith(
          Number,
        ),
      weekly:
        sql<number>`count(*) FILTER (WHERE ${subscriptions.status} = 'confirmed' AND ${subscriptions.frequency} = 'weekly')`.mapWith(
          Number,
        ),
      pending: sql<number>`count(*) FILTER (WHERE ${subscriptions.status} = 'pending')`.mapWith(Number),
      unsubscribed: sql<number>`count(*) FILTER (WHERE ${subscriptions.status} = 'unsubscribed')`.mapWith(
        Number,
      ),
    })
    .from(subscriptions);
  return row!;
}

/* ---- The sending job ---- */

export type CursorName = 'items' | 'digest';

/** A cursor, its row locked until the transaction ends. */
export async function lockCursor(db: Db, name: CursorName): Promise<Date | undefined> {
  const [row] = await db
    .select({ until: subscriptionCursors.until })
    .from(subscriptionCursors)
    .where(eq(subscriptionCursors.name, name))
    .for('update');
  return row?.until;
}

export async function saveCursor(db: Db, name: CursorName, until: Date): Promise<void> {
  await db
    .insert(subscriptionCursors)
    .values({ name, until })
    .onConflictDoUpdate({ target: subscriptionCursors.name, set: { until, updatedAt: new Date() } });
}

/**
 * Plans the mail of one new item for every confirmed subscriber who takes it at once: its topic, in its language,
 * confirmed before it was published. Planned once per subscriber and item, however often this runs.
 */
export async function planItemDeliveries(
  db: Db,
  item: DeliveryItem,
  language: string,
  publishedAt: Date,
): Promise<number> {
  const topic = item.kind === 'fatwah' ? subscriptions.fatwahs : subscriptions.articles;
  const result = (await db.execute(sql`
    INSERT INTO ${subscriptionDeliveries} (id, subscription_id, key, items)
    SELECT gen_random_uuid(), ${subscriptions.id}, ${`${item.kind}:${item.id}`}, ${JSON.stringify([item])}::jsonb
    FROM ${subscriptions}
    WHERE ${subscriptions.status} = 'confirmed' AND ${subscriptions.frequency} = 'immediate' AND ${topic}
      AND ${subscriptions.locale}::text = ${language}
      AND ${subscriptions.confirmedAt} < ${publishedAt.toISOString()}::timestamptz
    ON CONFLICT (subscription_id, key) DO NOTHING`)) as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}

/** The confirmed weekly subscribers confirmed before `before`. */
export function weeklySubscribers(db: Db, before: Date) {
  return db
    .select({
      id: subscriptions.id,
      locale: subscriptions.locale,
      fatwahs: subscriptions.fatwahs,
      articles: subscriptions.articles,
      confirmedAt: subscriptions.confirmedAt,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'confirmed'),
        eq(subscriptions.frequency, 'weekly'),
        lt(subscriptions.confirmedAt, before),
      ),
    );
}

export async function insertDigestDeliveries(
  db: Db,
  rows: { subscriptionId: string; key: string; items: DeliveryItem[] }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(subscriptionDeliveries)
    .values(rows)
    .onConflictDoNothing({ target: [subscriptionDeliveries.subscriptionId, subscriptionDeliveries.key] })
    .returning({ id: subscriptionDeliveries.id });
  return inserted.length;
}

/** Queued deliveries of addresses no longer confirmed are not sent. */
export async function cancelUnwanted(db: Db): Promise<void> {
  await db
    .update(subscriptionDeliveries)
    .set({ status: 'cancelled' })
    .where(
      and(
        inArray(subscriptionDeliveries.status, ['queued', 'sending']),
        sql`NOT EXISTS (SELECT 1 FROM ${subscriptions} WHERE ${subscriptions.id} = ${subscriptionDeliveries.subscriptionId} AND ${subscriptions.status} = 'confirmed')`,
      ),
    );
}

export type DueDelivery = SubscriptionDeliveryRow & { email: string; locale: SubscriptionRow['locale'] };

/**
 * Up to `limit` deliveries to send, oldest first: queued and due, or claimed by a run that died (`sending` since
 * before `staleBefore`).
 */
export async function dueDeliveries(
  db: Db,
  now: Date,
  staleBefore: Date,
  limit: number,
): Promise<DueDelivery[]> {
  const rows = await db
    .select({ delivery: subscriptionDeliveries, email: subscriptions.email, locale: subscriptions.locale })
    .from(subscriptionDeliveries)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionDeliveries.subscriptionId))
    .where(
      and(
        eq(subscriptions.status, 'confirmed'),
        or(
          and(eq(subscriptionDeliveries.status, 'queued'), lte(subscriptionDeliveries.notBefore, now)),
          and(
            eq(subscriptionDeliveries.status, 'sending'),
            lt(subscriptionDeliveries.claimedAt, staleBefore),
          ),
        ),
      ),
    )
    .orderBy(asc(subscriptionDeliveries.createdAt), asc(subscriptionDeliveries.id))
    .limit(limit);
  return rows.map(({ delivery, email, locale }) => ({ ...delivery, email, locale }));
}

/**
 * Claims a delivery just before its send, if it is still as it was read (nobody else claimed it), and records the
 * unsubscribe token its mail carries, in one transaction.
 */
export async function claimDelivery(
  db: Db,
  delivery: DueDelivery,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(subscriptionDeliveries)
      .set({ status: 'sending', claimedAt: now, attempts: sql`${subscriptionDeliveries.attempts} + 1` })
      .where(
        and(
          eq(subscriptionDeliveries.id, delivery.id),
          eq(subscriptionDeliveries.status, delivery.status),
          delivery.claimedAt ? eq(subscriptionDeliveries.claimedAt, delivery.claimedAt) : undefined,
        ),
      )
      .returning({ id: subscriptionDeliveries.id });
    if (claimed.length === 0) return false;
    await tx.insert(subscriptionTokens).values({ subscriptionId: delivery.subscriptionId, tokenHash });
    return true;
  });
}

export async function markSent(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(subscriptionDeliveries)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(eq(subscriptionDeliveries.id, id));
}

/** A refused send: queued again after `retryAt`, or failed for good. */
export async function markRefused(
  db: Db,
  id: string,
  error: string,
  retryAt: Date | undefined,
): Promise<void> {
  await db
    .update(subscriptionDeliveries)
    .set(
      retryAt
        ? { status: 'queued', notBefore: retryAt, claimedAt: null, lastError: error }
        : { status: 'failed', lastError: error },
    )
    .where(eq(subscriptionDeliveries.id, id));
}
