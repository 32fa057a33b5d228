import type { CancelGuestCodOrdersBody, Order } from '@scholar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface GuestCodCancelled {
  cancelled: Order[];
  /** The orders left as they were, each with the server's reason. */
  refused: { id: string; message: string; code: string }[];
  message: string;
}

/** Cancels guests' cash-on-delivery orders waiting to be sent (docs/decisions/074): copies back, a mail to each. */
export async function cancelGuestCodOrders(body: CancelGuestCodOrdersBody): Promise<GuestCodCancelled> {
  const answer = await api<{ data: Omit<GuestCodCancelled, 'message'>; message: string }>(
    '/orders/admin/guest-cod/cancel',
    { method: 'POST', body, fallbackError: 'Failed to cancel the orders' },
  );
  return { ...answer.data, message: answer.message };
}

/** The bulk cancellation; the desk's lists (the view, the status counts) are read again whatever it answered. */
export function useCancelGuestCodOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelGuestCodOrders,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.adminLists() }),
  });
}
