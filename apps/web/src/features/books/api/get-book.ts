import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiReads, type Book } from '@scholar/shared';
import { api, ApiError, type ApiTransport } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function getBook(id: string, signal?: AbortSignal, transport?: ApiTransport): Promise<Book> {
  const body = await api<{ data: Book }>(apiReads.book(id), {
    signal,
    transport,
    fallbackError: 'Cannot get book',
  });
  return body.data;
}

/** A 404 (or a malformed id, 400) means the book does not exist: no point asking again. */
export const isMissingBook = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** `transport`: how a route loader on the server reaches the API (the browser's `fetch` otherwise). */
export const bookQueryOptions = (id: string, transport?: ApiTransport) =>
  queryOptions({
    queryKey: queryKeys.books.detail(id),
    queryFn: ({ signal }) => getBook(id, signal, transport),
    retry: (failures, error) => !isMissingBook(error) && failures < 1,
  });

export function useBook(id: string) {
  return useQuery(bookQueryOptions(id));
}
