import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiReads, type Book, type BooksQuery } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /books`, with a search and an order when given. The URL comes from the route contract, so the books
 * page's first read is the one its HTML preloads (`/api/books?sort=newest`).
 */
export async function getBooks(filter: BooksQuery = {}, signal?: AbortSignal): Promise<Book[]> {
  const body = await api<{ data: Book[] }>(apiReads.books(filter), {
    signal,
    fallbackError: 'Cannot get books',
  });
  return body.data;
}

export const booksQueryOptions = (filter: BooksQuery = {}) =>
  queryOptions({
    queryKey: queryKeys.books.list(filter),
    queryFn: ({ signal }) => getBooks(filter, signal),
  });

/** Every book, newest first (the home page and the admin's list). */
export function useBooks() {
  return useQuery(booksQueryOptions());
}

/** The books page's list: while a new search or order loads, the last answer stays on screen. */
export function useBookSearch(filter: BooksQuery) {
  return useQuery({ ...booksQueryOptions(filter), placeholderData: keepPreviousData });
}
