import type { AdminOrdersPagination, FulfillmentBody, Order, OrderStats } from '@scholar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface AdminOrdersFilter {
  page: number;
  status: string;
  startDate?: string;
  endDate?: string;
  /** Part of an order number, customer name, email or phone: the server searches every order. */
  search?: string;
}

interface AdminOrdersAnswer {
  data: { orders: Order[]; stats: OrderStats; pagination: AdminOrdersPagination };
}

const filterQuery = (filter: Omit<AdminOrdersFilter, 'page'>) => ({
  status: filter.status === 'all' ? undefined : filter.status,
  startDate: filter.startDate,
  endDate: filter.endDate,
  search: filter.search || undefined,
});

export function useAdminOrders(filter: AdminOrdersFilter) {
  return useQuery({
    queryKey: queryKeys.orders.admin(filter),
    queryFn: async ({ signal }) =>
      (
        await api<AdminOrdersAnswer>('/orders/admin/all', {
          query: { page: filter.page, ...filterQuery(filter) },
          signal,
          fallbackError: 'Failed to get admin orders',
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** How often an order with a refund in progress is read again: Razorpay settles one within seconds. */
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
    refetchInterval: (query) => (hasPendingRefund(query.state.data) ? REFUND_POLL_MS : false),
  });
}

export async function updateFulfillment(id: string, body: FulfillmentBody): Promise<Order> {
  const answer = await api<{ data: { order: Order } }>(`/orders/admin/${id}/fulfillment`, {
    method: 'PATCH',
    body,
    fallbackError: 'Failed to update order fulfillment',
  });
  return answer.data.order;
}

/** Downloads the CSV export (the file name comes from the server). */
export async function downloadOrdersCsv(filter: Omit<AdminOrdersFilter, 'page'>): Promise<void> {
  const res = await apiResponse('/orders/admin/export-csv', {
    query: filterQuery(filter),
    fallbackError: 'Failed to export CSV file',
  });
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'orders_export.csv';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
