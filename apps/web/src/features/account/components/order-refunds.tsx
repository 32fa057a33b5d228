import type { Order, OrderRefund } from '@scholar/shared';
import { T, useFormat, useT } from '../../../lib/i18n';

/**
 * The refunds a customer is told about: those started or made. A failed one took nothing back and the shop decides
 * whether to try again, so it is not announced as money on its way; the amounts shown never count it either.
 */
export const visibleRefunds = (order: Pick<Order, 'refunds'>): OrderRefund[] =>
  order.refunds.filter((refund) => refund.status !== 'failed');

/** Whether a refund of the order is still on its way (the page reads the order again until it arrives). */
export const hasPendingRefund = (order: Pick<Order, 'refunds'> | undefined): boolean =>
  order?.refunds.some((refund) => refund.status === 'pending') ?? false;

/**
 * A refund in the customer's words: made (on the day it was), or started (and how long the bank takes, as the
 * return policy promises).
 */
function RefundSentence({ refund }: { refund: OrderRefund }) {
  const { money, dateTime } = useFormat();
  const made = refund.status === 'processed';
  const at = made ? refund.updatedAt : refund.createdAt;
  return (
    <T
      id={made ? 'shop.refund.made' : 'shop.refund.started'}
      values={{ amount: money(refund.amount), date: dateTime(at) }}
      components={{ 0: <time dateTime={at} /> }}
    />
  );
}

/** Each refund of the order, oldest first; nothing when there is none to tell. */
export function OrderRefunds({ order }: { order: Order }) {
  const t = useT();
  const refunds = visibleRefunds(order);
  if (refunds.length === 0) return null;
  return (
    <ul aria-label={t('shop.order.refunds')} className="mt-3 space-y-2 text-sm">
      {refunds.map((refund) => (
        <li key={refund._id}>
          <RefundSentence refund={refund} />
        </li>
      ))}
    </ul>
  );
}
