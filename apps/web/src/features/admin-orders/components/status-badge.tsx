import { ORDER_STATUS_LABELS, type Order } from '@scholar/shared';

const STYLE: Record<Order['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  shipped: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  RTO: 'bg-red-100 text-red-900',
};

/** An order's status on the desk, in words (`ORDER_STATUS_LABELS`). */
export function StatusBadge({ status }: { status: Order['status'] }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLE[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
