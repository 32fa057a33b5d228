import { z } from 'zod';
import { ORDER_STATUSES, SHIPPING_PROVIDERS } from '../constants';
import { shippingAddressSchema } from './orders';
import { isoDateTime } from './common';
import { orderMoneySchema } from './order-payment';

/**
 * Orders without an account (docs/decisions/054): "Track your order" by the order number and the email or phone
 * used, the signed link in every mail about an order, and the email proof that attaches a guest's orders to the
 * account of the same email.
 */

/** The messages the server answers these routes with (the web app says its own, in the reader's language). */
export const TRACK_MESSAGES = {
  notFound:
    'We could not find an order with that number and email or phone. Please check both and try again.',
  tooMany: 'You have looked up orders several times in a short time. Please wait 15 minutes and try again.',
  badLink:
    'This tracking link is not valid. Please look up your order with its number and your email or phone.',
  verifyUsed: 'This confirmation link has already been used. Your email may already be confirmed.',
  verifyExpired: 'This confirmation link has expired. Sign in and ask for a new one from your dashboard.',
  verifyInvalid: 'This confirmation link is not valid. Sign in and ask for a new one from your dashboard.',
  verifySent: 'We have sent a new confirmation link to your email.',
  verifyTooMany: 'You have asked for several links in a short time. Please wait an hour and try again.',
  verified: 'Your email is confirmed.',
  alreadyVerified: 'Your email is already confirmed.',
} as const;

/** An order number as the reader may type it: trimmed, any case (`ord-20261122-7kq3zp`). */
const typedOrderNumber = z
  .string()
  .trim()
  .min(1, 'Enter your order number')
  .max(40, 'An order number is shorter')
  .transform((value) => value.toUpperCase());

/** "Track your order": the order number and the email or phone given at checkout (the phone in any form). */
export const trackOrderBodySchema = z.object({
  orderNumber: typedOrderNumber,
  contact: z.string().trim().min(1, 'Enter the email or phone used for the order').max(254),
});
export type TrackOrderBody = z.input<typeof trackOrderBodySchema>;

/** `/orders/track/{orderNumber}?t=…`: the signed link of the mails. */
export const trackLinkParamsSchema = z.object({ orderNumber: typedOrderNumber });
export const trackLinkQuerySchema = z.object({ t: z.string().min(1).max(200) });

/**
 * An order as the tracking page shows it: items, amounts, status and delivery. A lookup by number and email or
 * phone shows only where it goes (`destination`: city, state and pincode); the signed link also shows the full
 * address and the name (`shippingAddress`, `name`), as the link was mailed to the buyer.
 */
export const trackedOrderSchema = z.object({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: isoDateTime,
  amount: z.number(),
  subtotal: z.number(),
  shipping: z.number(),
  refundedAmount: z.number(),
  /** The order's money in one summary (`orderMoneySchema`), as every other screen shows it. */
  money: orderMoneySchema,
  backordered: z.boolean(),
  items: z.array(
    z.object({
      /** The item's id and its copies refunded: what a return request through the signed link names. */
      _id: z.string().optional(),
      refundedQuantity: z.number().int().optional(),
      name: z.string(),
      author: z.string(),
      price: z.number(),
      quantity: z.number().int(),
      image: z.string().nullable(),
      selectedLanguage: z.string().optional(),
    }),
  ),
  fulfillment: z.object({
    shippingProvider: z.enum(SHIPPING_PROVIDERS).nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    estimatedDelivery: z.string().nullable(),
    shippedAt: isoDateTime.nullable(),
    deliveredAt: isoDateTime.nullable(),
  }),
  cancelledAt: isoDateTime.nullable(),
  destination: z.object({ city: z.string(), state: z.string(), pincode: z.string() }),
  /** Only through the signed link. */
  name: z.string().nullable(),
  shippingAddress: shippingAddressSchema.nullable(),
});
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;

/** The link of the verification mail: `/verify-email?token=…`, confirmed by a POST (mail scanners open links). */
export const verifyEmailBodySchema = z.object({ token: z.string().trim().min(16).max(200) });
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;

/** The answer of a confirmation: how many orders placed as a guest came to the account. */
export const emailVerifiedSchema = z.object({ attachedOrders: z.number().int() });
export type EmailVerified = z.infer<typeof emailVerifiedSchema>;

/** Whether the signed-in user has confirmed their email (the dashboard asks while they have not). */
export const emailProofStateSchema = z.object({ verified: z.boolean(), email: z.string() });
export type EmailProofState = z.infer<typeof emailProofStateSchema>;
