import type { AdminFatwah } from '@scholar/shared';
import { PAGE_SIZES } from '@scholar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FatwahPage, PublicFilter } from './get-public-fatwahs';

export interface AdminFilter extends PublicFilter {
  status?: string;
}

export function useAdminFatwahs(filter: AdminFilter) {
  return useQuery({
    queryKey: queryKeys.fatwahs.admin(filter),
    queryFn: ({ signal }) =>
      api<FatwahPage<AdminFatwah>>('/fatwahs', {
        query: { ...filter, limit: PAGE_SIZES.adminFatwahs },
        signal,
        fallbackError: 'Failed to fetch fatwahs',
      }),
    placeholderData: keepPreviousData,
  });
}
