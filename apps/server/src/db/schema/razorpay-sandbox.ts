import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { money, createdAt } from './columns';

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
