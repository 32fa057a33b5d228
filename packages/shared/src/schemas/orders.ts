import { z } from 'zod';
import {
  FULFILLMENT_STATUSES,
  MIN_REFUND,
  ORDER_STATUSES,
  REFUND_STATUSES,
  SHIPPING_PROVIDERS,
} from '../constants';
import { REFUND_MESSAGES } from '../messages';
import { isCalendarDate } from '../dates';
import { postalAddressSchema } from './auth';
import { refundLinesSchema } from './returns';
import { idSchema, isoDateTime } from './common';
import { orderMoneySchema, orderPaymentFields } from './order-payment';

export const orderItemSchema = z.object({
  _id: idSchema,
  /** The book's id while the book exists. */
  bookId: z.string().nullable(),
  name: z.string(),
  author: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  images: z.array(z.string()),
  selectedLanguage: z.string().optional(),
  /** Copies refunded so far (refunds by item and approved returns). */
  refundedQuantity: z.number().int().optional(),
  book: z.object({ _id: z.string().nullable(), name: z.string(), price: z.number() }),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const shippingAddressSchema = postalAddressSchema.extend({ addressType: z.string().optional() });

/** A refund of (part of) an order's payment; money in rupees. */
export const orderRefundSchema = z.object({
  _id: idSchema,
  amount: z.number(),
  status: z.enum(REFUND_STATUSES),
  /** Razorpay's refund id (`rfnd_…`); null for a moment while Razorpay is being asked. */
  razorpayRefundId: z.string().nullable(),
  reason: z.string(),
  /** Made by cancelling the order. */
  cancellation: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

export const orderSchema = z.object({
  _id: idSchema,
  orderNumber: z.string(),
  txnId: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The total paid, in rupees. */
  amount: z.number(),
  subtotal: z.number(),
  shipping: z.number(),
  /** Paid for after its book ran out: the owner ships it later or refunds it. */
  backordered: z.boolean(),
  /** Rupees refunded or being refunded (failed refunds left out); net revenue is `amount - refundedAmount`. */
  refundedAmount: z.number(),
  /** Oldest first. */
  refunds: z.array(orderRefundSchema),
  cancellation: z.object({ reason: z.string(), cancelledAt: isoDateTime }).nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  items: z.array(orderItemSchema),
  contactDetails: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  shippingAddress: shippingAddressSchema,
  fulfillment: z.object({
    trackingNumber: z.string().nullable(),
    shippingProvider: z.enum(SHIPPING_PROVIDERS).nullable(),
    trackingUrl: z.string().nullable(),
    estimatedDelivery: z.string().nullable(),
    notes: z.string().nullable(),
    shippedAt: isoDateTime.nullable(),
    deliveredAt: isoDateTime.nullable(),
  }),
  ...orderPaymentFields,
  /** The order's money in one summary, computed by the server: what every screen, mail and file shows. */
  money: orderMoneySchema,
});
export type Order = z.infer<typeof orderSchema>;

/** `?page=` of the customer's own orders. */
export const userOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** `/orders/{userId}/{orderId}`: one of a customer's own orders. */
export const userOrderParamsSchema = z.object({ userId: idSchema, orderId: idSchema });

/**
 * What is wrong with a date an order may carry (YYYY-MM-DD), if anything. Years outside 1900-2999 are slips of
 * the keyboard, and some (year 0, the day after 9999-12-31) do not exist for the database.
 */
function dateProblem(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Dates look like 2026-11-22';
  if (!isCalendarDate(value)) return 'Not a real date';
  if (value < '1900-01-01' || value > '2999-12-31') return 'Dates run from 1900 to 2999';
  return undefined;
}

/** One message per bad date, and that date's own (not 'Invalid input') inside the unions below. */
const dateOnly = z.string().superRefine((value, ctx) => {
  const problem = dateProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The desk's view of guests' cash-on-delivery orders waiting to be sent. */
export const ADMIN_ORDERS_GUEST_COD_VIEW = 'guest-cod';

/**
 * The admin list and export filters: status ('all' or empty for every status), a date range (India time), and
 * `view=guest-cod`: guests' cash-on-delivery orders waiting to be sent (docs/decisions/074), which the desk confirms
 * or cancels.
 */
export const adminOrdersFilterSchema = z.object({
  status: z.union([z.enum(ORDER_STATUSES), z.literal('all'), z.literal('')]).optional(),
  view: z.union([z.literal(ADMIN_ORDERS_GUEST_COD_VIEW), z.literal('')]).optional(),
  startDate: z.union([dateOnly, z.literal('')]).optional(),
  endDate: z.union([dateOnly, z.literal('')]).optional(),
});
/** The most the desk's search box sends: longer than any order number, name, email or phone. */
export const ORDER_SEARCH_MAX = 100;

/**
 * Part of an order number, customer name, email or phone, across every order (case-insensitive; `%` and `_` match
 * themselves). Empty or blank is no search.
 */
const orderSearch = z
  .string()
  .trim()
  .max(ORDER_SEARCH_MAX, `Search for at most ${ORDER_SEARCH_MAX} characters`)
  .optional()
  .transform((value) => value || undefined);

/** The export: the desk's filters and its search, so that the file holds the orders the desk shows. */
export const adminOrdersExportQuerySchema = adminOrdersFilterSchema.extend({ search: orderSearch });

export const adminOrdersQuerySchema = adminOrdersExportQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

export const orderStatusBodySchema = z.object({
  status: z.enum(FULFILLMENT_STATUSES, { error: 'Status must be pending, shipped, delivered or RTO' }),
});

/** A field the admin may set, or clear with an empty string or null. */
const clearable = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([schema, z.literal(''), z.null()])
    .optional()
    .transform((value): z.output<T> | null | undefined =>
      value === '' ? null : (value as z.output<T> | null | undefined),
    );

export const fulfillmentBodySchema = z
  .object({
    status: z
      .enum(FULFILLMENT_STATUSES, { error: 'Status must be pending, shipped, delivered or RTO' })
      .optional(),
    trackingNumber: clearable(z.string().trim().min(1).max(100)),
    shippingProvider: clearable(
      z.enum(SHIPPING_PROVIDERS, { error: 'Choose a shipping provider from the list' }),
    ),
    trackingUrl: clearable(
      z
        .string()
        .trim()
        .max(500)
        .url('The tracking URL must be a web address')
        .refine(
          (value) => /^https?:\/\//i.test(value),
          'The tracking URL must start with http:// or https://',
        ),
    ),
    estimatedDelivery: clearable(dateOnly),
    notes: clearable(z.string().trim().max(2000)),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send a status or at least one fulfillment field',
  });
export type FulfillmentBody = z.input<typeof fulfillmentBodySchema>;

export const orderStatsSchema = z.object({
  totalOrders: z.number().int(),
  /** Net of refunds: what was paid less what was refunded (RTO orders left out). */
  totalRevenue: z.number(),
  ordersByStatus: z.object({
    pending: z.number().int(),
    shipped: z.number().int(),
    delivered: z.number().int(),
    RTO: z.number().int(),
    cancelled: z.number().int(),
  }),
  /** Revenue (net of refunds) per day of the order (India time) over the last 30 days, oldest first. */
  revenueByDay: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
});
export type OrderStats = z.infer<typeof orderStatsSchema>;

export const adminOrdersPaginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalOrders: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});
export type AdminOrdersPagination = z.infer<typeof adminOrdersPaginationSchema>;

const refundReason = z
  .string({ error: REFUND_MESSAGES.reasonRequired })
  .trim()
  .min(1, REFUND_MESSAGES.reasonRequired)
  .max(500, REFUND_MESSAGES.reasonTooLong);

/** `POST /orders/admin/{id}/refunds`: an amount in rupees (default: all that is not refunded yet) and a reason. */
export const refundBodySchema = z.object({
  amount: z
    .number({ error: REFUND_MESSAGES.amountInvalid })
    .finite(REFUND_MESSAGES.amountInvalid)
    .min(MIN_REFUND, REFUND_MESSAGES.amountTooSmall)
    .max(10_00_00_000, REFUND_MESSAGES.amountInvalid)
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), REFUND_MESSAGES.amountInvalid)
    .optional(),
  reason: refundReason,
  /** A refund by items (docs/decisions/055): the server computes the amount from them; no `amount` then. */
  items: refundLinesSchema.optional(),
});
export type RefundBody = z.input<typeof refundBodySchema>;

/** `POST /orders/admin/{id}/cancel`. */
export const cancelOrderBodySchema = z.object({ reason: refundReason });
export type CancelOrderBody = z.input<typeof cancelOrderBodySchema>;

/** The most orders one bulk cancellation names: a page of the desk's list, ten times over. */
export const BULK_CANCEL_MAX = 100;

/** Guests' cash-on-delivery orders waiting to be sent, cancelled together from the desk (docs/decisions/074). */
export const cancelGuestCodOrdersBodySchema = z.object({
  ids: z
    .array(z.string().uuid('Order ids are UUIDs'))
    .min(1, 'Choose at least one order')
    .max(BULK_CANCEL_MAX, `Cancel at most ${BULK_CANCEL_MAX} orders at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'Name each order once'),
  reason: refundReason,
});
export type CancelGuestCodOrdersBody = z.input<typeof cancelGuestCodOrdersBodySchema>;
