import type { Order } from '@scholar/shared';
import { Badge, type BadgeTone } from './ui/badge';

/** The colour of each order status, on the desk as in the customer's account. */
const ORDER_STATUS_TONES: Record<Order['status'], BadgeTone> = {
  pending: 'amber',
  shipped: 'sky',
  delivered: 'emerald',
  RTO: 'red',
  cancelled: 'gray',
};

/** An order's status in `labels`' words; `pending` may take another colour where it means something calmer. */
export function OrderStatusBadge({
  status,
  labels,
  pendingTone = ORDER_STATUS_TONES.pending,
}: {
  status: Order['status'];
  labels: Record<Order['status'], string>;
  pendingTone?: BadgeTone;
}) {
  return (
    <Badge tone={status === 'pending' ? pendingTone : ORDER_STATUS_TONES[status]}>{labels[status]}</Badge>
  );
}
