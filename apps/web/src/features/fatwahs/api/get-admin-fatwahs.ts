import type { AdminFatwahList, FatwahDeskSort, FatwahQueue } from '@scholar/shared';
import { PAGE_SIZES } from '@scholar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { PublicFilter } from './get-public-fatwahs';

export interface AdminFilter extends PublicFilter {
  /** The desk's queue (docs/decisions/049); a status instead lists every fatwah of that status. */
  queue?: FatwahQueue;
  status?: string;
  /** The oldest or the newest first; the server's default for the queue without it. */
  sort?: FatwahDeskSort;
}

/** A page of the desk's list, with the count of every queue. */
export function useAdminFatwahs(filter: AdminFilter) {
  return useQuery({
    queryKey: queryKeys.fatwahs.admin(filter),
    queryFn: ({ signal }) =>
      api<AdminFatwahList>('/fatwahs', {
        query: { ...filter, limit: PAGE_SIZES.adminFatwahs },
        signal,
        fallbackError: 'Failed to fetch fatwahs',
      }),
    placeholderData: keepPreviousData,
  });
}
