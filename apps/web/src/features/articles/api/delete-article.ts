import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ARTICLE_MESSAGES, type Article } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `DELETE /articles/admin/{id}`. */
export async function deleteArticle(id: string): Promise<Article> {
  const answer = await api<{ data: Article }>(`/articles/admin/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallbackError: ARTICLE_MESSAGES.deleteFailed,
  });
  return answer.data;
}

/** The deleted article leaves the editors' list and stats, its copies, and the public lists if it was there. */
export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (article: Pick<Article, '_id' | 'isPublished'>) => deleteArticle(article._id),
    onSuccess: async (_deleted, article) => {
      queryClient.removeQueries({ queryKey: queryKeys.articles.adminDetail(article._id) });
      queryClient.removeQueries({ queryKey: queryKeys.articles.publishedDetail(article._id) });
      const keys: QueryKey[] = [queryKeys.articles.adminLists(), queryKeys.articles.stats()];
      if (article.isPublished)
        keys.push(queryKeys.articles.publishedLists(), queryKeys.articles.recentLists());
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
