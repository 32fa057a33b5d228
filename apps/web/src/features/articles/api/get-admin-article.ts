import { queryOptions, useQuery } from '@tanstack/react-query';
import { ARTICLE_MESSAGES, type Article } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /articles/admin/{id}`: any article, draft or published, for editing (no view counted). */
export async function getAdminArticle(id: string, signal?: AbortSignal): Promise<Article> {
  const body = await api<{ data: Article }>(`/articles/admin/${encodeURIComponent(id)}`, {
    signal,
    fallbackError: ARTICLE_MESSAGES.loadFailed,
  });
  return body.data;
}

export const adminArticleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.articles.adminDetail(id),
    queryFn: ({ signal }) => getAdminArticle(id, signal),
    retry: false,
    // The form starts from what is saved now, not from a copy seen earlier.
    staleTime: 0,
  });

export function useAdminArticle(id: string) {
  return useQuery(adminArticleQueryOptions(id));
}
