import { eq, isNull, and } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts, payments, webhookEvents } from '../../db/schema';

/**
 * The checkout's own records: the checkouts (what the buyer was shown and agreed to pay), the payments Razorpay
 * reported for them and Razorpay's webhook events, each processed once.
 */

export type NewCheckout = typeof checkouts.$inferInsert;

export async function insertCheckout(db: Db, values: NewCheckout) {
  const [row] = await db.insert(checkouts).values(values).returning();
  if (!row) throw new Error('checkout not inserted');
  return row;
}

/** Records the checkout's Razorpay order unless it has one already; answers the one it keeps. */
export async function setCheckoutRazorpayOrder(db: Db, id: string, razorpayOrderId: string): Promise<string> {
  const [set] = await db
    .update(checkouts)
    .set({ razorpayOrderId })
    .where(and(eq(checkouts.id, id), isNull(checkouts.razorpayOrderId)))
    .returning({ razorpayOrderId: checkouts.razorpayOrderId });
  if (set) return razorpayOrderId;
  const [kept] = await db
    .select({ razorpayOrderId: checkouts.razorpayOrderId })
    .from(checkouts)
    .where(eq(checkouts.id, id));
  return kept?.razorpayOrderId ?? razorpayOrderId;
}

export async function findCheckout(db: Db, id: string) {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id));
  return row;
}

export async function setCheckoutStatus(db: Db, id: string, status: 'pending' | 'paid' | 'failed') {
  await db.update(checkouts).set({ status }).where(eq(checkouts.id, id));
}

export async function findCheckoutByRazorpayOrder(db: Db, razorpayOrderId: string) {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(eq(checkouts.razorpayOrderId, razorpayOrderId))
    .limit(1);
  return row;
}

export async function recordPayment(db: Db, values: typeof payments.$inferInsert) {
  await db.insert(payments).values(values).onConflictDoNothing({ target: payments.razorpayPaymentId });
}

/** Records a webhook event; false when it was already processed (Razorpay delivers at least once). */
export async function beginWebhookEvent(
  db: Db,
  eventId: string,
  event: string,
  payload: unknown,
): Promise<boolean> {
  await db
    .insert(webhookEvents)
    .values({ eventId, event, payload })
    .onConflictDoNothing({ target: webhookEvents.eventId });
  const [row] = await db
    .select({ processedAt: webhookEvents.processedAt })
    .from(webhookEvents)
    .where(eq(webhookEvents.eventId, eventId));
  return row?.processedAt === null;
}

export async function finishWebhookEvent(db: Db, eventId: string) {
  await db
    .update(webhookEvents)
    .set({ processedAt: new Date() })
    .where(and(eq(webhookEvents.eventId, eventId), isNull(webhookEvents.processedAt)));
}
