import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, id, createdAt, updatedAt, timestamptz } from './columns';

export const couponKind = pgEnum('coupon_kind', ['percent', 'fixed']);

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
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
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
