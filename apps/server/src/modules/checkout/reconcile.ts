import { and, asc, eq, gt, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseKind } from '../../db/client';
import { checkouts, orders } from '../../db/schema';
import type { RazorpayPayment } from '../../payments/razorpay-client';
import { isDatabaseUnavailable, rootMessage } from '../../db/errors';
import { oneServerAtATime } from '../../db/one-server-at-a-time';
import { settleRefundsNobodyReported } from '../orders/refunds.service';
import { COUPON_HOLD_MS, releaseAbandonedCouponHolds, releaseCouponHold } from '../coupons/coupons.service';
import { assertPaid, type CheckoutContext } from './checkout.service';
import { checkoutContextOf } from './checkout-context';
import { createOrderFromPayment } from './order-from-payment';
import { eachLimited } from '../../lib/each-limited';
import { repeatWhileRunning } from '../../lib/repeating-job';

/**
 * The reconciliation sweep (docs/decisions/026): a checkout paid at Razorpay whose browser never came back and whose
 * webhook never arrived is found by asking Razorpay, and completed through the same exactly-once path.
 */

/** Younger checkouts are left to the browser and the webhook, which normally arrive within seconds. */
export const RECONCILE_MIN_AGE_MS = 10 * 60 * 1000;
/**
 * Razorpay settles a payment within 3 days: it polls the bank that long for a late authorization, and refunds an
 * authorized payment not captured by then. Older checkouts are abandoned and no longer asked about.
 */
export const RECONCILE_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;
/** Checkouts asked about per run: one run stays short, whatever pile of abandoned checkouts there is. */
export const RECONCILE_BATCH = 100;
/** Razorpay calls in flight at once: a few, to be quick without crowding the pool or Razorpay's rate limit. */
const RECONCILE_CONCURRENCY = 3;
/** The advisory lock that lets one server at a time sweep a PostgreSQL database (the migrations use 727274). */
export const RECONCILE_LOCK_KEY = 727275;
/** The first run after start: soon, but not in the middle of the start-up itself. */
const FIRST_RUN_DELAY_MS = 15_000;

export interface ReconcileCounts {
  /** Checkouts whose Razorpay order was asked about. */
  checked: number;
  /** Orders created by this run. */
  completed: number;
  /** Checkouts whose payment is authorized but not captured (logged for the owner). */
  authorized: number;
  /** Checkouts that could not be settled this time (Razorpay or the database failed, or a payment did not match). */
  failed: number;
  /** The shop's refunds that waited too long for Razorpay's word and were settled by asking (decision 025). */
  refundsSettled: number;
  /** Coupon uses given back by checkouts that were not paid (decision 051). */
  couponsReleased: number;
}

export interface ReconcileResult extends ReconcileCounts {
  /** Where the next run goes on from (the last checkout asked about), or undefined to start again from the oldest. */
  next: string | undefined;
}

type Outcome = 'completed' | 'authorized' | 'unpaid' | 'failed';
type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * Pending checkouts with a Razorpay order and no shop order, created inside the window, oldest first (ids are UUIDv7,
 * in the order of creation), after the checkout `after`.
 */
function findCheckoutsToReconcile(
  ctx: CheckoutContext,
  window: { from: Date; to: Date },
  after: string | undefined,
  limit: number,
): Promise<CheckoutRow[]> {
  return ctx.db
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.status, 'pending'),
        isNotNull(checkouts.razorpayOrderId),
        gt(checkouts.createdAt, window.from),
        lte(checkouts.createdAt, window.to),
        after === undefined ? undefined : gt(checkouts.id, after),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(orders)
            .where(eq(orders.razorpayOrderId, checkouts.razorpayOrderId)),
        ),
      ),
    )
    .orderBy(asc(checkouts.id))
    .limit(limit);
}

/** Whether this payment pays this checkout: the checks of the browser's verification and of the webhook. */
function pays(payment: RazorpayPayment, checkout: CheckoutRow, razorpayOrderId: string): boolean {
  try {
    assertPaid(payment, checkout, razorpayOrderId);
    return true;
  } catch {
    return false;
  }
}

/** Asks Razorpay about one checkout's order and completes it when a payment for it was captured. */
async function reconcileCheckout(ctx: CheckoutContext, checkout: CheckoutRow, now: number): Promise<Outcome> {
  const razorpayOrderId = checkout.razorpayOrderId!;
  let payments: RazorpayPayment[];
  try {
    payments = (await ctx.razorpay.fetchOrderPayments(razorpayOrderId)).items;
  } catch (error) {
    // Razorpay down or refusing: the next run asks again.
    ctx.log.warn(
      { razorpayOrderId, reason: (error as Error).message },
      'reconciliation: Razorpay payments lookup failed',
    );
    return 'failed';
  }
  const captured = payments.filter((payment) => payment.status === 'captured');
  const payment = captured.find((candidate) => pays(candidate, checkout, razorpayOrderId));
  if (payment) {
    await createOrderFromPayment(ctx, checkout, payment, 'reconcile');
    return 'completed';
  }
  if (captured.length > 0) {
    // Money taken that the shop cannot match to what it priced: the owner looks at it in the Dashboard.
    ctx.log.error(
      { razorpayOrderId, paymentIds: captured.map((p) => p.id), amountPaise: checkout.amountPaise },
      'reconciliation: a captured payment does not match its checkout',
    );
    return 'failed';
  }
  const authorized = payments.find((candidate) => candidate.status === 'authorized');
  if (authorized) {
    // The shop never captures by hand: Razorpay refunds it to the buyer if it is not captured in time.
    ctx.log.warn(
      {
        razorpayOrderId,
        paymentId: authorized.id,
        amountPaise: authorized.amount,
        checkoutId: checkout.id,
      },
      'reconciliation: payment left authorized',
    );
    return 'authorized';
  }
  // Nobody paid: a coupon use the checkout holds goes back once the hold is old enough.
  if (checkout.couponId && checkout.createdAt.getTime() <= now - COUPON_HOLD_MS) {
    await releaseCouponHold(ctx.db, checkout.id);
  }
  return 'unpaid';
}

