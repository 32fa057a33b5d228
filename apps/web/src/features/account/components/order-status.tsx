import { ORDER_STATUS_LABELS, type Order } from '@scholar/shared';
import { OrderStatusBadge as StatusBadge } from '../../../components/order-status-badge';
import { useT, type MessageId } from '../../../lib/i18n';

/**
 * What a customer reads for an order's status: the words of `ORDER_STATUS_LABELS`, as on the desk, with one
 * exception kept from docs/decisions/015: every order is paid (it is made when the payment is verified), so one
 * the shop has not shipped yet is being prepared, not waiting on anything: 'Paid · preparing to ship'.
 */
export const CUSTOMER_ORDER_STATUS_LABELS: Record<Order['status'], string> = {
  ...ORDER_STATUS_LABELS,
  pending: 'Paid · preparing to ship',
};

/** The message of each status in the customer's language (the API's values stay as they are). */
const CUSTOMER_ORDER_STATUS_MESSAGES: Record<Order['status'], MessageId> = {
  pending: 'shop.status.pending',
  shipped: 'shop.status.shipped',
  delivered: 'shop.status.delivered',
  RTO: 'shop.status.RTO',
  cancelled: 'shop.status.cancelled',
};

/** The customer's words for each status, in the page's language. */
export function useCustomerOrderStatusLabels(): Record<Order['status'], string> {
  const t = useT();
  const labels = { ...CUSTOMER_ORDER_STATUS_LABELS };
  for (const status of Object.keys(CUSTOMER_ORDER_STATUS_MESSAGES) as Order['status'][]) {
    labels[status] = t(CUSTOMER_ORDER_STATUS_MESSAGES[status]);
  }
  return labels;
}

/**
 * A paid order being prepared is not a warning: it takes the brand's colour, not the desk's amber. A
 * cash-on-delivery order nobody has paid yet (`unpaid`) is 'Placed · preparing to ship', never 'Paid'
 * (docs/decisions/058).
 */
export function OrderStatusBadge({ status, unpaid = false }: { status: Order['status']; unpaid?: boolean }) {
  const t = useT();
  const labels = useCustomerOrderStatusLabels();
  if (unpaid) labels.pending = t('shop.status.pendingCod');
  return <StatusBadge status={status} labels={labels} pendingTone="brand" />;
}
