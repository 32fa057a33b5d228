import {
  ADDRESS_TYPES,
  BOOK_LANGUAGES,
  CONTENT_LANGUAGES,
  FATWAH_STATUSES,
  LOCALES,
  ORDER_STATUSES,
  REFUND_STATUSES,
  SHIPPING_PROVIDERS,
  USER_ROLES,
} from '@scholar/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

/**
 * Money is stored as integer paise in 64-bit columns, read as JavaScript numbers (exact up to 2^53 paise): a 32-bit
 * column ends at ₹2.1 crore, which three copies of the dearest book pass. Timestamps with time zone.
 */
const money = (name: string) => bigint(name, { mode: 'number' });
const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * The search vector of a text at a weight: English words stemmed, over the text as `search_fold` (migration 0012)
 * writes it, with Arabic-script letter forms made one, marks and diacritics dropped and Bengali nukta letters made
 * one (docs/decisions/041). Queries go through the same function, so both sides spell a word alike.
 */
const foldedVector = (column: string, weight: 'A' | 'B' | 'C') =>
  `setweight(to_tsvector('english'::regconfig, search_fold(coalesce(${column}, ''))), '${weight}')`;

/** A fatwah's or an article's language, English unless set. */
const language = () => contentLanguage('language').notNull().default('en');

export const userRole = pgEnum('user_role', USER_ROLES);
export const addressType = pgEnum('address_type', ADDRESS_TYPES);
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const shippingProvider = pgEnum('shipping_provider', SHIPPING_PROVIDERS);
export const fatwahStatus = pgEnum('fatwah_status', FATWAH_STATUSES);
/** The language a fatwah or an article is written in (docs/decisions/041). */
export const contentLanguage = pgEnum('content_language', CONTENT_LANGUAGES);
/**
 * The language of the site's interface a person used (docs/decisions/043): kept on their account, their checkout
 * and order, and their question, so that the mails they get later are written in it.
 */
export const siteLocale = pgEnum('site_locale', LOCALES);
/** The language a book is printed in (docs/decisions/044). */
export const bookLanguage = pgEnum('book_language', BOOK_LANGUAGES);
/** The language a person used the site in; English for rows from before it was kept. */
const locale = (name: string) => siteLocale(name).notNull().default('en');
export const checkoutStatus = pgEnum('checkout_status', ['pending', 'paid', 'failed']);
/** `requested` while Razorpay is being asked (shown as pending); then Razorpay's own status. */
export const refundStatus = pgEnum('refund_status', ['requested', ...REFUND_STATUSES]);
/** How an order is paid: by card through Razorpay, or in cash to the courier (cash on delivery). */
export const paymentMethod = pgEnum('payment_method', ['card', 'cod']);
export const couponKind = pgEnum('coupon_kind', ['percent', 'fixed']);
export const returnKind = pgEnum('return_kind', ['return', 'cancel']);
/** A return moves requested → approved (send the books back) → received → refunded, or is declined. */
export const returnStatus = pgEnum('return_status', [
  'requested',
  'approved',
  'declined',
  'received',
  'refunded',
]);

/** The address fields copied into an order or a pending checkout. */
export interface AddressSnapshot {
  addressType?: string;
  addressLine1: string;
  addressLine2?: string;
  landmark?: string;
  city: string;
  state: string;
  pincode: string;
}

export interface ContactSnapshot {
  name: string;
  email: string;
  phone: string;
}

