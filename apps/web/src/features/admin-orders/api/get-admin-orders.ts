import type { AdminOrdersPagination, Order, OrderStats } from '@scholar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface AdminOrdersFilter {
  page: number;
  status: string;
  startDate?: string;
  endDate?: string;
  /** Part of an order number, customer name, email or phone: the server searches every order. */
  search?: string;
  /** `guest-cod`: guests' cash-on-delivery orders waiting to be sent only (docs/decisions/074). */
  view?: string;
}

interface AdminOrdersAnswer {
  data: { orders: Order[]; stats: OrderStats; pagination: AdminOrdersPagination };
}

/** The filter as the list and the CSV export send it ('all' statuses: none). */
export const filterQuery = (filter: Omit<AdminOrdersFilter, 'page'>) => ({
  status: filter.status === 'all' ? undefined : filter.status,
  startDate: filter.startDate,
  endDate: filter.endDate,
  search: filter.search || undefined,
  view: filter.view || undefined,
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
