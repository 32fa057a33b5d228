import { useQuery } from '@tanstack/react-query';
import { DELIVERY_PINCODE_PATTERN, type DeliveryQuoteAnswer } from '@scholar/shared';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** `GET /delivery/{pincode}?quantity=N`: whether the shop delivers there, the charge and the days. */
export async function getDeliveryQuote(
  pincode: string,
  quantity: number,
  signal?: AbortSignal,
): Promise<DeliveryQuoteAnswer> {
  const body = await api<{ data: DeliveryQuoteAnswer }>(
    `/delivery/${encodeURIComponent(pincode)}?quantity=${quantity}`,
    { signal, fallbackError: 'Could not check delivery to this pincode' },
  );
  return body.data;
}

/** Whether a typed pincode is complete enough to ask about: six digits, not starting with 0. */
export const isCompletePincode = (pincode: string | undefined): pincode is string =>
  pincode !== undefined && DELIVERY_PINCODE_PATTERN.test(pincode.trim());

/** The quote for a complete pincode (nothing is asked before), for at least one book and at most 100. */
export function useDeliveryQuote(pincode: string | undefined, quantity: number) {
  const complete = isCompletePincode(pincode) ? pincode.trim() : '';
  const books = Math.min(100, Math.max(1, Math.trunc(quantity) || 1));
  return useQuery({
    queryKey: queryKeys.delivery.quote(complete, books),
    queryFn: ({ signal }) => getDeliveryQuote(complete, books, signal),
    enabled: complete !== '',
    staleTime: 60_000,
    placeholderData: (previous) => (previous?.pincode === complete ? previous : undefined),
  });
}
