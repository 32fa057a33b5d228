import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { couponRedemptions, coupons } from '../../db/schema';

/** The coupons and their uses (docs/decisions/051): only this module reads or writes these tables. */

export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;

export async function findCouponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

/** The coupon's row locked until the transaction ends: checkouts of one coupon take their turn. */
export async function lockCouponByCode(tx: Db, code: string): Promise<CouponRow | undefined> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update');
  return row;
}

/** The uses of a coupon by one customer (held or kept). */
export async function customerUses(db: Db, couponId: string, email: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.customerEmail, email)));
  return row?.n ?? 0;
}

/** One more use, only while the coupon has uses left: false when it has none. */
export async function takeUse(tx: Db, couponId: string): Promise<boolean> {
  const rows = await tx
    .update(coupons)
    .set({ used: sql`${coupons.used} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.maxUses} IS NULL OR ${coupons.used} < ${coupons.maxUses})`,
      ),
    )
    .returning({ id: coupons.id });
  return rows.length > 0;
}

export async function insertRedemption(tx: Db, values: typeof couponRedemptions.$inferInsert): Promise<void> {
  await tx.insert(couponRedemptions).values(values);
}

/** The uses `which` names that no order keeps, given back: their rows deleted and `used` lowered. Answers how many. */
async function giveBack(tx: Db, which: SQL): Promise<number> {
  const released = await tx
    .delete(couponRedemptions)
    .where(and(which, isNull(couponRedemptions.orderId)))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of released) {
    await tx
      .update(coupons)
      .set({ used: sql`greatest(${coupons.used} - 1, 0)` })
      .where(eq(coupons.id, couponId));
  }
  return released.length;
}

/** The use a checkout holds and no order keeps yet, given back; false when it holds none. */
export async function releaseRedemption(tx: Db, checkoutId: string): Promise<boolean> {
  return (await giveBack(tx, eq(couponRedemptions.checkoutId, checkoutId))) > 0;
}

/** The checkout's use kept by its order; false when the checkout holds none (given back meanwhile). */
export async function keepRedemption(tx: Db, checkoutId: string, orderId: string): Promise<boolean> {
  const kept = await tx
    .update(couponRedemptions)
    .set({ orderId })
    .where(eq(couponRedemptions.checkoutId, checkoutId))
    .returning({ id: couponRedemptions.id });
  return kept.length > 0;
}

/**
 * Uses held by checkouts that will not be paid any more: failed, or pending since before `before` without a
 * Razorpay order (the request died before asking), or pending since before `abandonedBefore` (the sweep stops
 * asking Razorpay about them), or whose checkout is gone.
 */
export async function abandonedHolds(db: Db, before: Date, abandonedBefore: Date, limit: number) {
  return queryRows<{ id: string; checkout_id: string | null }>(
    db,
    sql`
    SELECT r.id, r.checkout_id FROM coupon_redemptions r
    LEFT JOIN checkouts c ON c.id = r.checkout_id
    WHERE r.order_id IS NULL AND (
      c.id IS NULL
      OR c.status = 'failed'
      OR (c.status = 'pending' AND c.razorpay_order_id IS NULL AND c.payment_method = 'card' AND c.created_at < ${before.toISOString()}::timestamptz)
      OR (c.status = 'pending' AND c.created_at < ${abandonedBefore.toISOString()}::timestamptz)
    )
    ORDER BY r.created_at
    LIMIT ${limit}`,
  );
}

/**
 * Gives back, in the transaction that locked the coupon, the uses of `couponId` that can no longer be paid for: held
 * by a checkout that failed, or that has been pending since before `heldBefore`. Answers how many.
 */
export async function giveBackStaleHolds(tx: Db, couponId: string, heldBefore: Date): Promise<number> {
  return giveBack(
    tx,
    and(
      eq(couponRedemptions.couponId, couponId),
      sql`${couponRedemptions.checkoutId} IN (
        SELECT c.id FROM checkouts c
        WHERE c.status = 'failed'
          OR (c.status = 'pending' AND c.created_at < ${heldBefore.toISOString()}::timestamptz)
      )`,
    )!,
  );
}

/** How many uses of the coupon unpaid checkouts hold for this customer (lower-cased email) or client address. */
export async function openHolds(
  db: Db,
  couponId: string,
  of: { email: string } | { clientAddress: string },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        'email' in of
          ? eq(couponRedemptions.customerEmail, of.email)
          : eq(couponRedemptions.clientAddress, of.clientAddress),
        isNull(couponRedemptions.orderId),
      ),
    );
  return row?.n ?? 0;
}

/** A use whose checkout is gone, given back. */
export async function releaseRedemptionById(tx: Db, id: string): Promise<void> {
  await giveBack(tx, eq(couponRedemptions.id, id));
}

export async function listCoupons(db: Db): Promise<CouponRow[]> {
  return db.select().from(coupons).orderBy(desc(coupons.active), desc(coupons.createdAt));
}

export async function findCoupon(db: Db, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

export async function insertCoupon(db: Db, values: NewCoupon): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(values).returning();
  return row!;
}

export async function updateCoupon(
  db: Db,
  id: string,
  values: Partial<NewCoupon>,
): Promise<CouponRow | undefined> {
  const [row] = await db.update(coupons).set(values).where(eq(coupons.id, id)).returning();
  return row;
}
