import {
  COUPON_MESSAGES,
  couponBodySchema,
  couponCodeSchema,
  formatMoney,
  fromPaise,
  minimumOrderMessage,
  toPaise,
  type Coupon,
  type CouponBody,
  type CouponCheckBody,
  type CouponPreview,
} from '@scholar/shared';
import type { FastifyBaseLogger } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { type AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { priceCart } from '../pricing/pricing.service';
import { findUserById } from '../users/users.service';
import {
  abandonedHolds,
  giveBackStaleHolds,
  openHolds,
  customerUses,
  findCoupon,
  findCouponByCode,
  insertCoupon,
  insertRedemption,
  keepRedemption,
  listCoupons,
  lockCouponByCode,
  releaseRedemption,
  releaseRedemptionById,
  takeUse,
  updateCoupon,
  type CouponRow,
} from './coupons.repository';

/**
 * Coupons (docs/decisions/051). The discount is worked out here only, on the subtotal the server priced. A use is
 * HELD when a checkout opens (the coupon's row locked, `used` raised within `max_uses`, a redemption row for the
 * checkout), KEPT when its order is made, and GIVEN BACK when the checkout fails or is swept unpaid.
 */

/** What a coupon takes off a subtotal (paise): a percentage rounded to the paisa, or a fixed amount, at most all. */
export function discountOf(coupon: Pick<CouponRow, 'kind' | 'value'>, subtotalPaise: number): number {
  const off = coupon.kind === 'percent' ? Math.round((subtotalPaise * coupon.value) / 100) : coupon.value;
  return Math.max(0, Math.min(off, subtotalPaise));
}

/** The customer a per-customer limit counts: the lower-cased email. */
export const customerOf = (email: string) => email.trim().toLowerCase();

/**
 * A coupon's use held by an unpaid checkout is given back once it is this old (docs/decisions/073): long enough to
 * pay in Razorpay's window (an OTP, a UPI app and back), short enough that checkouts nobody pays cannot keep a
 * limited coupon from the customers who would. The next checkout that asks for the coupon gives such uses back
 * itself; the reconciliation sweep gives back the rest. Should the payment come after all, the order takes the
 * use again (`keepCouponUse`).
 */
export const COUPON_HOLD_MS = 10 * 60 * 1000;
/** Uses of one coupon that unpaid checkouts from one client address may hold at once (docs/decisions/073). */
export const COUPON_HOLDS_PER_ADDRESS = 2;
/** Uses of one coupon that one customer's unpaid checkouts may hold at once. */
export const COUPON_HOLDS_PER_EMAIL = 1;

/** Why this coupon does not apply to this subtotal now, if it does not (the total and per-customer limits aside). */
function refusalOf(coupon: CouponRow | undefined, subtotalPaise: number, now: Date): AppError | undefined {
  if (!coupon) return badRequest(COUPON_MESSAGES.notFound, 'COUPON_NOT_FOUND');
  if (!coupon.active) return badRequest(COUPON_MESSAGES.inactive, 'COUPON_INACTIVE');
  if (coupon.startsAt && coupon.startsAt > now)
    return badRequest(COUPON_MESSAGES.notYetValid, 'COUPON_NOT_YET_VALID');
  if (coupon.endsAt && coupon.endsAt <= now) return badRequest(COUPON_MESSAGES.expired, 'COUPON_EXPIRED');
  if (subtotalPaise < coupon.minOrderPaise) {
    return badRequest(
      minimumOrderMessage(formatMoney(fromPaise(coupon.minOrderPaise))),
      'COUPON_MINIMUM_ORDER',
    );
  }
  return undefined;
}

const usedUp = () => conflict(COUPON_MESSAGES.usedUp, 'COUPON_USED_UP');
const alreadyUsed = () => conflict(COUPON_MESSAGES.alreadyUsed, 'COUPON_ALREADY_USED');

async function assertCustomerMay(db: Db, coupon: CouponRow, email: string | null): Promise<void> {
  if (coupon.maxUsesPerCustomer === null || email === null) return;
  if ((await customerUses(db, coupon.id, customerOf(email))) >= coupon.maxUsesPerCustomer)
    throw alreadyUsed();
}

/**
 * The checkout's preview of a code: its discount on this subtotal, or a 4xx saying why there is none. Nothing is
 * held; the checkout itself checks again. `email` is the signed-in customer's, when there is one.
 */
export async function previewCoupon(
  db: Db,
  code: string,
  subtotalPaise: number,
  email: string | null,
  now = new Date(),
): Promise<{ code: string; discountPaise: number }> {
  const coupon = await findCouponByCode(db, code);
  const refusal = refusalOf(coupon, subtotalPaise, now);
  if (refusal) throw refusal;
  if (coupon!.maxUses !== null && coupon!.used >= coupon!.maxUses) throw usedUp();
  await assertCustomerMay(db, coupon!, email);
  return { code: coupon!.code, discountPaise: discountOf(coupon!, subtotalPaise) };
}

/**
 * `POST /coupons/check`: what a code takes off these lines, priced from the database as the checkout prices them,
 * or a 4xx saying why it does not apply. Nothing is held. A signed-in customer's own earlier uses count; a guest's
 * are counted at the checkout.
 */
export async function previewCheckoutCoupon(
  db: Db,
  caller: AuthUser | null,
  body: CouponCheckBody,
): Promise<CouponPreview> {
  const priced = await priceCart(db, body.cartItems);
  const user = caller ? await findUserById(db, caller.id) : undefined;
  const code = couponCodeSchema.parse(body.code);
  const preview = await previewCoupon(db, code, priced.subtotalPaise, user?.email ?? null);
  return {
    code: preview.code,
    discount: fromPaise(preview.discountPaise),
    subtotal: fromPaise(priced.subtotalPaise),
  };
}

/** A use taken by a checkout still being opened: recorded with `recordHold` once the checkout's row exists. */
export interface CouponHold {
  couponId: string;
  code: string;
  discountPaise: number;
  customerEmail: string;
  clientAddress: string | null;
}

/**
 * Takes one use of the coupon for a checkout, in the checkout's transaction. The coupon's row is locked first
 * (FOR UPDATE), so that checkouts of one coupon take turns: the per-customer count read after the lock sees every
 * use committed before it, and the conditional update never lets `used` pass `max_uses`.
 *
 * Holds are limited (docs/decisions/073): one customer's unpaid checkouts may hold `COUPON_HOLDS_PER_EMAIL` use
 * of a coupon at once, one client address's `COUPON_HOLDS_PER_ADDRESS`. A checkout given up in the browser gives
 * its use back at once (`releaseUnpaidCheckout`), so that a buyer who closed the payment may start again.
 */
export async function takeCouponHold(
  tx: Db,
  code: string,
  subtotalPaise: number,
  email: string,
  now = new Date(),
  clientAddress: string | null = null,
): Promise<CouponHold> {
  const coupon = await lockCouponByCode(tx, code);
  const refusal = refusalOf(coupon, subtotalPaise, now);
  if (refusal) throw refusal;
  // Uses nobody will pay for any more go back first (the coupon's row is locked: checkouts asking for it take turns).
  await giveBackStaleHolds(tx, coupon!.id, new Date(now.getTime() - COUPON_HOLD_MS));
  if (
    clientAddress !== null &&
    (await openHolds(tx, coupon!.id, { clientAddress })) >= COUPON_HOLDS_PER_ADDRESS
  ) {
    throw conflict(COUPON_MESSAGES.holdLimitAddress, 'COUPON_HOLD_LIMIT');
  }
  await assertCustomerMay(tx, coupon!, email);
  if ((await openHolds(tx, coupon!.id, { email: customerOf(email) })) >= COUPON_HOLDS_PER_EMAIL) {
    throw conflict(COUPON_MESSAGES.holdLimitEmail, 'COUPON_HOLD_LIMIT');
  }
  if (!(await takeUse(tx, coupon!.id))) throw usedUp();
  return {
    couponId: coupon!.id,
    code: coupon!.code,
    discountPaise: discountOf(coupon!, subtotalPaise),
    customerEmail: customerOf(email),
    clientAddress,
  };
}

/** The redemption row of a hold, for the checkout just inserted (same transaction as `takeCouponHold`). */
export async function recordHold(tx: Db, hold: CouponHold, checkoutId: string): Promise<void> {
  await insertRedemption(tx, {
    id: uuidv7(),
    couponId: hold.couponId,
    checkoutId,
    customerEmail: hold.customerEmail,
    clientAddress: hold.clientAddress,
    discountPaise: hold.discountPaise,
  });
}

/** Gives back the use a checkout holds (none kept by an order): in its own transaction unless given one. */
export async function releaseCouponHold(db: Db, checkoutId: string): Promise<boolean> {
  return db.transaction((tx) => releaseRedemption(tx, checkoutId));
}

/**
 * The checkout's use kept by its order, in the order's transaction. A use given back meanwhile (the sweep gave up
 * on the checkout just before its payment came) is taken again: the buyer paid the discounted price, so the order
 * stands; when the coupon has no uses left by then, the order still keeps its discount and the owner is told in
 * the log.
 */
export async function keepCouponUse(
  tx: Db,
  log: FastifyBaseLogger,
  checkout: {
    id: string;
    couponId: string | null;
    couponCode: string | null;
    discountPaise: number;
    contactEmail: string;
  },
  orderId: string,
): Promise<void> {
  if (!checkout.couponId) return;
  if (await keepRedemption(tx, checkout.id, orderId)) return;
  const taken = await takeUse(tx, checkout.couponId);
  await insertRedemption(tx, {
    id: uuidv7(),
    couponId: checkout.couponId,
    checkoutId: checkout.id,
    orderId,
    customerEmail: customerOf(checkout.contactEmail),
    discountPaise: checkout.discountPaise,
  });
  if (!taken) {
    log.warn(
      { checkoutId: checkout.id, code: checkout.couponCode },
      'a paid checkout kept a coupon that had no uses left',
    );
  }
}

/** Uses the sweep gives back per run, at most. */
const RELEASE_BATCH = 200;

/**
 * Gives back the uses of checkouts that will not be paid any more (`abandonedHolds`): failed, pending without a
 * Razorpay order since before `before`, pending since before `abandonedBefore`. Answers how many.
 */
export async function releaseAbandonedCouponHolds(
  db: Db,
  before: Date,
  abandonedBefore: Date,
): Promise<number> {
  const holds = await abandonedHolds(db, before, abandonedBefore, RELEASE_BATCH);
  for (const hold of holds) {
    await db.transaction(async (tx) => {
      if (hold.checkout_id) await releaseRedemption(tx, hold.checkout_id);
      else await releaseRedemptionById(tx, hold.id);
    });
  }
  return holds.length;
}

// The desk.

export function toCoupon(row: CouponRow): Coupon {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'fixed' ? fromPaise(row.value) : row.value,
    minOrder: fromPaise(row.minOrderPaise),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    used: row.used,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function valuesOf(body: CouponBody) {
  const values = couponBodySchema.parse(body);
  return {
    code: values.code,
    kind: values.kind,
    value: values.kind === 'fixed' ? toPaise(values.value) : values.value,
    minOrderPaise: toPaise(values.minOrder),
    startsAt: values.startsAt ? new Date(values.startsAt) : null,
    endsAt: values.endsAt ? new Date(values.endsAt) : null,
    maxUses: values.maxUses,
    maxUsesPerCustomer: values.maxUsesPerCustomer,
    active: values.active,
  };
}

const codeTaken = () =>
  conflict(COUPON_MESSAGES.codeTaken, 'COUPON_CODE_TAKEN', [
    { path: 'body.code', message: COUPON_MESSAGES.codeTaken },
  ]);
const couponNotFound = () => notFound('Coupon not found', 'COUPON_NOT_FOUND');

export async function deskCoupons(db: Db): Promise<Coupon[]> {
  return (await listCoupons(db)).map(toCoupon);
}

export async function createCoupon(db: Db, body: CouponBody): Promise<Coupon> {
  try {
    return toCoupon(await insertCoupon(db, { id: uuidv7(), ...valuesOf(body) }));
  } catch (error) {
    if (isUniqueViolation(error, 'coupons_code_key')) throw codeTaken();
    throw error;
  }
}

/**
 * Changes a coupon. A total limit below the uses already held or kept is refused (the check constraint would be
 * broken): the desk deactivates the coupon instead.
 */
export async function editCoupon(db: Db, id: string, body: CouponBody): Promise<Coupon> {
  const values = valuesOf(body);
  const current = await findCoupon(db, id);
  if (!current) throw couponNotFound();
  if (values.maxUses !== null && values.maxUses < current.used) {
    const message = `${current.used} uses are already taken: the limit cannot be lower`;
    throw badRequest(message, 'COUPON_LIMIT_BELOW_USES', [{ path: 'body.maxUses', message }]);
  }
  try {
    const row = await updateCoupon(db, id, values);
    if (!row) throw couponNotFound();
    return toCoupon(row);
  } catch (error) {
    if (isUniqueViolation(error, 'coupons_code_key')) throw codeTaken();
    throw error;
  }
}

export async function deactivateCoupon(db: Db, id: string): Promise<Coupon> {
  const row = await updateCoupon(db, id, { active: false });
  if (!row) throw couponNotFound();
  return toCoupon(row);
}
