import type { Order } from '@scholar/shared';
import { useFormat, useT } from '../lib/i18n';

/** The steps an order has been through (ordered, shipped, delivered), each with its date, oldest first. */
export function OrderTimeline({
  order,
  className = '',
  label,
}: {
  order: Pick<Order, 'createdAt' | 'fulfillment'>;
  className?: string;
  label?: string;
}) {
  const t = useT();
  const { dateTime } = useFormat();
  const steps = [
    { label: t('shop.timeline.ordered'), at: order.createdAt },
    { label: t('shop.timeline.shipped'), at: order.fulfillment.shippedAt },
    { label: t('shop.timeline.delivered'), at: order.fulfillment.deliveredAt },
  ].filter((step): step is { label: string; at: string } => Boolean(step.at));
  return (
    <ol aria-label={label} className={`space-y-3 border-s-2 border-brand-100 ps-4 ${className}`}>
      {steps.map((step) => (
        <li key={step.label}>
          <p className="font-medium">{step.label}</p>
          <time dateTime={step.at} className="text-stone-600">
            {dateTime(step.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
