import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money, id, createdAt, updatedAt } from './columns';

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
