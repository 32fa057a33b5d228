import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newBookImageEntry, type Book } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `PUT /books/{id}/images` as multipart: `order` lists the images as they should be (current paths, `new:<n>` for
 * the n-th file sent), the new files follow as `images` parts. `images`: stored paths and new files, in order.
 * Images left out are removed.
 */
export async function updateBookImages(id: string, images: readonly (string | File)[]): Promise<Book> {
  const form = new FormData();
  const files: File[] = [];
  const order = images.map((image) => {
    if (typeof image === 'string') return image;
    files.push(image);
    return newBookImageEntry(files.length - 1);
  });
  form.append('order', JSON.stringify(order));
  for (const file of files) form.append('images', file, file.name);
  const res = await api<{ data: Book }>(`/books/${encodeURIComponent(id)}/images`, {
    method: 'PUT',
    body: form,
    fallbackError: 'Failed to update book',
  });
  return res.data;
}

/** Sets a book's images: its detail takes the answer, the lists are refetched. */
export function useUpdateBookImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, images }: { id: string; images: readonly (string | File)[] }) =>
      updateBookImages(id, images),
    onSuccess: async (book) => {
      queryClient.setQueryData(queryKeys.books.detail(book._id), book);
      await queryClient.invalidateQueries({ queryKey: queryKeys.books.lists() });
    },
  });
}
