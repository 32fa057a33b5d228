import { apiReads, type AdminFatwah, type Fatwah } from '@scholar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function getFatwah(id: string, signal?: AbortSignal): Promise<Fatwah | AdminFatwah> {
  const body = await api<{ data: Fatwah }>(apiReads.fatwah(id), {
    signal,
    fallbackError: 'Failed to fetch fatwah details',
  });
  return body.data;
}

export const fatwahQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.fatwahs.detail(id),
    queryFn: ({ signal }) => getFatwah(id, signal),
    retry: false,
  });

export function useFatwah(id: string, enabled = true) {
  return useQuery({ ...fatwahQueryOptions(id), enabled });
}
