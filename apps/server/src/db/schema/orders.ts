import { ORDER_STATUSES, REFUND_STATUSES, SHIPPING_PROVIDERS } from '@scholar/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { money, id, createdAt, updatedAt, locale, timestamptz } from './columns';
import { users } from './users';
import { books } from './books';
import { paymentMethod, type AddressSnapshot, checkouts } from './checkout';

export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const shippingProvider = pgEnum('shipping_provider', SHIPPING_PROVIDERS);

/** `requested` while Razorpay is being asked (shown as pending); then Razorpay's own status. */
export const refundStatus = pgEnum('refund_status', ['requested', ...REFUND_STATUSES]);

export const returnKind = pgEnum('return_kind', ['return', 'cancel']);
/** A return moves requested → approved (send the books back) → received → refunded, or is declined. */
export const returnStatus = pgEnum('return_status', [
  'requested',
  'approved',
  'declined',
  'received',
  'refunded',
]);

/** The text the order desk's search matches, lower-cased; the expression of `orders_search_trgm_idx`. */
export const ORDER_SEARCH_TEXT = sql.raw(
  `lower(order_number || ' ' || contact_name || ' ' || contact_email || ' ' || contact_phone)`,
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text('order_number').notNull(),
    /** The Razorpay payment id. */
    txnId: text('txn_id').notNull(),
    razorpayOrderId: text('razorpay_order_id').notNull(),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: orderStatus('status').notNull().default('pending'),
    subtotalPaise: money('subtotal_paise').notNull(),
    shippingPaise: money('shipping_paise').notNull(),
    amountPaise: money('amount_paise').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>().notNull(),
    trackingNumber: text('tracking_number'),
    shippingProvider: shippingProvider('shipping_provider'),
    trackingUrl: text('tracking_url'),
    estimatedDelivery: date('estimated_delivery', { mode: 'string' }),
    fulfillmentNotes: text('fulfillment_notes'),
    shippedAt: timestamptz('shipped_at'),
    deliveredAt: timestamptz('delivered_at'),
    /** Paid for while a book it holds had run out: the owner ships later or refunds. */
    backordered: boolean('backordered').notNull().default(false),
    /** Paise refunded or being refunded (failed refunds give theirs back); never more than the amount. */
    refundedPaise: money('refunded_paise').notNull().default(0),
    cancelledAt: timestamptz('cancelled_at'),
    cancelReason: text('cancel_reason'),
    /** The language the order was placed in (its checkout's): every mail about the order is written in it. */
    locale: locale('locale'),
    /**
     * Card (Razorpay) or cash on delivery. A COD order has no Razorpay ids: its `txn_id` and `razorpay_order_id`
     * are `cod_<checkout id>` (docs/decisions/051), which keeps one order per checkout by the same unique keys.
     */
    paymentMethod: paymentMethod('payment_method').notNull().default('card'),
    couponCode: text('coupon_code'),
    discountPaise: money('discount_paise').notNull().default(0),
    codFeePaise: money('cod_fee_paise').notNull().default(0),
    /** When the courier's cash reached the shop (COD only); until then the order's amount is not revenue. */
    codCollectedAt: timestamptz('cod_collected_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'orders_refunded_within_amount',
      sql`${t.refundedPaise} >= 0 AND ${t.refundedPaise} <= ${t.amountPaise}`,
    ),
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    // Exactly one order per paid Razorpay order and per payment, whichever call comes first.
    uniqueIndex('orders_razorpay_order_key').on(t.razorpayOrderId),
    uniqueIndex('orders_txn_key').on(t.txnId),
    // `ORDER BY created_at DESC, id DESC` sorts nulls first; an index must say the same to serve it.
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Guest orders by their email: tracking an order, and attaching guest orders to an account once its email is proved.
    index('orders_contact_email_idx').on(sql`lower(${t.contactEmail})`),
    // The desk's search (order number, customer name, email, phone) across every order: one trigram index.
    index('orders_search_trgm_idx').using('gin', sql`(${ORDER_SEARCH_TEXT}) gin_trgm_ops`),
    // Guests' cash-on-delivery orders waiting to be sent (docs/decisions/074): the desk's list of them, newest
    // first, and the limits a guest's next such order is checked against.
    index('orders_guest_cod_open_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.paymentMethod} = 'cod' AND ${t.userId} IS NULL AND ${t.status} = 'pending'`),
  ],
);

