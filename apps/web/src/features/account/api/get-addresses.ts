import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function getAddresses(userId: string, signal?: AbortSignal): Promise<Address[]> {
  const body = await api<{ data: { addresses: Address[] } }>(`/addresses/${encodeURIComponent(userId)}`, {
    signal,
    fallbackError: 'Failed to get addresses',
  });
  return body.data.addresses;
}

export const addressesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.addresses.list(userId),
    queryFn: ({ signal }) => getAddresses(userId, signal),
  });

export function useAddresses(userId: string) {
  return useQuery(addressesQueryOptions(userId));
}
