import type { ShippingProvider } from './constants';

/**
 * Where each courier of `SHIPPING_PROVIDERS` shows a parcel by its tracking number (docs/decisions/053). The number
 * goes at the end, encoded; 'Other' has no page, so its orders keep the link the desk types, if any.
 */
export const CARRIER_TRACKING_URLS: Record<ShippingProvider, string | null> = {
  'India Post':
    'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignmentno=',
  Delhivery: 'https://www.delhivery.com/track/package/',
  'Blue Dart': 'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=',
  DTDC: 'https://www.dtdc.in/tracking.asp?strCnno=',
  'Ecom Express': 'https://ecomexpress.in/tracking/?awb_field=',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr=',
  DHL: 'https://www.dhl.com/in-en/home/tracking/tracking-express.html?submit=1&tracking-id=',
  UPS: 'https://www.ups.com/track?loc=en_IN&tracknum=',
  Other: null,
};

/**
 * The courier's tracking page of a parcel, or null when the courier has none ('Other') or there is no number. The
 * number is written without the spaces people type into it (`EZ 1234 5678 9IN` → `EZ123456789IN`).
 */
export function trackingUrlFor(
  provider: ShippingProvider | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  const base = provider ? CARRIER_TRACKING_URLS[provider] : null;
  const number = trackingNumber?.replace(/\s+/g, '') ?? '';
  if (!base || !number) return null;
  return `${base}${encodeURIComponent(number)}`;
}

/** An order's tracking fields as stored, and a change to them (a field left out of the change keeps its value). */
interface TrackingFields {
  shippingProvider?: ShippingProvider | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
}

/**
 * The link an order gets when the desk sets a courier and a tracking number without a link of its own: the
 * courier's page for that number. A link this function built earlier is not the desk's: it follows a change of
 * courier or number (and goes when the courier has no page). Undefined leaves the link as the change has it: the
 * desk typed one, or there is no courier or number to build one from.
 */
export function builtTrackingUrl(current: TrackingFields, change: TrackingFields): string | null | undefined {
  const provider = change.shippingProvider !== undefined ? change.shippingProvider : current.shippingProvider;
  const number = change.trackingNumber !== undefined ? change.trackingNumber : current.trackingNumber;
  const url = change.trackingUrl !== undefined ? change.trackingUrl : current.trackingUrl;
  const builtBefore =
    Boolean(current.trackingUrl) &&
    current.trackingUrl === trackingUrlFor(current.shippingProvider, current.trackingNumber);
  const typed = Boolean(url) && !(builtBefore && url === current.trackingUrl);
  if (typed) return undefined;
  const built = trackingUrlFor(provider, number);
  if (built) return built;
  return url ? null : undefined;
}
