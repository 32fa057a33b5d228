import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiReads,
  ARTICLE_MESSAGES,
  publicArticlesPage,
  type ArticleList,
  type ArticleSortField,
  type ArticleSortOrder,
  type ContentLanguage,
} from '@scholar/shared';
import { api, type ApiTransport } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type PublishedArticlesParams = {
  page: number;
  limit: number;
  sortBy: ArticleSortField;
  sortOrder: ArticleSortOrder;
  /** The reader's language: its articles first, and the answer counts each language. */
  language?: ContentLanguage;
  search?: string;
  tags?: string;
};

/** `GET /articles/published`: one page of published articles. */
export async function getPublishedArticles(
  params: PublishedArticlesParams,
  signal?: AbortSignal,
  transport?: ApiTransport,
): Promise<ArticleList> {
  const body = await api<{ data: ArticleList }>(apiReads.publishedArticles(params), {
    signal,
    transport,
    fallbackError: ARTICLE_MESSAGES.loadListFailed,
  });
  return body.data;
}

/** `transport`: how a route loader on the server reaches the API (the browser's `fetch` otherwise). */
export const publishedArticlesQueryOptions = (params: PublishedArticlesParams, transport?: ApiTransport) =>
  queryOptions({
    queryKey: queryKeys.articles.publishedList(params),
    queryFn: ({ signal }) => getPublishedArticles(params, signal, transport),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/**
 * The public list as the page asks for it: 12 a page, newest publication first, the reader's language first; with
 * the words of its search and the tag of a tag page when there are.
 */
export function usePublishedArticles(
  page: number,
  language: ContentLanguage,
  filter: { search?: string; tag?: string } = {},
) {
  return useQuery(publishedArticlesQueryOptions(publishedArticlesParams(page, language, filter)));
}

/** The list's read for a page, a language, a search and a tag (the screen's, and its route loader's). */
export function publishedArticlesParams(
  page: number,
  language: ContentLanguage,
  filter: { search?: string; tag?: string } = {},
): PublishedArticlesParams {
  return {
    ...publicArticlesPage(page, language),
    ...(filter.search ? { search: filter.search } : {}),
    ...(filter.tag ? { tags: filter.tag } : {}),
  };
}
