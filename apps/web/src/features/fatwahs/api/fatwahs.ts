import type {
  AdminFatwah,
  CreateFatwahBody,
  Fatwah,
  FatwahPagination,
  SubmittedFatwah,
  UpdateFatwahBody,
} from '@scholar/shared';
import { FATWAH_CATEGORIES, PAGE_SIZES } from '@scholar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, isAbortError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface FatwahPage<T> {
  data: T[];
  pagination: FatwahPagination;
}

export interface PublicFilter {
  search?: string;
  category?: string;
  page: number;
}

export function getPublicFatwahs(filter: PublicFilter, signal?: AbortSignal) {
  return api<FatwahPage<Fatwah>>('/fatwahs/public', {
    query: { ...filter, limit: PAGE_SIZES.publicFatwahs },
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

export async function getFatwah(id: string, signal?: AbortSignal): Promise<Fatwah | AdminFatwah> {
  const body = await api<{ data: Fatwah }>(`/fatwahs/${id}`, {
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

export function submitQuestion(body: {
  question: string;
  categories: string[];
  askerName?: string;
  askerEmail?: string;
  showAskerName?: boolean;
  website?: string;
}) {
  return api<{ data: SubmittedFatwah }>('/fatwahs/submit', {
    method: 'POST',
    body,
    fallbackError: 'Failed to submit question',
  });
}

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

export async function createFatwah(body: CreateFatwahBody): Promise<AdminFatwah> {
  return (
    await api<{ data: AdminFatwah }>('/fatwahs', {
      method: 'POST',
      body,
      fallbackError: 'Failed to create fatwah',
    })
  ).data;
}

export async function updateFatwah(
  id: string,
  body: UpdateFatwahBody,
  fallbackError = 'Failed to update fatwah',
) {
  return (await api<{ data: AdminFatwah }>(`/fatwahs/${id}`, { method: 'PUT', body, fallbackError })).data;
}

export function deleteFatwah(id: string) {
  return api(`/fatwahs/${id}`, { method: 'DELETE', fallbackError: 'Failed to delete fatwah' });
}
