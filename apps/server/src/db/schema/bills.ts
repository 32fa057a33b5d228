import { integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, timestamptz } from './columns';
import { orders } from './orders';

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
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
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
