import type { CancelOrderBody, Order } from '@scholar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Cancels an order not shipped yet: the whole rest of its payment is refunded and its copies go back to stock. */
export async function cancelOrder(id: string, body: CancelOrderBody): Promise<Order> {
  const answer = await api<{ data: { order: Order } }>(`/orders/admin/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    body,
    fallbackError: 'Failed to cancel the order',
  });
  return answer.data.order;
}

/** Cancels an order; its detail takes the answer and the desk's lists (status counts, revenue) are read again. */
export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelOrderBody) => cancelOrder(id, body),
    onSuccess: async (order) => {
      queryClient.setQueryData(queryKeys.orders.detail(order._id), order);
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.adminLists() });
    },
    // A refusal may still have changed the order (a refund Razorpay refused is kept as failed; another admin may
    // have shipped it): read it again so that the page shows why.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(id) }),
  });
}
