import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Book } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function deleteBook(id: string): Promise<Book> {
  const res = await api<{ data: Book }>(`/books/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallbackError: 'Failed to delete book',
  });
  return res.data;
}

/** Deletes a book; its detail is dropped from the cache and the lists refreshed. */
export function useDeleteBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteBook(id),
    onSuccess: async (_book, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.books.detail(id), exact: true });
      await queryClient.invalidateQueries({ queryKey: queryKeys.books.lists() });
    },
  });
}
