import type { TrackedOrder, TrackOrderBody } from '@scholar/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** "Track your order": the order number and the email or phone used → the order without its address. */
export async function lookUpOrder(body: TrackOrderBody): Promise<TrackedOrder> {
  const answer = await api<{ data: TrackedOrder }>('/order-tracking', {
    method: 'POST',
    body,
    fallbackError: 'Failed to look up the order',
  });
  return answer.data;
}

/** The whole order through the signed link of its mails. */
export function useSignedOrder(orderNumber: string, signature: string) {
  return useQuery({
    queryKey: queryKeys.track.link(orderNumber, signature),
    queryFn: ({ signal }) =>
      api<{ data: TrackedOrder }>(`/order-tracking/${encodeURIComponent(orderNumber)}`, {
        query: { t: signature },
        signal,
        fallbackError: 'Failed to open the order',
      }).then((answer) => answer.data),
    enabled: signature !== '',
    retry: false,
  });
}
