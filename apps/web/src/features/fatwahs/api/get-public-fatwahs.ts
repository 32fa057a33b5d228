import type { ContentLanguage, Fatwah, FatwahPagination, LanguageCounts } from '@scholar/shared';
import { apiReads } from '@scholar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface FatwahPage<T> {
  data: T[];
  pagination: FatwahPagination;
  /** The public list without a search: how many fatwahs each language has. */
  languages?: LanguageCounts;
}

export interface PublicFilter {
  search?: string;
  category?: string;
  page: number;
  /** The reader's language: its fatwahs first. */
  language?: ContentLanguage;
}

export function getPublicFatwahs(filter: PublicFilter, signal?: AbortSignal) {
  return api<FatwahPage<Fatwah>>(apiReads.publicFatwahs(filter), {
    signal,
    fallbackError: 'Failed to fetch fatwahs',
  });
}

export function usePublicFatwahs(filter: PublicFilter) {
  return useQuery({
    queryKey: queryKeys.fatwahs.public(filter),
    queryFn: ({ signal }) => getPublicFatwahs(filter, signal),
    placeholderData: keepPreviousData,
  });
}
