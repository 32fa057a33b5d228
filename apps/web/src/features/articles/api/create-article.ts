import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ARTICLE_MESSAGES, type Article, type ArticleBody } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { SubmissionKeys } from '../../../lib/submission-keys';

/** The new article form's Idempotency-Keys: a retry of the same article writes it once. */
const submissions = new SubmissionKeys();

/** `POST /articles/admin`. */
export async function createArticle(body: ArticleBody): Promise<Article> {
  const answer = await api<{ data: Article }>('/articles/admin', {
    method: 'POST',
    body,
    submission: submissions,
    fallbackError: ARTICLE_MESSAGES.createFailed,
  });
  return answer.data;
}

/** A new article shows in the editors' list and stats, and in the public lists when it is published. */
export function useCreateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createArticle,
    onSuccess: async (article) => {
      const keys: QueryKey[] = [queryKeys.articles.adminLists(), queryKeys.articles.stats()];
      if (article.isPublished)
        keys.push(queryKeys.articles.publishedLists(), queryKeys.articles.recentLists());
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
