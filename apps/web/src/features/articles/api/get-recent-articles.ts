import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiReads, ARTICLE_MESSAGES, PAGE_SIZES, type ArticleSummary } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /articles/recent?limit=`: the newest published articles, without their content. */
export async function getRecentArticles(limit: number, signal?: AbortSignal): Promise<ArticleSummary[]> {
  const body = await api<{ data: ArticleSummary[] }>(apiReads.recentArticles(limit), {
    signal,
    fallbackError: ARTICLE_MESSAGES.loadListFailed,
  });
  return body.data;
}

export const recentArticlesQueryOptions = (limit: number = PAGE_SIZES.recentArticles) =>
  queryOptions({
    queryKey: queryKeys.articles.recent(limit),
    queryFn: ({ signal }) => getRecentArticles(limit, signal),
  });

export function useRecentArticles(limit: number = PAGE_SIZES.recentArticles) {
  return useQuery(recentArticlesQueryOptions(limit));
}
