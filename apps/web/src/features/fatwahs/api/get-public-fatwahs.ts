import type { ContentLanguage, Fatwah, FatwahLink, FatwahPagination, LanguageCounts } from '@scholar/shared';
import { apiReads } from '@scholar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiTransport } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface FatwahPage<T> {
  data: T[];
  pagination: FatwahPagination;
  /** The public list without a search: how many fatwahs each language has. */
  languages?: LanguageCounts;
  /** A misspelt search, as it was read (docs/decisions/077). */
  didYouMean?: string;
  /** A search that found nothing: the answers nearest to it. */
  nearest?: FatwahLink[];
}

export interface PublicFilter {
  search?: string;
  category?: string;
  page: number;
  /** The reader's language: its fatwahs first. */
  language?: ContentLanguage;
  /** Fewer than a page of the list, for a screen that shows fewer (the home page's latest answers). */
  limit?: number;
}

export function getPublicFatwahs(filter: PublicFilter, signal?: AbortSignal, transport?: ApiTransport) {
  return api<FatwahPage<Fatwah>>(apiReads.publicFatwahs(filter), {
    signal,
    transport,
    fallbackError: 'Failed to fetch fatwahs',
  });
}

/** `transport`: how a route loader on the server reaches the API (the browser's `fetch` otherwise). */
export const publicFatwahsQueryOptions = (filter: PublicFilter, transport?: ApiTransport) =>
  queryOptions({
    queryKey: queryKeys.fatwahs.public(filter),
    queryFn: ({ signal }) => getPublicFatwahs(filter, signal, transport),
    placeholderData: keepPreviousData,
  });

export function usePublicFatwahs(filter: PublicFilter) {
  return useQuery(publicFatwahsQueryOptions(filter));
}
