import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Book } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function getBooks(signal?: AbortSignal): Promise<Book[]> {
  const body = await api<{ data: Book[] }>('/books', { signal, fallbackError: 'Cannot get books' });
  return body.data;
}

export const booksQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.books.list(), queryFn: ({ signal }) => getBooks(signal) });

export function useBooks() {
  return useQuery(booksQueryOptions());
}
