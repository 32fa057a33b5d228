import { z } from 'zod';
import { isoDateTime } from './common';
import { PAYMENT_METHODS } from './coupons';

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
