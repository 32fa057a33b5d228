import type { FulfillmentBody, Order } from '@scholar/shared';
import { api } from '../../../lib/api-client';

export async function updateFulfillment(id: string, body: FulfillmentBody): Promise<Order> {
  const answer = await api<{ data: { order: Order } }>(`/orders/admin/${id}/fulfillment`, {
    method: 'PATCH',
    body,
    fallbackError: 'Failed to update order fulfillment',
  });
  return answer.data.order;
}
