import { z } from 'zod';
import { idSchema, isoDateTime } from './common';

/**
 * Coupons and cash on delivery (docs/decisions/051). A coupon takes a percentage or a fixed amount off the
 * subtotal; the discount is worked out by the server only. Money is in rupees here, paise in the database.
 */

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const PAYMENT_METHODS = ['card', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const COUPON_CODE_MAX = 40;

/** What the checkout and the desk say about coupons and cash on delivery. */
export const COUPON_MESSAGES = {
  invalidCode: 'Coupon codes are letters, digits, - and _ only',
  notFound: 'This coupon code is not valid',
  inactive: 'This coupon is no longer valid',
  notYetValid: 'This coupon is not valid yet',
  expired: 'This coupon has expired',
  usedUp: 'This coupon has been used up',
  alreadyUsed: 'You have already used this coupon',
  holdLimitEmail:
    'A payment you opened already holds this coupon. Finish or close it, or try again in a few minutes.',
  holdLimitAddress:
    'Payments opened from this connection already hold this coupon. Finish or close them, or try again in a few minutes.',
  percentRange: 'A percentage is from 1 to 100',
  valueRequired: 'Please enter how much the coupon takes off',
  datesOrder: 'The end must be after the start',
  codeTaken: 'A coupon with this code already exists',
  created: 'Coupon created',
  saved: 'Coupon saved',
  deactivated: 'Coupon deactivated',
  codUnavailable: 'Cash on delivery is not available for this order',
  codOff: 'Cash on delivery is not offered right now',
  codOverLimit: (limit: string) => `Cash on delivery is available for orders up to ${limit}`,
  codGuestOpenOrders:
    'This email or phone number already has cash-on-delivery orders waiting to be sent. Please pay by card, or sign in.',
  codGuestCopies: (book: string) =>
    `Cash on delivery without an account is not available for more copies of ${book} just now. Please pay by card, or sign in.`,
  codRefund:
    'A cash-on-delivery order cannot be refunded to a card: return the money by hand (bank transfer or cash).',
  codCollectRefused:
    'Cash can be marked collected only for a cash-on-delivery order that is shipped or delivered',
  codCollected: 'Cash collected',
} as const;

export const minimumOrderMessage = (amount: string) => `This coupon needs an order of at least ${amount}`;

/** A code as typed: spaces around it dropped, upper-cased. */
export const couponCodeSchema = z
  .string()
  .trim()
  .min(1, COUPON_MESSAGES.notFound)
  .max(COUPON_CODE_MAX, COUPON_MESSAGES.notFound)
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_-]+$/, COUPON_MESSAGES.invalidCode));

/** A coupon as the desk sees it. `value` is a percentage (percent) or rupees (fixed). */
export const couponSchema = z.object({
  _id: idSchema,
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  minOrder: z.number(),
  startsAt: isoDateTime.nullable(),
  endsAt: isoDateTime.nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  /** Uses held by open checkouts and kept by orders. */
  used: z.number().int(),
  active: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Coupon = z.infer<typeof couponSchema>;

const optionalLimit = z
  .union([z.number().int().min(1).max(1_000_000), z.null()])
  .optional()
  .transform((value) => value ?? null);

const optionalInstant = z
  .union([z.iso.datetime({ offset: true }), z.literal(''), z.null()])
  .optional()
  .transform((value) => (value ? value : null));

/** What the desk sends to create or change a coupon. */
export const couponBodySchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(COUPON_KINDS),
    value: z
      .number({ error: COUPON_MESSAGES.valueRequired })
      .positive(COUPON_MESSAGES.valueRequired)
      .max(1_000_000),
    minOrder: z.number().min(0).max(10_000_000).default(0),
    startsAt: optionalInstant,
    endsAt: optionalInstant,
    maxUses: optionalLimit,
    maxUsesPerCustomer: optionalLimit,
    active: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'percent' && (!Number.isInteger(body.value) || body.value > 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: COUPON_MESSAGES.percentRange });
    }
    if (body.startsAt && body.endsAt && Date.parse(body.endsAt) <= Date.parse(body.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: COUPON_MESSAGES.datesOrder });
    }
  });
export type CouponBody = z.input<typeof couponBodySchema>;

export const couponParamsSchema = z.object({ id: idSchema });

/** What the checkout learns of a code before paying: the discount on these lines, or the reason there is none. */
export const couponPreviewSchema = z.object({
  code: z.string(),
  /** Rupees off the subtotal. */
  discount: z.number(),
  subtotal: z.number(),
});
export type CouponPreview = z.infer<typeof couponPreviewSchema>;

/** The site's cash-on-delivery settings as the checkout reads them (rupees). */
export interface CodSettings {
  codEnabled: boolean;
  codMaxOrder: number;
  codFee: number;
}
