import { ORDER_STATUS_LABELS, STOCK_MESSAGES, type Order } from '@scholar/shared';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { Badge } from '../../../components/ui/badge';

/** An order's status on the desk, in words (`ORDER_STATUS_LABELS`). */
export function StatusBadge({ status }: { status: Order['status'] }) {
  return <OrderStatusBadge status={status} labels={ORDER_STATUS_LABELS} />;
}

/**
 * An order paid for after its book ran out: the owner ships it when copies come, or refunds it. Nothing for
 * any other order.
 */
export function BackorderedBadge({ order }: { order: Pick<Order, 'backordered'> }) {
  if (!order.backordered) return null;
  return (
    <Badge tone="orange" className="ms-1">
      {STOCK_MESSAGES.backordered}
    </Badge>
  );
}
