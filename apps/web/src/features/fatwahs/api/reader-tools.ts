import { SIMILAR_MIN_WORDS, type FatwahAskerStatus, type FatwahLink } from '@scholar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiTransport } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The words of a text, as the server counts them before looking for similar questions. */
export const wordCount = (text: string) => text.trim().split(/\s+/u).filter(Boolean).length;

/** Published fatwahs like a question being typed: asked once it has three words (the caller debounces). */
export function useSimilarQuestions(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: queryKeys.fatwahs.similar(q),
    queryFn: ({ signal }) =>
      api<{ data: FatwahLink[] }>('/fatwahs/similar', {
        query: { q },
        signal,
        fallbackError: 'Failed to find similar fatwahs',
      }).then((body) => body.data),
    enabled: wordCount(q) >= SIMILAR_MIN_WORDS,
    staleTime: 60_000,
  });
}

/** Up to four published fatwahs related to one (same category, the most alike first). */
export function useRelatedFatwahs(id: string, enabled = true) {
  return useQuery({ ...relatedFatwahsQueryOptions(id), enabled });
}

/** `transport`: how a route loader on the server reaches the API (the browser's `fetch` otherwise). */
export const relatedFatwahsQueryOptions = (id: string, transport?: ApiTransport) =>
  queryOptions({
    queryKey: queryKeys.fatwahs.related(id),
    queryFn: ({ signal }) =>
      api<{ data: FatwahLink[] }>(`/fatwahs/${encodeURIComponent(id)}/related`, {
        signal,
        transport,
        fallbackError: 'Failed to fetch related fatwahs',
      }).then((body) => body.data),
  });

/** The asker's status page: the reference and the email they gave → where the question is. */
export async function checkQuestionStatus(reference: string, email: string): Promise<FatwahAskerStatus> {
  const body = await api<{ data: FatwahAskerStatus }>('/fatwahs/status', {
    method: 'POST',
    body: { reference, email },
    fallbackError: 'Failed to check the question',
  });
  return body.data;
}
