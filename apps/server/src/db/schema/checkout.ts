import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money, id, createdAt, updatedAt, locale, timestamptz } from './columns';
import { users } from './users';
import { deliveryZones } from './delivery';
import { coupons } from './coupons';

export const checkoutStatus = pgEnum('checkout_status', ['pending', 'paid', 'failed']);

/** How an order is paid: by card through Razorpay, or in cash to the courier (cash on delivery). */
export const paymentMethod = pgEnum('payment_method', ['card', 'cod']);

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
    processedAt: timestamptz('processed_at'),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_events_event_key').on(t.eventId)],
);
