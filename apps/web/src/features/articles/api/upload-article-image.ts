import { useMutation } from '@tanstack/react-query';
import { ARTICLE_IMAGE_FIELD, ARTICLE_MESSAGES, type ArticleImage } from '@scholar/shared';
import { api } from '../../../lib/api-client';

/** `POST /articles/admin/images` (multipart): stores the file and answers its path for `featuredImage`. */
export async function uploadArticleImage(file: File): Promise<ArticleImage> {
  const form = new FormData();
  form.append(ARTICLE_IMAGE_FIELD, file, file.name);
  const answer = await api<{ data: ArticleImage }>('/articles/admin/images', {
    method: 'POST',
    body: form,
    fallbackError: ARTICLE_MESSAGES.imageUploadFailed,
  });
  return answer.data;
}

/** Nothing is cached about an upload until an article is saved with it. */
export function useUploadArticleImage() {
  return useMutation({ mutationFn: uploadArticleImage });
}
