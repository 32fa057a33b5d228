import type { FulfillmentBody, Order } from '@scholar/shared';
import { api } from '../../../lib/api-client';

/**
 * Saves an order's fulfillment (and its status). `failure` is the sentence of a failure the server gives no reason
 * for: 'Failed to update order status' when the status changes, else 'Failed to update order fulfillment'.
 */
export async function updateFulfillment(
  id: string,
  body: FulfillmentBody,
  failure = 'Failed to update order fulfillment',
): Promise<Order> {
  const answer = await api<{ data: { order: Order } }>(`/orders/admin/${id}/fulfillment`, {
    method: 'PATCH',
    body,
    fallbackError: failure,
  });
  return answer.data.order;
}
