import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleStats } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /articles/admin/stats`: the overview of the stat cards. */
export async function getArticleStats(signal?: AbortSignal): Promise<ArticleStats> {
  const body = await api<{ data: ArticleStats }>('/articles/admin/stats', { signal });
  return body.data;
}

export const articleStatsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.articles.stats(), queryFn: ({ signal }) => getArticleStats(signal) });

export function useArticleStats() {
  return useQuery(articleStatsQueryOptions());
}
