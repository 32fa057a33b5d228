import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiReads, type Book } from '@scholar/shared';
import { api, ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function getBook(id: string, signal?: AbortSignal): Promise<Book> {
  const body = await api<{ data: Book }>(apiReads.book(id), {
    signal,
    fallbackError: 'Cannot get book',
  });
  return body.data;
}

/** A 404 (or a malformed id, 400) means the book does not exist: no point asking again. */
export const isMissingBook = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

export const bookQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.books.detail(id),
    queryFn: ({ signal }) => getBook(id, signal),
    retry: (failures, error) => !isMissingBook(error) && failures < 1,
  });

export function useBook(id: string) {
  return useQuery(bookQueryOptions(id));
}
