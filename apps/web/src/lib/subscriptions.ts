import type { SubscribeBody, SubscriptionConfirmed, SubscriptionStats } from '@scholar/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** The subscriptions' calls (docs/decisions/048): the form, the mailed links' pages and the desk's counts. */

/** Sends the subscribe form; the server mails a confirmation link (the page's language goes with the call). */
export function subscribe(body: SubscribeBody) {
  return api<{ message: string }>('/subscriptions', {
    method: 'POST',
    body,
    fallbackError: 'Failed to subscribe',
  });
}

export function confirmSubscription(token: string) {
  return api<{ data: SubscriptionConfirmed }>('/subscriptions/confirm', {
    method: 'POST',
    body: { token },
    fallbackError: 'Failed to confirm',
  });
}

export function unsubscribe(token: string) {
  return api<{ message: string }>('/subscriptions/unsubscribe', {
    method: 'POST',
    query: { token },
    fallbackError: 'Failed to unsubscribe',
  });
}

export function useSubscriberStats() {
  return useQuery({
    queryKey: queryKeys.subscriptions.stats(),
    queryFn: ({ signal }) => api<{ data: SubscriptionStats }>('/subscriptions/stats', { signal }),
    select: (answer) => answer.data,
  });
}
