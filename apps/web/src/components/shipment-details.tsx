import type { Order } from '@scholar/shared';
import { ExternalLink } from 'lucide-react';
import { useFormat, useT } from '../lib/i18n';

type Fulfillment = Pick<
  Order['fulfillment'],
  'shippingProvider' | 'trackingNumber' | 'trackingUrl' | 'estimatedDelivery'
>;

/** Whether the desk has told anything of the parcel: its courier, number, link or expected day. */
export const hasShipmentDetails = (f: Fulfillment): boolean =>
  Boolean(f.shippingProvider || f.trackingNumber || f.trackingUrl || f.estimatedDelivery);

/**
 * The parcel as the desk recorded it, where known: the courier, the tracking number (one left-to-right run in every
 * language), the expected delivery unless the page shows it elsewhere, and the courier's tracking page in a new tab.
 * The customer's order page and the tracking page show the same.
 */
export function ShipmentDetails({
  fulfillment: f,
  expected = true,
}: {
  fulfillment: Fulfillment;
  expected?: boolean;
}) {
  const t = useT();
  const { calendarDate } = useFormat();
  const expectedDay = expected ? calendarDate(f.estimatedDelivery) : '';
  return (
    <>
      {(f.shippingProvider || f.trackingNumber || expectedDay) && (
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          {f.shippingProvider && (
            <div>
              <dt className="text-stone-500">{t('shop.order.courier')}</dt>
              <dd className="font-medium">{f.shippingProvider}</dd>
            </div>
          )}
          {f.trackingNumber && (
            <div>
              <dt className="text-stone-500">{t('shop.order.trackingNumber')}</dt>
              <dd className="break-all font-medium">
                <bdi>{f.trackingNumber}</bdi>
              </dd>
            </div>
          )}
          {expectedDay && (
            <div>
              <dt className="text-stone-500">{t('shop.order.expectedDelivery')}</dt>
              <dd>{expectedDay}</dd>
            </div>
          )}
        </dl>
      )}
      {f.trackingUrl && (
        <a
          href={f.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
        >
          {t('shop.order.track')} <ExternalLink aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">{t('shop.order.newTab')}</span>
        </a>
      )}
    </>
  );
}
