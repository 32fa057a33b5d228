import { z } from 'zod';
import { ORDER_STATUSES, REFUND_STATUSES, RETURN_REASON_MAX } from '../constants';
import { idSchema, isoDateTime } from './common';

/** The answers about returns, cancellations asked by the customer and refunds by item. */
export const RETURN_MESSAGES = {
  reasonRequired: 'Please tell us why',
  reasonTooLong: `Keep the reason under ${RETURN_REASON_MAX} characters`,
  itemsRequired: 'Choose at least one book and how many copies',
  quantityInvalid: 'Choose a whole number of copies',
  unknownItem: 'That book is not part of this order',
  tooManyCopies: 'More copies than are left to refund of this book',
  notRequested: 'That book was not part of the request, or not that many copies',
  cancelNotPending: 'Only an order that has not been shipped yet can be cancelled',
  returnNotDelivered: 'Only a delivered order can be returned',
  returnWindowOver: 'The time to return this order is over',
  alreadyOpen: 'This order already has a request waiting for our answer',
  nothingToReturn: 'Every book of this order has been refunded already',
  requestNotFound: 'Request not found',
  alreadyDecided: 'This request has been answered already',
  notApproved: 'This return has not been approved yet: approve it first',
  alreadyReceived: 'The parcel of this return has been recorded as received already',
  notReceived: 'The parcel of this return has not been received yet: mark it received first',
  alreadyRefunded: 'This return has been refunded already',
  wasDeclined: 'This request was declined',
  notAReturn: 'A cancellation has no parcel to receive or refund: approving it cancels the order',
  notApprovedItem: 'That book was not approved for this return, or not that many copies',
  everyApprovedItem: 'Say for each approved book how many copies came back and how many go back to stock',
  nothingReceived: 'No copy came back: decline the return instead',
  receivedMessage: 'Parcel received',
  refundedMessage: 'Return refunded',
  codNotCollected:
    'Nothing has been collected for this cash-on-delivery order yet, so there is nothing to refund.',
  requested: 'Your request has been sent. We will write to you by email.',
  approved: 'Request approved',
  declined: 'Request declined',
  amountWithItems: 'Send either an amount or items, not both',
  cancelledElsewhere: 'The order is not pending any more; decline the request or refund it by items',
} as const;

/** A whole number of copies of one book, `least` or more. */
const copies = (least: 0 | 1) => {
  const count = z.number({ error: RETURN_MESSAGES.quantityInvalid }).int(RETURN_MESSAGES.quantityInvalid);
  return (least === 0 ? count.min(0) : count.min(1, RETURN_MESSAGES.quantityInvalid)).max(10_000);
};

/** No more copies go back to the stock than the line counts. */
const restockWithin = (line: { quantity: number; restock: number }) => line.restock <= line.quantity;

/** Whether each book of the order stands once among the lines. */
const eachBookOnce = (lines: readonly { orderItemId: string }[]) =>
  new Set(lines.map((line) => line.orderItemId)).size === lines.length;

/**
 * The lines of a step on an order's books: each book once, and at least one copy in all; `messages` say what is
 * wrong with no line at all, and with lines of no copy.
 */
function bookLines<Line extends z.ZodType<{ orderItemId: string; quantity: number }>>(
  line: Line,
  messages: { noLine: string; noCopy: string },
) {
  return z
    .array(line)
    .min(1, messages.noLine)
    .max(200)
    .refine(eachBookOnce, { message: 'Each book once' })
    .refine((lines) => lines.some((one) => one.quantity > 0), { message: messages.noCopy });
}

/** One item of a refund by items: how many copies, and how many of them go back to the stock. */
export const refundLineSchema = z
  .object({ orderItemId: idSchema, quantity: copies(0), restock: copies(0).default(0) })
  .refine(restockWithin, { path: ['restock'], message: 'No more copies go back to stock than are refunded' });
export type RefundLine = z.input<typeof refundLineSchema>;

/** The items of a refund: each item once, at least one copy in all. */
export const refundLinesSchema = bookLines(refundLineSchema, {
  noLine: RETURN_MESSAGES.itemsRequired,
  noCopy: RETURN_MESSAGES.itemsRequired,
});