/** A cart line as priced when the checkout started. */
export interface CheckoutLine {
  bookId: string;
  name: string;
  author: string;
  pricePaise: number;
  quantity: number;
  images: string[];
  selectedLanguage?: string;
}

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** How an admin signs answers and articles ("Shaikh …"); the name when unset. */
    displayName: text('display_name'),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    role: userRole('role').notNull().default('user'),
    passwordHash: text('password_hash').notNull(),
    /** The language they registered in: their account's mails (a password reset) are written in it. */
    locale: locale('locale'),
    /** When they proved the email is theirs (the link in the welcome mail); guest orders to it attach then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** Links that prove an email address: only the hash of the token is kept. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_verification_tokens_user_idx').on(t.userId)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressType: addressType('address_type').notNull().default('Home'),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    landmark: text('landmark'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    // At most one default address per user.
    uniqueIndex('addresses_one_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const books = pgTable(
  'books',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    author: text('author').notNull(),
    pricePaise: money('price_paise').notNull(),
    /** Upload paths (`/api/uploads/...`) or full URLs; the first is the cover. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /**
     * Copies in stock across the book's editions, kept by a trigger on `book_editions` (never written here); null
     * when an edition's stock is not tracked. Never below 0 (a check constraint).
     */
    stock: integer('stock'),
    /** Product details shown on the book page; each optional. */
    pages: integer('pages'),
    binding: text('binding'),
    isbn: text('isbn'),
    publisher: text('publisher'),
    /** Full-text search over the name (weighing more) and the author, in every script (docs/decisions/041). */
    search: tsvector('search').generatedAlwaysAs(
      sql.raw(`${foldedVector('name', 'A')} || ${foldedVector('author', 'B')}`),
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('books_created_idx').on(t.createdAt),
    index('books_search_idx').using('gin', t.search),
    check('books_stock_not_negative', sql`${t.stock} >= 0`),
  ],
);

/**
 * The editions of a book, one per language, each with its own stock and, when the owner sets one, its own price.
 * Every book has at least one. Stock is taken from and given back to an edition; `books.stock` is kept by a trigger
 * (migration 0014) as their sum, null when one is not tracked, so that the lists can say "Out of stock" from the
 * book row alone.
 */
export const bookEditions = pgTable(
  'book_editions',
  {
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    language: bookLanguage('language').notNull(),
    /** Copies in stock; null when not tracked (never runs out). Never below 0. */
    stock: integer('stock'),
    /** This edition's price; null: the book's price. */
    pricePaise: money('price_paise'),
    /** Where it is offered among the book's editions (the first is offered first). */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bookId, t.language] }),
    check('book_editions_stock_not_negative', sql`${t.stock} >= 0`),
    check('book_editions_price_not_negative', sql`${t.pricePaise} >= 0`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * No foreign key: a line outlives its book, so that the customer is told the book is gone ("No longer
     * available") instead of finding it silently missing (docs/decisions/016).
     */
    bookId: uuid('book_id').notNull(),
    quantity: integer('quantity').notNull(),
    selectedLanguage: text('selected_language').notNull().default('english'),
    /** The book's name and price when the customer last saw them on this line: a change is named on the line. */
    seenName: text('seen_name').notNull(),
    seenPricePaise: money('seen_price_paise').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One line per edition: the Urdu and the Bengali edition of one book are two lines.
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId, t.selectedLanguage] }),
    index('cart_items_book_idx').on(t.bookId),
  ],
);

