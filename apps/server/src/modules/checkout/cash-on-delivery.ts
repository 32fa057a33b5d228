import type { CodSettings, CreatePaymentOrderBody, Locale, Order, OrderReceipt } from '@scholar/shared';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { toOrderReceipt } from '../orders/orders.service';
import type { CheckoutContext } from './checkout-context';
import { assertGuestCodAllowed } from './guest-cod';
import { openCheckout } from './open-checkout';
import { confirmCodOrder, createCodOrder } from './order-from-payment';

/**
 * `POST /payments/cod-order`: a cash-on-delivery order, placed without Razorpay. The checkout is opened and its order
 * made in one transaction (`db`: the Idempotency-Key's, when there is one), with the stock taken as a paid order
 * takes it; the confirmation mail goes once `afterCommit` is called. Answers the whole order to the buyer's session,
 * else its receipt, as the card payment's verification does.
 */
export async function placeCodOrder(
  ctx: Pick<CheckoutContext, 'log'>,
  db: Db,
  caller: AuthUser | null,
  body: CreatePaymentOrderBody,
  locale: Locale,
  cod: CodSettings,
): Promise<{ order: Order | OrderReceipt; full: Order; locale: Locale }> {
  // One transaction (a savepoint within the Idempotency-Key's): a guest's order is checked against the limits of
  // cash on delivery without an account (guest-cod.ts) under a lock held until its stock is taken; refused, the
  // checkout goes back with it.
  const made = await db.transaction(async (tx) => {
    const checkout = await openCheckout(tx, caller, body, locale, { paymentMethod: 'cod', cod });
    if (caller === null) await assertGuestCodAllowed(tx, body);
    return { checkout, ...(await createCodOrder(tx, ctx.log, checkout)) };
  });
  const { checkout } = made;
  const owner = caller !== null && caller.id === checkout.userId;
  return { order: owner ? made.order : toOrderReceipt(made.order), full: made.order, locale: made.locale };
}

/** The confirmation of a cash-on-delivery order once it committed. */
export function confirmCashOnDelivery(ctx: CheckoutContext, order: Order, locale: Locale): void {
  confirmCodOrder(ctx, order, locale);
}
