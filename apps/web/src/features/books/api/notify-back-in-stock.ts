import { useMutation } from '@tanstack/react-query';
import type { BookLanguage } from '@scholar/shared';
import { api } from '../../../lib/api-client';

/** `POST /books/{id}/notify`: one mail to this address when the edition is back in stock. */
export function notifyBackInStock(bookId: string, body: { email: string; language: BookLanguage }) {
  return api<{ success: true; message: string }>(`/books/${encodeURIComponent(bookId)}/notify`, {
    method: 'POST',
    body,
    fallbackError: 'Could not save your request',
  });
}

export function useNotifyBackInStock() {
  return useMutation({
    mutationFn: ({ bookId, ...body }: { bookId: string; email: string; language: BookLanguage }) =>
      notifyBackInStock(bookId, body),
  });
}
