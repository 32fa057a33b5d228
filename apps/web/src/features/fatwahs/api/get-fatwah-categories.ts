import { FATWAH_CATEGORIES } from '@scholar/shared';
import { useQuery } from '@tanstack/react-query';
import { api, isAbortError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Category names from the server; the built-in list stands in until they arrive (a failure is logged only, and a
 * read given up because the page was left is not a failure).
 */
export function useFatwahCategories(): string[] {
  const { data } = useQuery({
    queryKey: queryKeys.fatwahs.categories(),
    queryFn: async ({ signal }) => {
      try {
        return (await api<{ data: string[] }>('/fatwahs/categories', { signal })).data;
      } catch (error) {
        if (!isAbortError(error)) console.error('Failed to load fatwah categories', error);
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? [...FATWAH_CATEGORIES];
}
