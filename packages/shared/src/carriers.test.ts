import { describe, expect, it } from 'vitest';
import { builtTrackingUrl, CARRIER_TRACKING_URLS, trackingUrlFor } from './carriers';
import { SHIPPING_PROVIDERS } from './constants';

describe('carriers', () => {
  it('has a tracking page for every courier but Other, each an https address', () => {
    for (const provider of SHIPPING_PROVIDERS) {
      const base = CARRIER_TRACKING_URLS[provider];
      if (provider === 'Other') expect(base).toBeNull();
      else expect(new URL(`${base}X1`).protocol, provider).toBe('https:');
    }
  });

  it("builds the courier's link with the number, spaces dropped and encoded", () => {
    expect(trackingUrlFor('Delhivery', '1234 5678 90')).toBe(
      'https://www.delhivery.com/track/package/1234567890',
    );
    expect(trackingUrlFor('India Post', 'EZ123456789IN')).toBe(
      'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignmentno=EZ123456789IN',
    );
    expect(trackingUrlFor('FedEx', 'a&b=c')).toBe('https://www.fedex.com/fedextrack/?trknbr=a%26b%3Dc');
    expect(trackingUrlFor('UPS', '1Z999')).toBe('https://www.ups.com/track?loc=en_IN&tracknum=1Z999');
  });

  it('has no link for Other, no courier or no number', () => {
    expect(trackingUrlFor('Other', 'ABC')).toBeNull();
    expect(trackingUrlFor(null, 'ABC')).toBeNull();
    expect(trackingUrlFor('DHL', '  ')).toBeNull();
    expect(trackingUrlFor('DHL', null)).toBeNull();
  });

  it('fills in the link only when the desk gives none and the order keeps none', () => {
    const none = { shippingProvider: null, trackingNumber: null, trackingUrl: null };
    expect(builtTrackingUrl(none, { shippingProvider: 'DTDC', trackingNumber: 'D1' })).toBe(
      'https://www.dtdc.in/tracking.asp?strCnno=D1',
    );
    // The number now, the courier set before.
    expect(builtTrackingUrl({ ...none, shippingProvider: 'Blue Dart' }, { trackingNumber: '77' })).toContain(
      'trackNo=77',
    );
    // A link typed by the desk wins, now or before.
    expect(
      builtTrackingUrl(none, {
        shippingProvider: 'DTDC',
        trackingNumber: 'D1',
        trackingUrl: 'https://x.in/1',
      }),
    ).toBeUndefined();
    expect(
      builtTrackingUrl(
        { ...none, trackingUrl: 'https://x.in/1' },
        { shippingProvider: 'DTDC', trackingNumber: 'D1' },
      ),
    ).toBeUndefined();
    // A link cleared while the courier and number stay is built again.
    expect(
      builtTrackingUrl(
        { shippingProvider: 'UPS', trackingNumber: '1Z', trackingUrl: 'https://x.in/1' },
        { trackingUrl: null },
      ),
    ).toContain('tracknum=1Z');
    expect(builtTrackingUrl(none, { shippingProvider: 'Other', trackingNumber: 'Z' })).toBeUndefined();
    // A built link follows a new courier, as the desk's form sends the old link back; it goes with 'Other'.
    const built = {
      shippingProvider: 'DHL',
      trackingNumber: 'N9',
      trackingUrl: trackingUrlFor('DHL', 'N9'),
    } as const;
    expect(builtTrackingUrl(built, { ...built, shippingProvider: 'UPS' })).toContain('ups.com');
    expect(builtTrackingUrl(built, { ...built, shippingProvider: 'Other' })).toBeNull();
    expect(builtTrackingUrl(built, { ...built })).toBe(built.trackingUrl);
    expect(builtTrackingUrl(none, { shippingProvider: 'DHL' })).toBeUndefined();
  });
});
