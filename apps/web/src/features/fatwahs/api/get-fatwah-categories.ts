import { FATWAH_CATEGORIES } from '@scholar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isAbortError, type ApiTransport } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Category names from the server; the built-in list stands in until they arrive (a failure is logged only, and a
 * read given up because the page was left is not a failure).
 */
export function useFatwahCategories(): string[] {
  const { data } = useQuery(fatwahCategoriesQueryOptions());
  return data ?? [...FATWAH_CATEGORIES];
}

/** `transport`: how a route loader on the server reaches the API (the browser's `fetch` otherwise). */
export const fatwahCategoriesQueryOptions = (transport?: ApiTransport) =>
  queryOptions({
    queryKey: queryKeys.fatwahs.categories(),
    queryFn: async ({ signal }) => {
      try {
        return (await api<{ data: string[] }>('/fatwahs/categories', { signal, transport })).data;
      } catch (error) {
        if (!isAbortError(error)) console.error('Failed to load fatwah categories', error);
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
