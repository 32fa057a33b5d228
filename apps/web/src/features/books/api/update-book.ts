import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Book, UpdateBookBody } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function updateBook(id: string, body: UpdateBookBody): Promise<Book> {
  const res = await api<{ data: Book }>(`/books/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    fallbackError: 'Failed to update book',
  });
  return res.data;
}

/** Edits a book: its detail takes the answer, the lists are refetched. */
export function useUpdateBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateBookBody }) => updateBook(id, body),
    onSuccess: async (book) => {
      queryClient.setQueryData(queryKeys.books.detail(book._id), book);
      await queryClient.invalidateQueries({ queryKey: queryKeys.books.lists() });
    },
  });
}
