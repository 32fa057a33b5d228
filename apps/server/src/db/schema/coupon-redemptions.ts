import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money, id, createdAt } from './columns';
import { coupons } from './coupons';
import { checkouts } from './checkout';
import { orders } from './orders';

// The coupons module's second table, in a file of its own: it points at checkouts and orders, whose checkouts
// point at coupons, so beside `coupons` it would make the two files import each other.

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
    /** The client address of the checkout that holds the use, while it is held (docs/decisions/073). */
    clientAddress: text('client_address'),
    discountPaise: money('discount_paise').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_checkout_key').on(t.checkoutId),
    index('coupon_redemptions_customer_idx').on(t.couponId, t.customerEmail),
  ],
);
