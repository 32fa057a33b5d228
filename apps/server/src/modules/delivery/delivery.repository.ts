import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveryZones, pincodeRanges } from '../../db/schema';

export type DeliveryZoneRow = typeof deliveryZones.$inferSelect;
export type PincodeRangeRow = typeof pincodeRanges.$inferSelect;

/**
 * The zone of the narrowest range that holds the pincode (a range inside a wider one is the exception to it);
 * ranges of the same width go to the one that starts later, then to the older row, so the answer never wavers.
 */
export async function zoneOfPincode(db: Db, pincode: number): Promise<DeliveryZoneRow | undefined> {
  const [row] = await db
    .select({ zone: deliveryZones })
    .from(pincodeRanges)
    .innerJoin(deliveryZones, eq(deliveryZones.id, pincodeRanges.zoneId))
    .where(and(lte(pincodeRanges.fromPincode, pincode), gte(pincodeRanges.toPincode, pincode)))
    .orderBy(
      asc(sql`${pincodeRanges.toPincode} - ${pincodeRanges.fromPincode}`),
      desc(pincodeRanges.fromPincode),
      asc(pincodeRanges.id),
    )
    .limit(1);
  return row?.zone;
}

/** The zone for every pincode no range names. */
export async function defaultZone(db: Db): Promise<DeliveryZoneRow | undefined> {
  const [row] = await db.select().from(deliveryZones).where(eq(deliveryZones.isDefault, true)).limit(1);
  return row;
}
