import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiReads, ARTICLE_MESSAGES, PAGE_SIZES, type ArticleSummary } from '@scholar/shared';
import { api, type ApiTransport } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /articles/recent?limit=`: the newest published articles, without their content. */
export async function getRecentArticles(
  limit: number,
  signal?: AbortSignal,
  transport?: ApiTransport,
): Promise<ArticleSummary[]> {
  const body = await api<{ data: ArticleSummary[] }>(apiReads.recentArticles(limit), {
    signal,
    transport,
    fallbackError: ARTICLE_MESSAGES.loadListFailed,
  });
  return body.data;
}

/** `transport`: how a route loader on the server reaches the API (the browser's `fetch` otherwise). */
export const recentArticlesQueryOptions = (
  limit: number = PAGE_SIZES.recentArticles,
  transport?: ApiTransport,
) =>
  queryOptions({
    queryKey: queryKeys.articles.recent(limit),
    queryFn: ({ signal }) => getRecentArticles(limit, signal, transport),
  });

export function useRecentArticles(limit: number = PAGE_SIZES.recentArticles) {
  return useQuery(recentArticlesQueryOptions(limit));
}
