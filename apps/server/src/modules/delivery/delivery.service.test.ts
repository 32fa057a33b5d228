import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { deliveryZones, pincodeRanges } from '../../db/schema';
import { resetDeliveryZones } from '../../../test/fixtures/delivery-zones';
import { useTestApp } from '../../../test/support/use-test-app';
import { quoteDelivery } from './delivery.service';

const { ctx } = useTestApp();

beforeEach(() => resetDeliveryZones(ctx.database.db));

async function zone(
  values: Partial<typeof deliveryZones.$inferInsert> & { name: string },
  ranges: [number, number][],
) {
  const db = ctx.database.db;
  const [row] = await db
    .insert(deliveryZones)
    .values({ chargePerPairPaise: 4000, minDays: 1, maxDays: 3, ...values })
    .returning();
  for (const [fromPincode, toPincode] of ranges)
    await db.insert(pincodeRanges).values({ zoneId: row!.id, fromPincode, toPincode });
  return row!;
}

describe('quoteDelivery', () => {
  it('charges the default zone ₹50 for every started pair, 4–8 days, where no range names the pincode', async () => {
    const quote = await quoteDelivery(ctx.database.db, '700016', 3);
    expect(quote).toEqual({
      serviceable: true,
      zoneId: '01900000-0000-7000-8000-000000000001',
      zoneName: 'Rest of India',
      shippingPaise: 10000,
      minDays: 4,
      maxDays: 8,
      codAvailable: true,
    });
    expect(await quoteDelivery(ctx.database.db, '700016', 1)).toMatchObject({ shippingPaise: 5000 });
    expect(await quoteDelivery(ctx.database.db, '700016', 2)).toMatchObject({ shippingPaise: 5000 });
    expect(await quoteDelivery(ctx.database.db, '700016', 4)).toMatchObject({ shippingPaise: 10000 });
  });

  it("uses the zone of the range that holds the pincode, both ends included, and the zone's own charge", async () => {
    const delhi = await zone({ name: 'Delhi NCR', codAvailable: false }, [[110001, 110099]]);
    for (const pincode of ['110001', '110050', '110099'])
      expect(await quoteDelivery(ctx.database.db, pincode, 3)).toEqual({
        serviceable: true,
        zoneId: delhi.id,
        zoneName: 'Delhi NCR',
        shippingPaise: 8000,
        minDays: 1,
        maxDays: 3,
        codAvailable: false,
      });
    expect(await quoteDelivery(ctx.database.db, '110100', 3)).toMatchObject({ zoneName: 'Rest of India' });
    expect(await quoteDelivery(ctx.database.db, '110000', 3)).toMatchObject({ zoneName: 'Rest of India' });
  });

  it('lets a narrower range win over a wider one it lies in, whichever was made first', async () => {
    await zone({ name: 'North', chargePerPairPaise: 6000 }, [[110000, 119999]]);
    const city = await zone({ name: 'City', chargePerPairPaise: 3000 }, [[110010, 110020]]);
    await zone({ name: 'Whole north', chargePerPairPaise: 7000 }, [[100000, 199999]]);
    expect(await quoteDelivery(ctx.database.db, '110015', 2)).toMatchObject({
      zoneId: city.id,
      shippingPaise: 3000,
    });
    expect(await quoteDelivery(ctx.database.db, '110021', 2)).toMatchObject({ zoneName: 'North' });
    expect(await quoteDelivery(ctx.database.db, '120000', 2)).toMatchObject({ zoneName: 'Whole north' });
  });

  it('refuses a pincode of a zone that is not served, and one that is not an Indian pincode', async () => {
    await zone({ name: 'Islands (not served yet)', serviceable: false }, [[744101, 744304]]);
    expect(await quoteDelivery(ctx.database.db, '744101', 1)).toEqual({ serviceable: false });
    expect(await quoteDelivery(ctx.database.db, '744304', 1)).toEqual({ serviceable: false });
    expect(await quoteDelivery(ctx.database.db, '744305', 1)).toMatchObject({ serviceable: true });
    for (const bad of ['012345', '11000', '1100011', 'abcdef', ''])
      expect(await quoteDelivery(ctx.database.db, bad, 1)).toEqual({ serviceable: false });
  });

  it('follows the default zone as the desk changes it, and answers not serviceable when it is switched off', async () => {
    await ctx.database.db
      .update(deliveryZones)
      .set({ chargePerPairPaise: 6000, minDays: 5, maxDays: 9 })
      .where(eq(deliveryZones.isDefault, true));
    expect(await quoteDelivery(ctx.database.db, '560001', 5)).toMatchObject({
      shippingPaise: 18000,
      minDays: 5,
      maxDays: 9,
    });
    await ctx.database.db
      .update(deliveryZones)
      .set({ serviceable: false })
      .where(eq(deliveryZones.isDefault, true));
    expect(await quoteDelivery(ctx.database.db, '560001', 5)).toEqual({ serviceable: false });
  });
});
