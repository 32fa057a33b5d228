import { apiReads, type AdminFatwah, type Fatwah } from '@scholar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiTransport } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function getFatwah(
  id: string,
  signal?: AbortSignal,
  transport?: ApiTransport,
): Promise<Fatwah | AdminFatwah> {
  const body = await api<{ data: Fatwah }>(apiReads.fatwah(id), {
    signal,
    transport,
    fallbackError: 'Failed to fetch fatwah details',
  });
  return body.data;
}

/** `transport`: how a route loader on the server reaches the API (the browser's `fetch` otherwise). */
export const fatwahQueryOptions = (id: string, transport?: ApiTransport) =>
  queryOptions({
    queryKey: queryKeys.fatwahs.detail(id),
    queryFn: ({ signal }) => getFatwah(id, signal, transport),
    retry: false,
  });

export function useFatwah(id: string, enabled = true) {
  return useQuery({ ...fatwahQueryOptions(id), enabled });
}
