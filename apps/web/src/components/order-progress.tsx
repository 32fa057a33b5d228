import type { OrderStatus } from '@scholar/shared';
import { Check } from 'lucide-react';
import { useFormat, useT, type MessageId } from '../lib/i18n';

/** What the progress line needs of an order: the customer's order or the tracking page's. */
export interface OrderProgressFacts {
  status: OrderStatus;
  createdAt: string;
  shippedAt: string | null;
  deliveredAt: string | null;
  /** When it was cancelled (null when it was not, or unknown). */
  cancelledAt?: string | null;
  /** The desk's expected day (YYYY-MM-DD), said under a step not reached yet. */
  estimatedDelivery?: string | null;
}

interface Step {
  label: MessageId;
  reached: boolean;
  at: string | null;
}

/**
 * The steps of an order, in order. "Out for delivery" has no status of its own (docs/decisions/054): it is lit
 * once the order is delivered, without a date. A cancelled order, or one the courier returned (RTO), ends in that
 * state after the steps it reached.
 */
export function orderSteps(order: OrderProgressFacts): { steps: Step[]; end: Step | null } {
  const delivered = order.status === 'delivered' || order.deliveredAt !== null;
  const shipped =
    delivered || order.status === 'shipped' || order.status === 'RTO' || order.shippedAt !== null;
  const steps: Step[] = [
    { label: 'track.progress.ordered', reached: true, at: order.createdAt },
    { label: 'track.progress.shipped', reached: shipped, at: order.shippedAt },
    { label: 'track.progress.outForDelivery', reached: delivered, at: null },
    { label: 'track.progress.delivered', reached: delivered, at: order.deliveredAt },
  ];
  if (order.status === 'cancelled') {
    return {
      steps: steps.filter((step) => step.reached),
      end: { label: 'track.progress.cancelled', reached: true, at: order.cancelledAt ?? null },
    };
  }
  if (order.status === 'RTO') {
    return {
      steps: steps.filter((step) => step.reached),
      end: { label: 'track.progress.rto', reached: true, at: null },
    };
  }
  return { steps, end: null };
}

/**
 * The progress line of an order: Ordered → Shipped → Out for delivery → Delivered, each step lit once reached and
 * dated where the date is known; a cancelled or returned order says so as its last step. A list in reading order
 * (right to left on an Urdu page), the current step marked for screen readers.
 */
export function OrderProgress({ order, className = '' }: { order: OrderProgressFacts; className?: string }) {
  const t = useT();
  const { calendarDate, dateTime } = useFormat();
  const { steps, end } = orderSteps(order);
  const all = end ? [...steps, end] : steps;
  const current = all.reduce((last, step, i) => (step.reached ? i : last), 0);
  const expected = !end && !all[3]?.reached ? calendarDate(order.estimatedDelivery) || null : null;
  return (
    <ol
      aria-label={t('track.progress.label')}
      className={`grid gap-3 sm:grid-flow-col sm:auto-cols-fr ${className}`}
    >
      {all.map((step, i) => {
        const stopped = step === end;
        const tone = !step.reached
          ? 'border-stone-300 bg-white text-stone-400'
          : stopped
            ? 'border-red-700 bg-red-700 text-white'
            : 'border-brand-700 bg-brand-700 text-white';
        return (
          <li
            key={step.label}
            aria-current={i === current ? 'step' : undefined}
            className="flex items-start gap-3 sm:flex-col sm:items-center sm:text-center"
            data-reached={step.reached}
          >
            <span
              aria-hidden="true"
              className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full border-2 ${tone}`}
            >
              {step.reached && !stopped ? <Check className="h-4 w-4" /> : null}
            </span>
            <span className="text-sm">
              <span className={step.reached ? 'font-semibold text-stone-900' : 'text-stone-500'}>
                {t(step.label)}
              </span>
              <span className="sr-only">
                {' '}
                ({t(step.reached ? 'track.progress.done' : 'track.progress.notYet')})
              </span>
              {step.at && (
                <time dateTime={step.at} className="block text-xs text-stone-600">
                  {dateTime(step.at)}
                </time>
              )}
              {i === 3 && expected && (
                <span className="block text-xs text-stone-600">
                  {t('track.progress.expected', { date: expected })}
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The progress facts of a customer's order (`Order` of the API). */
export const progressOf = (order: {
  status: OrderStatus;
  createdAt: string;
  cancellation: { cancelledAt: string } | null;
  fulfillment: { shippedAt: string | null; deliveredAt: string | null; estimatedDelivery: string | null };
}): OrderProgressFacts => ({
  status: order.status,
  createdAt: order.createdAt,
  shippedAt: order.fulfillment.shippedAt,
  deliveredAt: order.fulfillment.deliveredAt,
  cancelledAt: order.cancellation?.cancelledAt ?? null,
  estimatedDelivery: order.fulfillment.estimatedDelivery,
});
