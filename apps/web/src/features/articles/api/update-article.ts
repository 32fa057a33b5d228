import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ARTICLE_MESSAGES, type Article, type ArticleBody } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PUT /articles/admin/{id}`. */
export async function updateArticle(id: string, body: ArticleBody): Promise<Article> {
  const answer = await api<{ data: Article }>(`/articles/admin/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    fallbackError: ARTICLE_MESSAGES.updateFailed,
  });
  return answer.data;
}

export interface UpdateArticleVariables {
  id: string;
  body: ArticleBody;
  /** Whether readers could see the article before the edit. */
  wasPublished: boolean;
}

/**
 * The edited article: its two detail copies, the editors' list, the stats when it changed status, and the public
 * lists when readers saw it before or see it now.
 */
export function useUpdateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateArticleVariables) => updateArticle(id, body),
    onSuccess: async (article, { id, wasPublished }) => {
      queryClient.setQueryData(queryKeys.articles.adminDetail(id), article);
      const keys: QueryKey[] = [queryKeys.articles.adminLists(), queryKeys.articles.publishedDetail(id)];
      if (wasPublished !== article.isPublished) keys.push(queryKeys.articles.stats());
      if (wasPublished || article.isPublished) {
        keys.push(queryKeys.articles.publishedLists(), queryKeys.articles.recentLists());
      }
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
