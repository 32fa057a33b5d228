import { ORDER_STATUS_LABELS, STOCK_MESSAGES, type Order } from '@scholar/shared';

const STYLE: Record<Order['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  shipped: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  RTO: 'bg-red-100 text-red-900',
  cancelled: 'bg-gray-200 text-gray-800',
};

/** An order's status on the desk, in words (`ORDER_STATUS_LABELS`). */
export function StatusBadge({ status }: { status: Order['status'] }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLE[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * An order paid for after its book ran out: the owner ships it when copies come, or refunds it. Nothing for
 * any other order.
 */
export function BackorderedBadge({ order }: { order: Pick<Order, 'backordered'> }) {
  if (!order.backordered) return null;
  return (
    <span className="ml-1 inline-block rounded-full bg-orange-100 px-2.5 py-0.5 text-xs font-semibold text-orange-900">
      {STOCK_MESSAGES.backordered}
    </span>
  );
}
