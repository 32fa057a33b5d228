import type { Order } from '@scholar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One of the customer's own orders; someone else's is 404 'Order not found', like one that does not exist. */
export async function getMyOrder(userId: string, orderId: string, signal?: AbortSignal): Promise<Order> {
  const body = await api<{ data: { order: Order } }>(
    `/orders/${encodeURIComponent(userId)}/${encodeURIComponent(orderId)}`,
    { signal, fallbackError: 'Failed to load order details' },
  );
  return body.data.order;
}

/** Whether a failure says the order is not there (or not theirs), rather than that the read failed. */
export const isOrderMissing = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

export const myOrderQueryOptions = (userId: string, orderId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.myOrder(userId, orderId),
    queryFn: ({ signal }) => getMyOrder(userId, orderId, signal),
    retry: (failures, error) => !isOrderMissing(error) && failures < 1,
  });

export function useMyOrder(userId: string, orderId: string) {
  return useQuery({ ...myOrderQueryOptions(userId, orderId), enabled: userId !== '' && orderId !== '' });
}
