import { useMutation } from '@tanstack/react-query';
import { ARTICLE_MESSAGES, type ArticlePreview } from '@scholar/shared';
import { api } from '../../../lib/api-client';

/** `POST /articles/admin/preview`: the Markdown rendered by the server as readers will see it; nothing is saved. */
export async function previewArticle(markdown: string): Promise<ArticlePreview> {
  const answer = await api<{ data: ArticlePreview }>('/articles/admin/preview', {
    method: 'POST',
    body: { markdown },
    fallbackError: ARTICLE_MESSAGES.previewFailed,
  });
  return answer.data;
}

/** A preview is asked for each time the Preview tab opens (nothing is cached: the text changes between). */
export function usePreviewArticle() {
  return useMutation({ mutationFn: previewArticle });
}
