import type { AdminOrdersPagination, Order } from '@scholar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface MyOrdersPage {
  orders: Order[];
  pagination: AdminOrdersPagination;
}

/** One page of the customer's own orders, newest first. */
export async function getMyOrders(userId: string, page: number, signal?: AbortSignal): Promise<MyOrdersPage> {
  const body = await api<{ data: MyOrdersPage }>(`/orders/${encodeURIComponent(userId)}`, {
    query: { page },
    signal,
    fallbackError: 'Failed to fetch orders',
  });
  return body.data;
}

export const myOrdersQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.orders.mine(userId, page),
    queryFn: ({ signal }) => getMyOrders(userId, page, signal),
    // The page on screen stays while the next one is read.
    placeholderData: keepPreviousData,
  });

export function useMyOrders(userId: string, page: number) {
  return useQuery(myOrdersQueryOptions(userId, page));
}
