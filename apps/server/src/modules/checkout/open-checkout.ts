import {
  COUPON_MESSAGES,
  couponCodeSchema,
  CURRENCY,
  formatMoney,
  isStaffRole,
  PAYMENT_MESSAGES,
  toPaise,
  type CodSettings,
  type CreatePaymentOrderBody,
  type Locale,
  type PaymentMethod,
} from '@scholar/shared';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordHold, takeCouponHold } from '../coupons/coupons.service';
import { deliveryForCheckout } from '../delivery/delivery.service';
import { priceCart } from '../pricing/pricing.service';
import { buyer } from './buyer';
import type { CheckoutRow } from './checkout-context';
import { findCheckout, insertCheckout } from './checkout.repository';

/** How a checkout is paid, and the site's cash-on-delivery terms (rupees) when it is cash on delivery. */
export interface CheckoutTerms {
  paymentMethod: PaymentMethod;
  cod?: CodSettings;
  now?: Date;
  /** The buyer's client address, which a coupon's hold is counted against (docs/decisions/073). */
  clientAddress?: string;
}

/**
 * Cash on delivery is offered when the owner turned it on, for an order total (before its fee) within the limit,
 * to a delivery zone that takes it.
 */
function assertCodAllowed(cod: CodSettings | undefined, totalPaise: number, zoneTakesCod: boolean): void {
  if (!cod?.codEnabled) throw badRequest(COUPON_MESSAGES.codOff, 'COD_OFF');
  if (totalPaise > toPaise(cod.codMaxOrder)) {
    throw badRequest(COUPON_MESSAGES.codOverLimit(formatMoney(cod.codMaxOrder)), 'COD_OVER_LIMIT');
  }
  if (!zoneTakesCod) throw badRequest(COUPON_MESSAGES.codUnavailable, 'COD_NOT_IN_ZONE');
}

/**
 * Step 1: price the cart and remember the checkout (`openCheckout`), then open a Razorpay order for the amount in
 * paise (`openRazorpayOrder`, card-payment.ts), or make the cash-on-delivery order at once (`placeCodOrder`,
 * cash-on-delivery.ts). This half runs in the caller's transaction, if any. The checkout keeps the language of the
 * page it began on, which its order takes. A coupon's use is held here, in the same transaction (coupons.service:
 * `takeCouponHold`, `recordHold`).
 */
export async function openCheckout(
  db: Db,
  caller: AuthUser | null,
  body: CreatePaymentOrderBody,
  locale: Locale,
  terms: CheckoutTerms = { paymentMethod: 'card' },
) {
  if (isStaffRole(caller?.role)) throw forbidden('Admins cannot place orders', 'ADMIN_NO_CART');
  if (body.paymentMethod === 'cod' && terms.paymentMethod !== 'cod') {
    throw badRequest('A cash-on-delivery order is placed without a card payment', 'USE_COD_ORDER');
  }
  const cart = await priceCart(db, body.cartItems);
  const who = await buyer(db, caller, body);
  // Shipping by the delivery zone of the address's pincode; one not served is refused before any payment.
  const priced = await deliveryForCheckout(db, who.address.pincode, cart);
  const cod = terms.paymentMethod === 'cod';
  const codFeePaise = cod ? toPaise(terms.cod?.codFee ?? 0) : 0;
  const couponCode = body.couponCode ? couponCodeSchema.parse(body.couponCode) : undefined;
  const expect = (amountPaise: number) => {
    if (body.expectedTotal !== undefined && toPaise(body.expectedTotal) !== amountPaise) {
      throw conflict(PAYMENT_MESSAGES.priceChanged, 'PRICE_CHANGED');
    }
  };
  if (!couponCode) expect(priced.amountPaise + codFeePaise);
  // A savepoint inside the caller's transaction: a refusal below gives the coupon's use back with it.
  return db.transaction(async (tx) => {
    const hold = couponCode
      ? await takeCouponHold(
          tx,
          couponCode,
          priced.subtotalPaise,
          who.contact.email,
          terms.now,
          terms.clientAddress ?? null,
        )
      : undefined;
    const discountPaise = hold?.discountPaise ?? 0;
    const beforeFee = priced.amountPaise - discountPaise;
    if (cod) assertCodAllowed(terms.cod, beforeFee, priced.codAvailable);
    const amountPaise = beforeFee + codFeePaise;
    expect(amountPaise);
    const checkout = await insertCheckout(tx, {
      id: uuidv7(),
      userId: who.userId,
      contact: who.contact,
      shippingAddress: who.address,
      lines: priced.lines,
      subtotalPaise: priced.subtotalPaise,
      shippingPaise: priced.shippingPaise,
      amountPaise,
      ...priced.delivery,
      currency: CURRENCY,
      locale,
      paymentMethod: terms.paymentMethod,
      couponId: hold?.couponId ?? null,
      couponCode: hold?.code ?? null,
      discountPaise,
      codFeePaise,
    });
    if (hold) await recordHold(tx, hold, checkout.id);
    return checkout;
  });
}

/** A checkout still waiting for its Razorpay order or its payment (a retry of step 1 carries on with it). */
export async function findOpenCheckout(db: Db, id: string): Promise<CheckoutRow | undefined> {
  const checkout = await findCheckout(db, id);
  return checkout?.status === 'pending' ? checkout : undefined;
}