/** A payment in progress: what the buyer is paying for, priced from the database when it started. */
export const checkouts = pgTable(
  'checkouts',
  {
    id: id(),
    razorpayOrderId: text('razorpay_order_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    contact: jsonb('contact').$type<ContactSnapshot>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>().notNull(),
    lines: jsonb('lines').$type<CheckoutLine[]>().notNull(),
    subtotalPaise: money('subtotal_paise').notNull(),
    shippingPaise: money('shipping_paise').notNull(),
    amountPaise: money('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: checkoutStatus('status').notNull().default('pending'),
    /** The language of the page the checkout began on: its order takes it. */
    locale: locale('locale'),
    paymentMethod: paymentMethod('payment_method').notNull().default('card'),
    /** The coupon applied (its code as entered, upper-cased) and what it took off the subtotal. */
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    discountPaise: money('discount_paise').notNull().default(0),
    /** The cash-on-delivery fee, part of the amount. */
    codFeePaise: money('cod_fee_paise').notNull().default(0),
    /** The delivery zone the pincode fell in, and its promise in days. */
    deliveryZoneId: uuid('delivery_zone_id').references(() => deliveryZones.id, { onDelete: 'set null' }),
    deliveryMinDays: integer('delivery_min_days'),
    deliveryMaxDays: integer('delivery_max_days'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('checkouts_razorpay_order_key').on(t.razorpayOrderId),
    index('checkouts_user_idx').on(t.userId, t.createdAt),
    // The reconciliation sweep's question: which checkouts are still waiting for their payment.
    index('checkouts_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

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
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Paid for while a book it holds had run out: the owner ships later or refunds. */
    backordered: boolean('backordered').notNull().default(false),
    /** Paise refunded or being refunded (failed refunds give theirs back); never more than the amount. */
    refundedPaise: money('refunded_paise').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
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
    codCollectedAt: timestamp('cod_collected_at', { withTimezone: true }),
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
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When the desk recorded the returned parcel (and chose what goes back to the stock). */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the received copies were refunded. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
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

/**
 * Coupons: a percentage or a fixed amount off the subtotal, from a minimum order, within dates, with a total and a
 * per-customer limit. `used` counts the redemptions held now; a conditional update keeps it within `max_uses`
 * under parallel checkouts.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    /** Upper-case; unique. */
    code: text('code').notNull(),
    kind: couponKind('kind').notNull(),
    /** Percent (1–100) for `percent`; paise for `fixed`. */
    value: integer('value').notNull(),
    minOrderPaise: money('min_order_paise').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Null: no limit. */
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    used: integer('used').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    check('coupons_value_positive', sql`${t.value} > 0`),
    check(
      'coupons_used_within_limit',
      sql`${t.used} >= 0 AND (${t.maxUses} IS NULL OR ${t.used} <= ${t.maxUses})`,
    ),
  ],
);

/**
 * A use of a coupon, held from the checkout that applied it: kept when its order is made, given back (row deleted,
 * `used` lowered) when the checkout fails or expires unpaid. The customer is their lower-cased email.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    customerEmail: text('customer_email').notNull(),
    discountPaise: money('discount_paise').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_checkout_key').on(t.checkoutId),
    index('coupon_redemptions_customer_idx').on(t.couponId, t.customerEmail),
  ],
);

/**
 * Delivery zones: a charge per two books and a promise in days. The default zone covers every pincode no range
 * names (the ₹50 per two books of the price list); a zone that is not serviceable refuses its pincodes before payment.
 */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: id(),
    name: text('name').notNull(),
    chargePerPairPaise: money('charge_per_pair_paise').notNull(),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    serviceable: boolean('serviceable').notNull().default(true),
    codAvailable: boolean('cod_available').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('delivery_zones_one_default_key')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    check('delivery_zones_days', sql`${t.minDays} >= 0 AND ${t.maxDays} >= ${t.minDays}`),
    check('delivery_zones_charge_not_negative', sql`${t.chargePerPairPaise} >= 0`),
  ],
);

/** Pincode ranges (6 digits, both ends included) and the zone each belongs to. */
export const pincodeRanges = pgTable(
  'pincode_ranges',
  {
    id: id(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    fromPincode: integer('from_pincode').notNull(),
    toPincode: integer('to_pincode').notNull(),
  },
  (t) => [
    index('pincode_ranges_from_idx').on(t.fromPincode, t.toPincode),
    index('pincode_ranges_zone_idx').on(t.zoneId),
    check(
      'pincode_ranges_valid',
      sql`${t.fromPincode} BETWEEN 100000 AND 999999 AND ${t.toPincode} BETWEEN ${t.fromPincode} AND 999999`,
    ),
  ],
);

/**
 * Bills of supply (printed books are nil-rated under GST), one per paid or collected order, numbered without gaps
 * per financial year (April–March): the number is taken from `bill_counters` in the transaction that writes the
 * bill, so a rolled-back bill gives its number back. The seller's details and the lines are kept as issued.
 */
export const bills = pgTable(
  'bills',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** '2026-27'. */
    financialYear: text('financial_year').notNull(),
    seq: integer('seq').notNull(),
    /** As printed, e.g. 'BOS/2026-27/000001'. */
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    seller: jsonb('seller').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bills_order_key').on(t.orderId),
    uniqueIndex('bills_year_seq_key').on(t.financialYear, t.seq),
    uniqueIndex('bills_number_key').on(t.number),
  ],
);

/** The last bill number given in each financial year. */
export const billCounters = pgTable('bill_counters', {
  financialYear: text('financial_year').primaryKey(),
  last: integer('last').notNull().default(0),
});

/** Readers waiting for a book (or one edition) to come back in stock; mailed once, then marked. */
export const stockNotifications = pgTable(
  'stock_notifications',
  {
    id: id(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    /** The edition's language (a book language's code); '': any edition. */
    language: text('language').notNull().default(''),
    email: text('email').notNull(),
    locale: locale('locale'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stock_notifications_waiting_key')
      .on(t.bookId, t.language, t.email)
      .where(sql`${t.notifiedAt} IS NULL`),
  ],
);

/** Every payment the server has seen from Razorpay (verify call or webhook). */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    razorpayPaymentId: text('razorpay_payment_id').notNull(),
    razorpayOrderId: text('razorpay_order_id').notNull(),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    amountPaise: money('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').notNull(),
    method: text('method'),
    source: text('source').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_razorpay_payment_key').on(t.razorpayPaymentId),
    index('payments_razorpay_order_idx').on(t.razorpayOrderId),
  ],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_events_event_key').on(t.eventId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** All tokens rotated from one login share a family; reuse of a rotated token revokes it whole. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

export const fatwahs = pgTable(
  'fatwahs',
  {
    id: id(),
    question: text('question').notNull(),
    /** The scholar's answer as written: Markdown (headings, lists, quotes, links, emphasis). */
    answer: text('answer'),
    /** The answer rendered from its Markdown and sanitised on the server when saved: what readers are shown. */
    answerHtml: text('answer_html'),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: fatwahStatus('status').notNull().default('draft'),
    /** `Q-2026-00123`: given to the asker when the question is sent (migration 0006). */
    reference: text('reference')
      .notNull()
      .default(
        sql`'Q-' || to_char(now() AT TIME ZONE 'Asia/Kolkata', 'YYYY') || '-' || lpad(nextval('fatwah_reference_seq')::text, 5, '0')`,
      ),
    askerName: text('asker_name'),
    /** The asker ticked "Show my name with the question"; without it the name is never published. */
    showAskerName: boolean('show_asker_name').notNull().default(false),
    askerEmail: text('asker_email'),
    /** The language of the page the question was asked on: the "answered" mail is written in it. */
    askerLocale: locale('asker_locale'),
    /** When the "your question is answered" mail was queued; it goes once. */
    answerMailedAt: timestamp('answer_mailed_at', { withTimezone: true }),
    answeredById: uuid('answered_by_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    language: language(),
    /**
     * The fatwah this one translates, always the first of its group (a link to a translation is stored as a link to
     * what that translates): the group is that fatwah and every fatwah that points to it (docs/decisions/041).
     */
    translationOf: uuid('translation_of').references((): AnyPgColumn => fatwahs.id, { onDelete: 'set null' }),
    /** Full-text search in every script: the question weighs more than the answer. */
    search: tsvector('search').generatedAlwaysAs(
      sql.raw(`${foldedVector('question', 'A')} || ${foldedVector('answer', 'B')}`),
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fatwahs_reference_key').on(t.reference),
    index('fatwahs_search_idx').using('gin', t.search),
    index('fatwahs_categories_idx').using('gin', t.categories),
    index('fatwahs_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('fatwahs_published_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index('fatwahs_translation_of_idx').on(t.translationOf),
    // The public list in the reader's language first: that language's published fatwahs, newest first.
    index('fatwahs_published_language_idx')
      .on(t.language, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
  ],
);

/**
 * How many fatwahs each status has, in all (category '') and per category, kept by a trigger on `fatwahs`
 * (migration 0003): the lists' totals without counting every row.
 */
export const fatwahCounts = pgTable(
  'fatwah_counts',
  {
    status: fatwahStatus('status').notNull(),
    category: text('category').notNull(),
    fatwahs: integer('fatwahs').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.category] })],
);

/**
 * Every word of every fatwah's question and answer, lower-cased, kept by a trigger on `fatwahs` (migration 0003).
 * A misspelt search word is matched against this short list by trigram similarity, and the words it resembles are
 * then searched in full text, so that both steps use an index.
 */
export const fatwahWords = pgTable('fatwah_words', { word: text('word').primaryKey() }, (t) => [
  index('fatwah_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/**
 * The published fatwahs as their search reads them (id, publication time, categories, search vector), kept by a
 * trigger on `fatwahs` (migration 0009). A common word matches thousands of fatwahs and the ranking reads the
 * vector of each: these narrow rows fill about half the pages that `fatwahs` rows (question and answer too) do.
 */
export const publishedFatwahSearch = pgTable(
  'published_fatwah_search',
  {
    id: uuid('id').primaryKey(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    search: tsvector('search').notNull(),
    categories: text('categories').array().notNull(),
  },
  (t) => [index('published_fatwah_search_idx').using('gin', t.search)],
);

export const articles = pgTable(
  'articles',
  {
    id: id(),
    title: text('title').notNull(),
    /** Sanitised HTML: rendered on the server from `markdown` when the article was written in Markdown. */
    content: text('content').notNull(),
    /** The article as its writer wrote it, in Markdown; null for an article written as HTML before the editor had it. */
    markdown: text('markdown'),
    excerpt: text('excerpt').notNull().default(''),
    author: text('author').notNull().default('Admin'),
    featuredImage: text('featured_image').notNull(),
    category: text('category').notNull().default('General'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPublished: boolean('is_published').notNull().default(false),
    views: integer('views').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    language: language(),
    /** The article this one translates, always the first of its group, as for fatwahs (docs/decisions/041). */
    translationOf: uuid('translation_of').references((): AnyPgColumn => articles.id, {
      onDelete: 'set null',
    }),
    /**
     * Full-text search in every script: title, then excerpt, then content (its HTML tags are not words to the
     * parser).
     */
    search: tsvector('search').generatedAlwaysAs(
      sql.raw(
        `${foldedVector('title', 'A')} || ${foldedVector('excerpt', 'B')} || ${foldedVector('content', 'C')}`,
      ),
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('articles_search_idx').using('gin', t.search),
    index('articles_translation_of_idx').on(t.translationOf),
    index('articles_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.isPublished}`),
    index('articles_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('articles_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('articles_tags_idx').using('gin', t.tags),
  ],
);

/** An admin's invitation to another: a one-time link (only its hash is kept) to set a password. */
export const adminInvites = pgTable(
  'admin_invites',
  {
    id: id(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff role the invited person gets: admin, scholar or shop. */
    role: userRole('role').notNull().default('admin'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('admin_invites_token_hash_key').on(t.tokenHash),
    index('admin_invites_email_idx').on(t.email),
  ],
);

/**
 * The `Idempotency-Key`s of creates a person may send again (docs/decisions/039), kept 24 hours. A key is claimed in
 * the transaction of its create and its answer stored there too, so that a create and its key commit together; a
 * failed create leaves no key. `scope` keeps one caller's keys apart from another's (`user:<id>`, or
 * `route:<METHOD path>` for a guest); `fingerprint` is an HMAC of the method, route, body and caller, so that the
 * same key with another request is refused. `answer` is the JSON body to replay (never a secret: a registration
 * keeps its account's id, not its tokens). `resourceId` names what a create made before an outside call (a checkout before
 * its Razorpay order): a retry after a crash between the two carries on with it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    answer: text('answer'),
    resourceId: uuid('resource_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/** The site's own details (office, contacts, hours, social links, the scholar's name): one row, id 1. */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

export type UserRow = typeof users.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type BookRow = Omit<typeof books.$inferSelect, 'search'>;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type FatwahRow = typeof fatwahs.$inferSelect;
export type ArticleRow = Omit<typeof articles.$inferSelect, 'search'>;

/**
 * The built-in Razorpay sandbox keeps its orders and payments here, so that a payment made before a restart can
 * still be verified (and its webhook retried) afterwards. Never used against real Razorpay.
 */
export const sandboxOrders = pgTable('sandbox_orders', {
  id: text('id').primaryKey(),
  amount: money('amount').notNull(),
  currency: text('currency').notNull(),
  receipt: text('receipt'),
  notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
  status: text('status').notNull().default('created'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
});

export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => sandboxOrders.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    method: text('method').notNull().default('card'),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_payments_order_idx').on(t.orderId)],
);

/** The sandbox's refunds (`rfnd_…`), as Razorpay's Refunds API keeps them. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => sandboxPayments.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    receipt: text('receipt'),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    /** pending, processed or failed. */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_refunds_payment_idx').on(t.paymentId)],
);

/*
 * Subscriptions by email to new fatwahs and articles (docs/decisions/048). A reader's address is one row, confirmed
 * by a mailed link before anything is sent (double opt-in); the sending job plans one delivery per subscriber and
 * item (or per subscriber and week for a digest) and claims and marks each around its send.
 */
export const SUBSCRIPTION_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export const SUBSCRIPTION_FREQUENCIES = ['immediate', 'weekly'] as const;
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;

/** What a subscriber asked for: kept as `requested` until the confirmation link is followed, then applied. */
export interface SubscriptionChoices {
  fatwahs: boolean;
  articles: boolean;
  frequency: (typeof SUBSCRIPTION_FREQUENCIES)[number];
  locale: (typeof LOCALES)[number];
}

/** One address and what it receives. The choices in columns are the confirmed ones. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    /** Stored lower-cased: one row an address. */
    email: text('email').notNull(),
    /** The language of the page subscribed on: mails in it, about items written in it. */
    locale: locale('locale'),
    fatwahs: boolean('fatwahs').notNull().default(false),
    articles: boolean('articles').notNull().default(false),
    frequency: text('frequency', { enum: SUBSCRIPTION_FREQUENCIES }).notNull().default('immediate'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('pending'),
    /** The choices of the last subscribe form, applied when its confirmation link is followed. */
    requested: jsonb('requested').$type<SubscriptionChoices>(),
    /** SHA-256 of the confirmation link's token (the token itself is only in the mail). */
    confirmTokenHash: text('confirm_token_hash'),
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    /** When the address was (last) confirmed: items published before it are not sent to it. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_email_key').on(t.email),
    uniqueIndex('subscriptions_confirm_token_key').on(t.confirmTokenHash),
    index('subscriptions_status_idx').on(t.status, t.frequency),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The unsubscribe links' tokens (SHA-256 of each): every mail has its own, and each stays good. */
export const subscriptionTokens = pgTable(
  'subscription_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_tokens_subscription_idx').on(t.subscriptionId)],
);

/** An item a delivery carries: a fatwah or an article. */
export interface DeliveryItem {
  kind: 'fatwah' | 'article';
  id: string;
  /** Its title and a short excerpt when planned: a mail sent again says the same. */
  title: string;
  excerpt: string;
}

/**
 * One mail to one subscriber: `fatwah:<id>` / `article:<id>` for an item sent at once, `digest:<YYYY-MM-DD>` for the
 * week starting that Monday. Unique per subscriber and key, so planning twice plans once. Claimed (`sending`) just
 * before its send and marked `sent` just after; its id makes the mail's Message-ID, the same on a resend.
 */
export const subscriptionDeliveries = pgTable(
  'subscription_deliveries',
  {
    id: id(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What the mail is about, fixed when planned: one item, or the week's items for a digest. */
    items: jsonb('items').$type<DeliveryItem[]>().notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Not sent before (a retry after a refusal waits a while). */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_deliveries_key').on(t.subscriptionId, t.key),
    index('subscription_deliveries_due_idx')
      .on(t.status, t.notBefore)
      .where(sql`${t.status} IN ('queued', 'sending')`),
  ],
);
export type SubscriptionDeliveryRow = typeof subscriptionDeliveries.$inferSelect;

/**
 * How far the job has planned: `items` the publication time up to which new items have deliveries, `digest` the
 * Monday of the last week whose digests are planned. One row each, moved in the transaction that plans.
 */
export const subscriptionCursors = pgTable('subscription_cursors', {
  name: text('name').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
  updatedAt: updatedAt(),
});
