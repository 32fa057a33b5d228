import type { Order } from '@scholar/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refundPollMs } from '../../../lib/refund-poll';

/**
 * How often an order with a refund in progress is read again: Razorpay settles one within seconds. The server may
 * name another interval in the page (REFUND_POLL_MS).
 */
export const REFUND_POLL_MS = 2000;

export const hasPendingRefund = (order: Pick<Order, 'refunds'> | undefined): boolean =>
  order?.refunds.some((refund) => refund.status === 'pending') ?? false;

/** One order; read again every couple of seconds while a refund of it is in progress, until Razorpay settles it. */
export function useAdminOrder(id: string) {
  return useQuery({
    queryKey: queryKeys.orders.detail(id),
    queryFn: async ({ signal }) =>
      (
        await api<{ data: { order: Order } }>(`/orders/admin/${id}`, {
          signal,
          fallbackError: 'Failed to load order details',
        })
      ).data.order,
    retry: false,
    refetchInterval: (query) => (hasPendingRefund(query.state.data) ? refundPollMs(REFUND_POLL_MS) : false),
  });
}
