import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ARTICLE_MESSAGES, PAGE_SIZES, type ArticleList } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type AdminArticlesParams = {
  page: number;
  /** Left out when empty. */
  search?: string;
  /** Left out for 'All'. */
  isPublished?: boolean;
};

/** `GET /articles/admin/all`: every article, 10 a page, newest created first (docs/product.md, "API"). */
export async function getAdminArticles(
  params: AdminArticlesParams,
  signal?: AbortSignal,
): Promise<ArticleList> {
  const body = await api<{ data: ArticleList }>('/articles/admin/all', {
    query: {
      page: params.page,
      limit: PAGE_SIZES.adminArticles,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      search: params.search,
      isPublished: params.isPublished,
    },
    signal,
    fallbackError: ARTICLE_MESSAGES.loadListFailed,
  });
  return body.data;
}

export const adminArticlesQueryOptions = (params: AdminArticlesParams) =>
  queryOptions({
    queryKey: queryKeys.articles.adminList(params),
    queryFn: ({ signal }) => getAdminArticles(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminArticles(params: AdminArticlesParams) {
  return useQuery(adminArticlesQueryOptions(params));
}
