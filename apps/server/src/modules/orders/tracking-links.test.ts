import { trackingUrlFor } from '@scholar/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createOrder } from '../../../test/support/factories';
import { signInAdmin, useTestApp } from '../../../test/support/use-test-app';

/** The courier's tracking page an order gets from its courier and number (packages/shared carriers.ts). */
const { ctx, smtp } = useTestApp({ smtp: true });

async function fulfil(orderId: string, payload: object) {
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/orders/admin/${orderId}/fulfillment`,
    headers: await signInAdmin(ctx),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.order.fulfillment as { trackingUrl: string | null };
}

describe("an order's tracking link", () => {
  it("is the courier's page when the desk gives a courier and a number but no link, and the mail shows it", async () => {
    const order = await createOrder(ctx.database.db, { contactEmail: 'reader@example.com' });
    const f = await fulfil(order.id, {
      status: 'shipped',
      shippingProvider: 'Delhivery',
      trackingNumber: '1234 5678 9012',
      trackingUrl: '',
      estimatedDelivery: '2026-12-02',
    });
    expect(f.trackingUrl).toBe('https://www.delhivery.com/track/package/123456789012');
    const mail = await smtp.waitFor('reader@example.com');
    expect(mail.text).toContain('https://www.delhivery.com/track/package/123456789012');
    // The estimated day reads like every date of the site.
    expect(mail.text).toContain('2 Dec 2026');
    expect(mail.text).not.toContain('2026-12-02');
  });

  it("keeps a link the desk typed, follows a change of courier, and has none for 'Other'", async () => {
    const order = await createOrder(ctx.database.db);
    const typed = 'https://track.example.in/parcel/77';
    expect(
      (await fulfil(order.id, { shippingProvider: 'DTDC', trackingNumber: 'D77', trackingUrl: typed }))
        .trackingUrl,
    ).toBe(typed);
    expect((await fulfil(order.id, { trackingNumber: 'D78' })).trackingUrl).toBe(typed);

    const other = await createOrder(ctx.database.db);
    // The desk's form sends every field back, the built link among them.
    const first = await fulfil(other.id, {
      shippingProvider: 'Blue Dart',
      trackingNumber: 'BD1',
      trackingUrl: null,
    });
    expect(first.trackingUrl).toBe(trackingUrlFor('Blue Dart', 'BD1'));
    const moved = await fulfil(other.id, {
      shippingProvider: 'India Post',
      trackingNumber: 'EZ123456789IN',
      trackingUrl: first.trackingUrl,
    });
    expect(moved.trackingUrl).toBe(trackingUrlFor('India Post', 'EZ123456789IN'));
    const none = await fulfil(other.id, { shippingProvider: 'Other', trackingUrl: moved.trackingUrl });
    expect(none.trackingUrl).toBeNull();
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, other.id));
    expect(row?.trackingUrl).toBeNull();
  });

  it('writes the estimated day in the language of the order', async () => {
    const order = await createOrder(ctx.database.db, { contactEmail: 'urdu-reader@example.com' });
    await ctx.database.db.update(orders).set({ locale: 'ur' }).where(eq(orders.id, order.id));
    await fulfil(order.id, {
      status: 'shipped',
      shippingProvider: 'UPS',
      trackingNumber: '1Z9',
      estimatedDelivery: '2026-12-02',
    });
    const mail = await smtp.waitFor('urdu-reader@example.com');
    expect(mail.text).toContain('https://www.ups.com/track?loc=en_IN&tracknum=1Z9');
    expect(mail.text).toContain('دسمبر');
    expect(mail.text).not.toContain('2026-12-02');
  });
});