/**
 * Orders and revenue per day (India time) and status, kept by a trigger on `orders` (migration 0003) in the same
 * transaction as every order write: the admin stat cards, the 30-day chart and the list's total read a few rows
 * here instead of aggregating every order.
 */
export const orderDayStats = pgTable(
  'order_day_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: orderStatus('status').notNull(),
    orders: integer('orders').notNull().default(0),
    amountPaise: money('amount_paise').notNull().default(0),
    refundedPaise: money('refunded_paise').notNull().default(0),
    /** Cash-on-delivery amounts not collected yet: not revenue until they are. */
    codDuePaise: money('cod_due_paise').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null once the book is deleted; the snapshot below stays. */
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    author: text('author').notNull(),
    pricePaise: money('price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    selectedLanguage: text('selected_language'),
    /** Copies taken from the book's stock when the order was made (fewer when backordered): what a cancel gives back. */
    stockTaken: integer('stock_taken').notNull().default(0),
    /** Copies refunded (by item refunds and approved returns); never more than the quantity. */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_book_idx').on(t.bookId)],
);

/**
 * Refunds of orders' payments. A row is written, and the order's `refunded_paise` raised, in one transaction with
 * the order row locked before Razorpay is asked; its id is the refund's `receipt` at Razorpay, so that a refund
 * whose answer was lost is found again. A key sent by the desk makes a retried request answer the same refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    razorpayPaymentId: text('razorpay_payment_id').notNull(),
    razorpayRefundId: text('razorpay_refund_id'),
    amountPaise: money('amount_paise').notNull(),
    status: refundStatus('status').notNull().default('requested'),
    reason: text('reason').notNull(),
    /** Made by the cancel action. */
    cancellation: boolean('cancellation').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    /** The keyed request's fingerprint: the same key with another body is refused (docs/decisions/039). */
    requestFingerprint: text('request_fingerprint'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('refunds_razorpay_refund_key').on(t.razorpayRefundId),
    uniqueIndex('refunds_idempotency_key').on(t.orderId, t.idempotencyKey),
  ],
);
export type RefundRow = typeof refunds.$inferSelect;

/** The items a refund was for, and how many of them went back to stock. */
export const refundItems = pgTable(
  'refund_items',
  {
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    restocked: integer('restocked').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.orderItemId] }),
    check('refund_items_quantity_positive', sql`${t.quantity} > 0`),
    check('refund_items_restock_within', sql`${t.restocked} >= 0 AND ${t.restocked} <= ${t.quantity}`),
  ],
);

/** A customer's request to return (after delivery) or cancel (before shipping) an order, with its reason. */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: returnKind('kind').notNull(),
    status: returnStatus('status').notNull().default('requested'),
    reason: text('reason').notNull(),
    /** The desk's reason when it declines. */
    declineReason: text('decline_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    /** When the desk recorded the returned parcel (and chose what goes back to the stock). */
    receivedAt: timestamptz('received_at'),
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the received copies were refunded. */
    refundedAt: timestamptz('refunded_at'),
    /** The refund of the return's copies (made after they came back), or of the cancellation. */
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId, t.createdAt),
    index('return_requests_status_idx').on(t.status, t.createdAt),
    // One open request per order at a time: asked, or a return on its way (approved, received) until refunded.
    // Written with the statuses the table had before, and the timestamps, so that the index is made in the same
    // migration as the new statuses.
    uniqueIndex('return_requests_one_open_key')
      .on(t.orderId)
      .where(
        sql`${t.status} <> 'declined' AND ${t.refundedAt} IS NULL AND NOT (${t.kind} = 'cancel' AND ${t.status} = 'approved')`,
      ),
  ],
);

/** The items and quantities a return asks for; what the desk approved of each, and how many go back to stock. */
export const returnRequestItems = pgTable(
  'return_request_items',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    approvedQuantity: integer('approved_quantity'),
    /** Copies of the approved ones that came back in the parcel (recorded by the desk). */
    receivedQuantity: integer('received_quantity'),
    /** Copies of the received ones the desk put back on the shelf (chosen when the parcel came back). */
    restock: integer('restock'),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.orderItemId] }),
    check('return_request_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

export type OrderItemRow = typeof orderItems.$inferSelect;