/**
 * Logs a failure of the sweep: a database outage is a passing condition (warn, without a stack, as the requests log
 * it), and the next run tries again; anything else is an error.
 */
function logFailure(log: CheckoutContext['log'], error: unknown, message: string, details = {}): void {
  if (isDatabaseUnavailable(error)) {
    log.warn({ ...details, reason: rootMessage(error) }, `${message}: database unavailable`);
  } else {
    log.error({ ...details, err: error }, message);
  }
}

/**
 * One sweep: asks Razorpay about up to `limit` checkouts still pending between 3 days and 10 minutes old, and
 * completes each one whose payment was captured; then settles the refunds still waiting for Razorpay's word. A checkout that fails (Razorpay down) is logged and left for the
 * next run; the others go on.
 */
export async function reconcilePayments(
  ctx: CheckoutContext,
  options: { now?: Date; after?: string; limit?: number; onCompleted?: () => void } = {},
): Promise<ReconcileResult> {
  const now = (options.now ?? new Date()).getTime();
  const limit = options.limit ?? RECONCILE_BATCH;
  const window = { from: new Date(now - RECONCILE_MAX_AGE_MS), to: new Date(now - RECONCILE_MIN_AGE_MS) };
  const due = await findCheckoutsToReconcile(ctx, window, options.after, limit);
  const counts: ReconcileCounts = {
    checked: due.length,
    completed: 0,
    authorized: 0,
    failed: 0,
    refundsSettled: 0,
    couponsReleased: 0,
  };
  await eachLimited(due, RECONCILE_CONCURRENCY, async (checkout) => {
    let outcome: Outcome;
    try {
      outcome = await reconcileCheckout(ctx, checkout, now);
    } catch (error) {
      logFailure(ctx.log, error, 'reconciliation: completing a paid checkout failed', {
        razorpayOrderId: checkout.razorpayOrderId,
      });
      outcome = 'failed';
    }
    if (outcome !== 'unpaid') counts[outcome] += 1;
    // Told as each order is created, not when the run ends: the books' public answers show the copies it took.
    if (outcome === 'completed') options.onCompleted?.();
  });
  counts.refundsSettled = await settleRefundsNobodyReported(ctx, now);
  // Uses held by checkouts that failed, never reached Razorpay, or are past the sweep's window.
  counts.couponsReleased = await releaseAbandonedCouponHolds(
    ctx.db,
    new Date(now - COUPON_HOLD_MS),
    new Date(now - RECONCILE_MAX_AGE_MS),
  );
  // A full batch goes on after its last checkout next time; a short one has reached the newest, so start over.
  return { ...counts, next: due.length === limit ? due.at(-1)?.id : undefined };
}

/** A sweep by one server at a time (`oneServerAtATime`): 'skipped' while another server sweeps. */
export async function reconcileOnce(
  ctx: CheckoutContext,
  databaseKind: DatabaseKind,
  options: { now?: Date; after?: string; onCompleted?: () => void } = {},
): Promise<ReconcileResult | 'skipped'> {
  return oneServerAtATime(ctx.db, databaseKind, RECONCILE_LOCK_KEY, () => reconcilePayments(ctx, options));
}

/**
 * Sweeps every `intervalMs` while the server runs (`repeatWhileRunning`: runs never overlap, stopping the server
 * waits for a run under way). `onOrdersCreated` is told as a run creates each order (its
 * copies left the stock, which the public book answers show).
 */
export function startReconciliation(
  app: FastifyInstance,
  intervalMs: number,
  hooks: { onOrdersCreated?: () => void } = {},
): void {
  const ctx = checkoutContextOf(app);
  let after: string | undefined;

  // The first run once every route is ready: the sandbox, when it plays Razorpay, answers through them.
  repeatWhileRunning(app, { intervalMs, firstDelayMs: FIRST_RUN_DELAY_MS }, async () => {
    try {
      const result = await reconcileOnce(ctx, app.database.kind, {
        after,
        onCompleted: hooks.onOrdersCreated,
      });
      if (result === 'skipped') {
        app.log.debug('reconciliation: another server is sweeping');
        return;
      }
      after = result.next;
      const { checked, completed, authorized, failed, refundsSettled, couponsReleased } = result;
      if (checked > 0 || refundsSettled > 0 || couponsReleased > 0) {
        app.log.info(
          { checked, completed, authorized, failed, refundsSettled, couponsReleased },
          'payments reconciled',
        );
      } else {
        app.log.debug('reconciliation: nothing due');
      }
    } catch (error) {
      logFailure(app.log, error, 'reconciliation failed');
    }
  });
}