const returnReason = z
  .string({ error: RETURN_MESSAGES.reasonRequired })
  .trim()
  .min(1, RETURN_MESSAGES.reasonRequired)
  .max(RETURN_REASON_MAX, RETURN_MESSAGES.reasonTooLong);

export const RETURN_KINDS = ['return', 'cancel'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];
/** A return: requested → approved (send the books back) → received → refunded; or declined. A cancellation is approved once. */
export const RETURN_STATUSES = ['requested', 'approved', 'received', 'refunded', 'declined'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** `POST /orders/{userId}/{orderId}/returns`: cancel (no items) or return these copies, with a reason. */
export const returnRequestBodySchema = z
  .object({
    kind: z.enum(RETURN_KINDS),
    reason: returnReason,
    items: z
      .array(z.object({ orderItemId: idSchema, quantity: copies(1) }))
      .max(200)
      .optional(),
  })
  .refine((body) => body.kind === 'cancel' || (body.items?.length ?? 0) > 0, {
    path: ['items'],
    message: RETURN_MESSAGES.itemsRequired,
  })
  .refine((body) => eachBookOnce(body.items ?? []), { path: ['items'], message: 'Each book once' });
export type ReturnRequestBody = z.input<typeof returnRequestBodySchema>;

/**
 * `POST /orders/admin/returns/{id}/approve`: the copies approved of each item (all that were asked when left out).
 * No money and no stock move: the customer is asked to send the books back.
 */
export const approveReturnBodySchema = z.object({
  items: bookLines(z.object({ orderItemId: idSchema, quantity: copies(0) }), {
    noLine: RETURN_MESSAGES.itemsRequired,
    noCopy: RETURN_MESSAGES.itemsRequired,
  }).optional(),
});
export type ApproveReturnBody = z.input<typeof approveReturnBodySchema>;

/**
 * `POST /orders/admin/returns/{id}/received`: the parcel came back. For each approved book, how many copies came
 * back and how many of them go back to the stock: both said by the desk, nothing assumed.
 */
export const receiveReturnBodySchema = z.object({
  items: bookLines(
    z.object({ orderItemId: idSchema, quantity: copies(0), restock: copies(0) }).refine(restockWithin, {
      path: ['restock'],
      message: 'No more copies go back to stock than came back',
    }),
    { noLine: RETURN_MESSAGES.everyApprovedItem, noCopy: RETURN_MESSAGES.nothingReceived },
  ),
});
export type ReceiveReturnBody = z.input<typeof receiveReturnBodySchema>;

/** `POST /orders/admin/returns/{id}/decline`. */
export const declineReturnBodySchema = z.object({ reason: returnReason });
export type DeclineReturnBody = z.input<typeof declineReturnBodySchema>;

/** `GET /orders/admin/returns`: the open requests (default), or the answered ones. */
export const adminReturnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES).default('requested'),
});

/** A request as the customer and the desk see it. */
export const returnRequestSchema = z.object({
  _id: idSchema,
  orderId: idSchema,
  orderNumber: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  customerName: z.string(),
  kind: z.enum(RETURN_KINDS),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  declineReason: z.string().nullable(),
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  /** When the desk recorded the returned parcel, and when its copies were refunded. */
  receivedAt: isoDateTime.nullable(),
  refundedAt: isoDateTime.nullable(),
  items: z.array(
    z.object({
      orderItemId: idSchema,
      name: z.string(),
      quantity: z.number().int(),
      approvedQuantity: z.number().int().nullable(),
      receivedQuantity: z.number().int().nullable(),
      /** Copies put back on the shelf when the parcel came back (the desk's choice). */
      restock: z.number().int().nullable(),
    }),
  ),
  /** The refund of the received copies, or of the cancellation (rupees); `byHand` for cash on delivery. */
  refund: z
    .object({ _id: idSchema, amount: z.number(), status: z.enum(REFUND_STATUSES), byHand: z.boolean() })
    .nullable(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;
