import { and, asc, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
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

/** Every zone, the default first, then by name, with its ranges in pincode order. */
export async function listZonesWithRanges(
  db: Db,
): Promise<(DeliveryZoneRow & { ranges: PincodeRangeRow[] })[]> {
  const zones = await db
    .select()
    .from(deliveryZones)
    .orderBy(desc(deliveryZones.isDefault), asc(deliveryZones.name), asc(deliveryZones.id));
  const ranges = await db
    .select()
    .from(pincodeRanges)
    .orderBy(asc(pincodeRanges.fromPincode), asc(pincodeRanges.toPincode));
  return zones.map((zone) => ({ ...zone, ranges: ranges.filter((range) => range.zoneId === zone.id) }));
}

export async function findZone(db: Db, id: string): Promise<DeliveryZoneRow | undefined> {
  const [row] = await db.select().from(deliveryZones).where(eq(deliveryZones.id, id));
  return row;
}

export type ZoneValues = Pick<
  typeof deliveryZones.$inferInsert,
  'name' | 'chargePerPairPaise' | 'minDays' | 'maxDays' | 'serviceable' | 'codAvailable' | 'isDefault'
>;

/** Makes every zone but `keep` not the default (before `keep` becomes it: one default at a time). */
export async function clearDefaultExcept(db: Db, keep: string): Promise<void> {
  await db
    .update(deliveryZones)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(and(eq(deliveryZones.isDefault, true), ne(deliveryZones.id, keep)));
}

export async function insertZone(db: Db, values: ZoneValues & { id: string }): Promise<void> {
  await db.insert(deliveryZones).values(values);
}

/** False when there is no such zone. */
export async function updateZone(db: Db, id: string, values: ZoneValues): Promise<boolean> {
  const rows = await db
    .update(deliveryZones)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(deliveryZones.id, id))
    .returning({ id: deliveryZones.id });
  return rows.length > 0;
}

/** The zone's ranges become exactly these. */
export async function replaceRanges(
  db: Db,
  zoneId: string,
  ranges: readonly { id: string; fromPincode: number; toPincode: number }[],
): Promise<void> {
  await db.delete(pincodeRanges).where(eq(pincodeRanges.zoneId, zoneId));
  if (ranges.length > 0) await db.insert(pincodeRanges).values(ranges.map((range) => ({ ...range, zoneId })));
}

/** Deletes a zone that is not the default (its ranges go with it); false when there was none such. */
export async function deleteZone(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(deliveryZones)
    .where(and(eq(deliveryZones.id, id), eq(deliveryZones.isDefault, false)))
    .returning({ id: deliveryZones.id });
  return rows.length > 0;
}
