import type { Order } from '@scholar/shared';

const STYLE: Record<Order['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  shipped: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  RTO: 'bg-red-100 text-red-900',
};

export function StatusBadge({ status }: { status: Order['status'] }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STYLE[status]}`}
    >
      {status}
    </span>
  );
}
