import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiReads,
  publicBooksPage,
  type Book,
  type BookPage,
  type BooksPageQuery,
  type BooksQuery,
} from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /books`: every book, with a search and an order when given (the home page and the admin's list). */
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

/**
 * `GET /books?page=`: a page of the books page, for its search and order. The URL comes from the route contract,
 * so the page's first read is the one its HTML preloads (`/api/books?sort=newest&page=1&limit=24`).
 */
export function getBookPage(query: BooksPageQuery, signal?: AbortSignal): Promise<BookPage> {
  return api<BookPage>(apiReads.books(publicBooksPage(query)), { signal, fallbackError: 'Cannot get books' });
}

export const bookPageQueryOptions = (query: BooksPageQuery) =>
  queryOptions({
    queryKey: queryKeys.books.page(query),
    queryFn: ({ signal }) => getBookPage(query, signal),
  });

/** The books page's list: while another page, search or order loads, the last answer stays on screen. */
export function useBookPage(query: BooksPageQuery) {
  return useQuery({ ...bookPageQueryOptions(query), placeholderData: keepPreviousData });
}

/** Books a page of the desk's table shows. */
export const DESK_BOOKS_PAGE_SIZE = 20;

/** The desk's table: a page of the books by name, for its search (matched and counted by the server). */
export function useDeskBooks(query: { search?: string; page: number }) {
  return useQuery({
    queryKey: queryKeys.books.desk(query),
    queryFn: ({ signal }) =>
      api<BookPage>(
        apiReads.books({
          search: query.search || undefined,
          sort: 'name',
          page: query.page,
          limit: DESK_BOOKS_PAGE_SIZE,
        }),
        { signal, fallbackError: 'Cannot get books' },
      ),
    placeholderData: keepPreviousData,
  });
}
