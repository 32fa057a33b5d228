import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiReads, ARTICLE_MESSAGES, type Article } from '@scholar/shared';
import { api, ApiError, type ApiTransport } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /articles/published/{id}`: one published article. The server counts a view for every call. */
export async function getPublishedArticle(
  id: string,
  signal?: AbortSignal,
  transport?: ApiTransport,
): Promise<Article> {
  const body = await api<{ data: Article }>(apiReads.publishedArticle(id), {
    signal,
    transport,
    fallbackError: ARTICLE_MESSAGES.loadFailed,
  });
  return body.data;
}

/** True when the article does not exist for readers (unknown, malformed id, or a draft). */
export const isArticleMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** `transport`: how a route loader on the server reaches the API (the browser's `fetch` otherwise). */
export const publishedArticleQueryOptions = (id: string, transport?: ApiTransport) =>
  queryOptions({
    queryKey: queryKeys.articles.publishedDetail(id),
    queryFn: ({ signal }) => getPublishedArticle(id, signal, transport),
    // A missing article stays missing; only a failure of the network or the server is worth a second try.
    retry: (failures, error) => failures < 1 && !isArticleMissing(error),
  });

export function usePublishedArticle(id: string) {
  return useQuery(publishedArticleQueryOptions(id));
}

/**
 * `POST /articles/published/{id}/views`: counts the reader's view of an article whose page arrived rendered with it
 * (the server's read for the page counted none). A view that cannot be counted is not the reader's concern.
 */
export async function countArticleView(id: string): Promise<number | undefined> {
  try {
    const body = await api<{ data: { views: number } }>(`${apiReads.publishedArticle(id)}/views`, {
      method: 'POST',
    });
    return body.data.views;
  } catch {
    return undefined;
  }
}
