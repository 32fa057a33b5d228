import {
  formatDateTime,
  formatMoney,
  REFUND_DAYS_TEXT,
  roundRupees,
  type Order,
  type OrderRefund,
} from '@scholar/shared';

/**
 * The refunds a customer is told about: those started or made. A failed one took nothing back and the shop decides
 * whether to try again, so it is not announced as money on its way; the amounts shown never count it either.
 */
export const visibleRefunds = (order: Pick<Order, 'refunds'>): OrderRefund[] =>
  order.refunds.filter((refund) => refund.status !== 'failed');

/** Whether a refund of the order is still on its way (the page reads the order again until it arrives). */
export const hasPendingRefund = (order: Pick<Order, 'refunds'> | undefined): boolean =>
  order?.refunds.some((refund) => refund.status === 'pending') ?? false;

/** A refund in the customer's words: started (and how long the bank takes), or made. */
export function refundSentence(refund: OrderRefund): { text: string; at: string } {
  if (refund.status === 'processed') {
    return { text: `${formatMoney(refund.amount)} refunded on`, at: refund.updatedAt };
  }
  return { text: `Refund of ${formatMoney(refund.amount)} started on`, at: refund.createdAt };
}

/** Each refund of the order, oldest first; nothing when there is none to tell. */
export function OrderRefunds({ order }: { order: Order }) {
  const refunds = visibleRefunds(order);
  if (refunds.length === 0) return null;
  return (
    <ul aria-label="Refunds" className="mt-3 space-y-2 text-sm">
      {refunds.map((refund) => {
        const { text, at } = refundSentence(refund);
        return (
          <li key={refund._id}>
            {text} <time dateTime={at}>{formatDateTime(at)}</time>
            {refund.status === 'pending'
              ? ` — it reaches your account in ${REFUND_DAYS_TEXT}.`
              : ' to your original payment method.'}
          </li>
        );
      })}
    </ul>
  );
}

/** Under the order's total, once something was refunded: the refunds and what the customer paid in the end. */
export function NetPaid({ order }: { order: Pick<Order, 'amount' | 'refundedAmount'> }) {
  if (order.refundedAmount <= 0) return null;
  return (
    <dl aria-label="After refunds" className="ms-auto mt-2 max-w-xs space-y-1 text-sm">
      <div className="flex justify-between gap-4">
        <dt>Refunded</dt>
        <dd className="tabular-nums">−{formatMoney(order.refundedAmount)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-1 font-semibold">
        <dt>Net paid</dt>
        <dd className="tabular-nums">{formatMoney(roundRupees(order.amount - order.refundedAmount))}</dd>
      </div>
    </dl>
  );
}
