import type { ReturnRequest, ReturnRequestBody } from '@scholar/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const base = (userId: string, orderId: string) =>
  `/orders/${encodeURIComponent(userId)}/${encodeURIComponent(orderId)}/returns`;

/** The customer's requests about one of their orders, newest first. */
export const myOrderReturnsQueryOptions = (userId: string, orderId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.returns({ orderId }),
    queryFn: async ({ signal }) =>
      (await api<{ data: { requests: ReturnRequest[] } }>(base(userId, orderId), { signal })).data.requests,
  });

/** Asks to cancel or return; the order's requests are read again. */
export function useAskReturn(userId: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReturnRequestBody) =>
      (
        await api<{ data: { request: ReturnRequest } }>(base(userId, orderId), {
          method: 'POST',
          body,
          fallbackError: 'Your request could not be sent',
        })
      ).data.request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.returns({ orderId }) }),
  });
}
