import type { FatwahLink } from '@scholar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The HTML readers will be shown for an answer's Markdown, rendered and sanitised by the server. */
export async function previewAnswer(answer: string, signal?: AbortSignal): Promise<string> {
  const body = await api<{ data: { html: string } }>('/fatwahs/admin/preview', {
    method: 'POST',
    body: { answer },
    signal,
    fallbackError: 'Failed to preview the answer',
  });
  return body.data.html;
}

/** Published fatwahs like a question, for the desk beside it (the question itself left out). */
export function useDeskSimilar(id: string, question: string) {
  return useQuery<FatwahLink[]>({
    queryKey: queryKeys.fatwahs.deskSimilar(id, question),
    queryFn: ({ signal }) =>
      api<{ data: FatwahLink[] }>('/fatwahs/admin/similar', {
        query: { q: question, exclude: id },
        signal,
        fallbackError: 'Failed to find similar fatwahs',
      }).then((body) => body.data),
    enabled: question.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
