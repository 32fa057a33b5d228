import { ORDER_STATUS_LABELS, type Order } from '@scholar/shared';

/**
 * What a customer reads for an order's status: the words of `ORDER_STATUS_LABELS`, as on the desk, with one
 * exception kept from docs/decisions/015: every order is paid (it is made when the payment is verified), so one
 * the shop has not shipped yet is being prepared, not waiting on anything: 'Paid · preparing to ship'.
 */
export const CUSTOMER_ORDER_STATUS_LABELS: Record<Order['status'], string> = {
  ...ORDER_STATUS_LABELS,
  pending: 'Paid · preparing to ship',
};

const STATUS_STYLE: Record<Order['status'], string> = {
  pending: 'bg-brand-50 text-brand-800',
  shipped: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  RTO: 'bg-red-100 text-red-900',
  cancelled: 'bg-gray-200 text-gray-800',
};

export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>
      {CUSTOMER_ORDER_STATUS_LABELS[status]}
    </span>
  );
}
