import type {
  ApproveReturnBody,
  DeclineReturnBody,
  ReceiveReturnBody,
  ReturnRequest,
  ReturnStatus,
} from '@scholar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** An order's requests (cancel or return), newest first. */
export function useOrderReturns(orderId: string) {
  return useQuery({
    queryKey: queryKeys.orders.returns({ orderId }),
    queryFn: async ({ signal }) =>
      (
        await api<{ data: { requests: ReturnRequest[] } }>(
          `/orders/admin/${encodeURIComponent(orderId)}/returns`,
          { signal, fallbackError: 'Failed to load the return requests' },
        )
      ).data.requests,
  });
}

/** The desk's list of requests of a status: the open ones, oldest first. */
export function useReturnsList(status: ReturnStatus = 'requested') {
  return useQuery({
    queryKey: queryKeys.orders.returns({ status }),
    queryFn: async ({ signal }) =>
      (
        await api<{ data: { requests: ReturnRequest[] } }>(`/orders/admin/returns?status=${status}`, {
          signal,
          fallbackError: 'Failed to load the return requests',
        })
      ).data.requests,
  });
}

/** After an answer: the requests, the order (its refunds, status) and the desk's lists are read again. */
function useAnswered(orderId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.returnsAll() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.adminLists() }),
    ]);
}

export function useApproveReturn(orderId: string) {
  const answered = useAnswered(orderId);
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ApproveReturnBody }) =>
      await api<{ data: { request: ReturnRequest }; message?: string }>(
        `/orders/admin/returns/${encodeURIComponent(id)}/approve`,
        { method: 'POST', body, fallbackError: 'Failed to approve the request' },
      ),
    onSettled: answered,
  });
}

/** The parcel came back: the copies received and those back to stock, each chosen by the desk. */
export function useReceiveReturn(orderId: string) {
  const answered = useAnswered(orderId);
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ReceiveReturnBody }) =>
      await api<{ data: { request: ReturnRequest }; message?: string }>(
        `/orders/admin/returns/${encodeURIComponent(id)}/received`,
        { method: 'POST', body, fallbackError: 'Failed to record the parcel' },
      ),
    onSettled: answered,
  });
}

/** The received copies are refunded (to the card, or recorded as paid back by hand). */
export function useRefundReturn(orderId: string) {
  const answered = useAnswered(orderId);
  return useMutation({
    mutationFn: async ({ id }: { id: string }) =>
      await api<{ data: { request: ReturnRequest }; message?: string }>(
        `/orders/admin/returns/${encodeURIComponent(id)}/refund`,
        { method: 'POST', fallbackError: 'Failed to refund the return' },
      ),
    onSettled: answered,
  });
}

export function useDeclineReturn(orderId: string) {
  const answered = useAnswered(orderId);
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: DeclineReturnBody }) =>
      (
        await api<{ data: { request: ReturnRequest } }>(
          `/orders/admin/returns/${encodeURIComponent(id)}/decline`,
          { method: 'POST', body, fallbackError: 'Failed to decline the request' },
        )
      ).data.request,
    onSettled: answered,
  });
}
