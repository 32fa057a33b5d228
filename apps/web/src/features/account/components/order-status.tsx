import type { Order } from '@scholar/shared';

/**
 * What a customer reads for an order's status. Every order is paid (it is made when the payment is verified), so
 * one the shop has not shipped yet is being prepared, not waiting on anything: 'Paid · preparing to ship'.
 */
export const ORDER_STATUS_LABELS: Record<Order['status'], string> = {
  pending: 'Paid · preparing to ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  RTO: 'Returned',
};

const STATUS_STYLE: Record<Order['status'], string> = {
  pending: 'bg-brand-50 text-brand-800',
  shipped: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  RTO: 'bg-red-100 text-red-900',
};

export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
