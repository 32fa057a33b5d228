import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Book, BooksQuery } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /books`, with a search and an order when given. The query is written in a fixed order (search, sort) so
 * that the books page's first read is the one its HTML preloads (`/api/books?sort=newest`).
 */
export async function getBooks(filter: BooksQuery = {}, signal?: AbortSignal): Promise<Book[]> {
  const query = new URLSearchParams();
  if (filter.search) query.set('search', filter.search);
  if (filter.sort) query.set('sort', filter.sort);
  const text = query.toString();
  const body = await api<{ data: Book[] }>(text ? `/books?${text}` : '/books', {
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
