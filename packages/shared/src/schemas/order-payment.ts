import { z } from 'zod';
import { fromPaise, toPaise } from '../money';
import { isoDateTime } from './common';
import { PAYMENT_METHODS, type PaymentMethod } from './coupons';

/**
 * How an order is paid and what a coupon took off (docs/decisions/051), in rupees. Optional, so that an order kept
 * before they existed (a stored success page) still reads: absent means card, no coupon, no fee.
 */
export const orderPaymentFields = {
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  couponCode: z.string().nullable().optional(),
  /** Rupees the coupon took off the subtotal. */
  discount: z.number().optional(),
  /** The cash-on-delivery fee, part of the amount. */
  codFee: z.number().optional(),
  /** When the courier's cash reached the shop (cash on delivery only). */
  codCollectedAt: isoDateTime.nullable().optional(),
};

/**
 * Where the money of an order stands (docs/decisions/058):
 * - a card order is `paid`, then `partly_refunded` or `refunded`;
 * - a cash-on-delivery order is `cod_due` (the courier collects it), then `cod_collected` (and from then on it may
 *   be refunded, `partly_refunded` or `refunded`), or `cod_void` when it was cancelled or came back (RTO) before
 *   any cash was taken: nothing is owed either way.
 */
export const MONEY_STATES = [
  'paid',
  'partly_refunded',
  'refunded',
  'cod_due',
  'cod_collected',
  'cod_void',
] as const;
export type MoneyState = (typeof MONEY_STATES)[number];

/**
 * One order's money, computed once by the server (`orderMoneyOf`) and carried by every answer that shows an order:
 * the lines' subtotal, delivery, the coupon's discount, the cash-on-delivery fee, the total (what was charged or is
 * to be collected), and what was received, refunded and is still due. Rupees.
 */
export const orderMoneySchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  subtotal: z.number(),
  delivery: z.number(),
  couponCode: z.string().nullable(),
  discount: z.number(),
  codFee: z.number(),
  /** subtotal + delivery − discount + fee: the order's amount. */
  total: z.number(),
  /** Money received: a card order's total; a cash-on-delivery order's once the courier's cash reached the shop. */
  paid: z.number(),
  /** Refunded or being refunded (failed refunds left out). */
  refunded: z.number(),
  /** paid − refunded: what the shop keeps, and the most that can still be refunded. */
  net: z.number(),
  /** What the courier is still to collect in cash (cash on delivery, not collected, still on its way). */
  due: z.number(),
  state: z.enum(MONEY_STATES),
});
export type OrderMoney = z.infer<typeof orderMoneySchema>;

/** The stored figures an order's money is computed from (paise, as the database keeps them). */
export interface OrderMoneyInput {
  paymentMethod: PaymentMethod;
  status: string;
  subtotalPaise: number;
  shippingPaise: number;
  discountPaise: number;
  codFeePaise: number;
  couponCode: string | null;
  amountPaise: number;
  refundedPaise: number;
  codCollected: boolean;
}

/** An order's money (`orderMoneySchema`), computed in paise so that no paisa drifts. */
export function orderMoneyOf(order: OrderMoneyInput): OrderMoney {
  const cod = order.paymentMethod === 'cod';
  const paidPaise = !cod || order.codCollected ? order.amountPaise : 0;
  const open = order.status !== 'cancelled' && order.status !== 'RTO';
  const duePaise = cod && !order.codCollected && open ? order.amountPaise : 0;
  const refundedPaise = Math.min(order.refundedPaise, paidPaise);
  const state: MoneyState =
    cod && !order.codCollected
      ? open
        ? 'cod_due'
        : 'cod_void'
      : refundedPaise === 0
        ? cod
          ? 'cod_collected'
          : 'paid'
        : refundedPaise >= paidPaise
          ? 'refunded'
          : 'partly_refunded';
  return {
    method: order.paymentMethod,
    subtotal: fromPaise(order.subtotalPaise),
    delivery: fromPaise(order.shippingPaise),
    couponCode: order.discountPaise > 0 ? order.couponCode : null,
    discount: fromPaise(order.discountPaise),
    codFee: fromPaise(order.codFeePaise),
    total: fromPaise(order.amountPaise),
    paid: fromPaise(paidPaise),
    refunded: fromPaise(refundedPaise),
    net: fromPaise(paidPaise - refundedPaise),
    due: fromPaise(duePaise),
    state,
  };
}

/**
 * The money of a checkout not placed yet, as the checkout page shows it: the same summary as its order will carry
 * (`orderMoneyOf`), from the server's answers (the cart's current prices, the delivery quote, the coupon's check,
 * the site's fee), nothing received yet. Rupees in.
 */
export function checkoutMoneyOf(checkout: {
  paymentMethod: PaymentMethod;
  subtotal: number;
  delivery: number;
  couponCode?: string | null | undefined;
  discount?: number | undefined;
  codFee?: number | undefined;
}): OrderMoney {
  const subtotalPaise = toPaise(checkout.subtotal);
  const shippingPaise = toPaise(checkout.delivery);
  const discountPaise = Math.min(toPaise(checkout.discount ?? 0), subtotalPaise);
  const codFeePaise = checkout.paymentMethod === 'cod' ? toPaise(checkout.codFee ?? 0) : 0;
  const money = orderMoneyOf({
    paymentMethod: checkout.paymentMethod,
    status: 'pending',
    subtotalPaise,
    shippingPaise,
    discountPaise,
    codFeePaise,
    couponCode: checkout.couponCode ?? null,
    amountPaise: subtotalPaise + shippingPaise - discountPaise + codFeePaise,
    refundedPaise: 0,
    codCollected: false,
  });
  // Nothing is received before the order is placed, whatever the way of paying.
  return { ...money, paid: 0, net: 0 };
}
