import type { Order, RefundBody } from '@scholar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Starts a refund of the order's payment. `idempotencyKey` names the attempt: the same key sent again (a retry
 * after a timeout) answers the refund already started rather than refunding twice.
 */
export async function refundOrder(id: string, body: RefundBody, idempotencyKey: string): Promise<Order> {
  const answer = await api<{ data: { order: Order } }>(`/orders/admin/${encodeURIComponent(id)}/refunds`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    fallbackError: 'Failed to refund the order',
  });
  return answer.data.order;
}

/** Refunds an order; its detail takes the answer and the desk's lists (amounts, revenue) are read again. */
export function useRefundOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RefundBody; idempotencyKey: string }) =>
      refundOrder(id, body, idempotencyKey),
    onSuccess: async (order) => {
      queryClient.setQueryData(queryKeys.orders.detail(order._id), order);
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.adminLists() });
    },
    // A refusal may still have changed the order (a refund Razorpay refused is kept as failed; another admin may
    // have shipped it): read it again so that the page shows why.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(id) }),
  });
}
