import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ARTICLE_MESSAGES, type Article } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PATCH /articles/admin/{id}/toggle-publish`: the article and the server's sentence. */
export async function toggleArticlePublish(id: string): Promise<{ article: Article; message: string }> {
  const answer = await api<{ data: Article; message?: string }>(
    `/articles/admin/${encodeURIComponent(id)}/toggle-publish`,
    { method: 'PATCH', fallbackError: ARTICLE_MESSAGES.statusFailed },
  );
  const message =
    answer.message ?? (answer.data.isPublished ? ARTICLE_MESSAGES.published : ARTICLE_MESSAGES.unpublished);
  return { article: answer.data, message };
}

/** A status change touches every list, the stats and the article's copies. */
export function useToggleArticlePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleArticlePublish,
    onSuccess: async ({ article }) => {
      queryClient.setQueryData(queryKeys.articles.adminDetail(article._id), article);
      await Promise.all(
        [
          queryKeys.articles.adminLists(),
          queryKeys.articles.stats(),
          queryKeys.articles.publishedLists(),
          queryKeys.articles.recentLists(),
          queryKeys.articles.publishedDetail(article._id),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
