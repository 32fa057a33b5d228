import { ORDER_STATUS_LABELS, type Order } from '@scholar/shared';
import { OrderStatusBadge as StatusBadge } from '../../../components/order-status-badge';

/**
 * What a customer reads for an order's status: the words of `ORDER_STATUS_LABELS`, as on the desk, with one
 * exception kept from docs/decisions/015: every order is paid (it is made when the payment is verified), so one
 * the shop has not shipped yet is being prepared, not waiting on anything: 'Paid · preparing to ship'.
 */
export const CUSTOMER_ORDER_STATUS_LABELS: Record<Order['status'], string> = {
  ...ORDER_STATUS_LABELS,
  pending: 'Paid · preparing to ship',
};

/** A paid order being prepared is not a warning: it takes the brand's colour, not the desk's amber. */
export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  return <StatusBadge status={status} labels={CUSTOMER_ORDER_STATUS_LABELS} pendingTone="brand" />;
}
