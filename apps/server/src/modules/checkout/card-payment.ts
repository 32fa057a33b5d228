import { CURRENCY } from '@scholar/shared';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound, serviceUnavailable } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { releaseCouponHold } from '../coupons/coupons.service';
import type { CheckoutContext, CheckoutRow } from './checkout-context';
import {
  findCheckoutByRazorpayOrder,
  setCheckoutRazorpayOrder,
  setCheckoutStatus,
} from './checkout.repository';
import { AMOUNT_NOT_ACCEPTED, isAmountRefused, isProviderUnavailable } from './provider-errors';

const PROVIDER_UNAVAILABLE =
  'The payment service is not answering right now. Nothing was charged; please try again in a moment.';

/** The checkout will never be paid: it fails, and gives back the coupon use it held. */
async function failCheckout(ctx: CheckoutContext, checkout: CheckoutRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await setCheckoutStatus(tx, checkout.id, 'failed');
    await releaseCouponHold(tx, checkout.id);
  });
}

/** Razorpay's refusal of an order, as the buyer is told it: the amount, the provider away, or a fault (502). */
function refusalOf(ctx: CheckoutContext, checkout: CheckoutRow, error: unknown): Error {
  if (isAmountRefused(error)) {
    ctx.log.warn(
      { checkoutId: checkout.id, amountPaise: checkout.amountPaise, reason: (error as Error).message },
      'Razorpay refused the amount of a checkout',
    );
    return badRequest(AMOUNT_NOT_ACCEPTED, 'AMOUNT_NOT_ACCEPTED');
  }
  if (isProviderUnavailable(error)) return serviceUnavailable(PROVIDER_UNAVAILABLE, error);
  ctx.log.error({ err: error, checkoutId: checkout.id }, 'Razorpay order creation failed');
  return new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'Failed to create payment order');
}

/**
 * Step 1, second half: the checkout's Razorpay order, for a card payment. A checkout keeps the first Razorpay order
 * recorded for it: asked twice (a retry with the same Idempotency-Key while the first was still at Razorpay), both
 * answer that one, and the other Razorpay order is never shown to anyone, so it is never paid.
 */
export async function openRazorpayOrder(ctx: CheckoutContext, checkout: CheckoutRow) {
  const answer = (orderId: string) => ({
    success: true as const,
    orderId,
    amount: checkout.amountPaise,
    currency: CURRENCY as 'INR',
    key: ctx.config.razorpay.keyId,
  });
  if (checkout.razorpayOrderId) return answer(checkout.razorpayOrderId);
  let razorpayOrderId: string;
  try {
    const order = await ctx.razorpay.createOrder({
      amount: checkout.amountPaise,
      currency: CURRENCY,
      receipt: checkout.id,
      notes: { checkoutId: checkout.id },
    });
    razorpayOrderId = order.id;
  } catch (error) {
    await failCheckout(ctx, checkout);
    throw refusalOf(ctx, checkout, error);
  }
  return answer(await setCheckoutRazorpayOrder(ctx.db, checkout.id, razorpayOrderId));
}

/**
 * The payment window was closed or the payment failed (docs/decisions/073): the coupon's use the unpaid checkout of
 * this Razorpay order holds goes back at once. Only its buyer may: a signed-in buyer's checkout is theirs alone, a
 * guest's is named by its Razorpay order, which only they were given; anyone else is told there is no such
 * checkout. A payment that comes after all still makes its order, which takes the use again (`keepCouponUse`).
 */
export async function releaseUnpaidCheckout(
  db: Db,
  caller: AuthUser | null,
  razorpayOrderId: string,
): Promise<boolean> {
  const checkout = await findCheckoutByRazorpayOrder(db, razorpayOrderId);
  if (!checkout || (checkout.userId !== null && checkout.userId !== caller?.id)) {
    throw notFound('Checkout not found', 'CHECKOUT_NOT_FOUND');
  }
  return checkout.status === 'pending' && (await releaseCouponHold(db, checkout.id));
}
