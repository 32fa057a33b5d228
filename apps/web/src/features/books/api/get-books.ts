import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiReads,
  BOOK_SORTS,
  DEFAULT_BOOK_SORT,
  publicBooksPage,
  type Book,
  type BookPage,
  type BookSort,
  type BooksPageQuery,
  type BooksQuery,
} from '@scholar/shared';
import { api, type ApiTransport } from '../../../lib/api-client';
import { pageParam } from '../../../lib/page-window';
import { queryKeys } from '../../../lib/query-keys';

/** The longest search the API takes. */
export const MAX_BOOK_SEARCH_LENGTH = 200;

export const isBookSort = (value: string | null): value is BookSort =>
  BOOK_SORTS.some((sort) => sort === value);

/**
 * What the books page shows for its address (`?search=…&sort=…&page=n`): the screen and its route loader read
 * the same list from it.
 */
export function booksPageOf(params: URLSearchParams): Required<BooksPageQuery> {
  const sort = params.get('sort');
  return {
    search: (params.get('search') ?? '').trim().slice(0, MAX_BOOK_SEARCH_LENGTH),
    sort: isBookSort(sort) ? sort : DEFAULT_BOOK_SORT,
    page: pageParam(params.get('page')),
  };
}

/** The read of a page of the books page: an empty search is no search. */
export const booksPageRead = ({ search, sort, page }: Required<BooksPageQuery>): BooksPageQuery => ({
  ...(search ? { search } : {}),
  sort,
  page,
});

/** `GET /books`: every book, with a search and an order when given (the home page and the admin's list). */
export async function getBooks(
  filter: BooksQuery = {},
  signal?: AbortSignal,
  transport?: ApiTransport,
): Promise<Book[]> {
  const body = await api<{ data: Book[] }>(apiReads.books(filter), {
    signal,
    transport,
    fallbackError: 'Cannot get books',
  });
  return body.data;
}

/** `transport`: how a route loader on the server reaches the API (the browser's `fetch` otherwise). */
export const booksQueryOptions = (filter: BooksQuery = {}, transport?: ApiTransport) =>
  queryOptions({
    queryKey: queryKeys.books.list(filter),
    queryFn: ({ signal }) => getBooks(filter, signal, transport),
  });

/** Every book, newest first (the home page and the admin's list). */
export function useBooks() {
  return useQuery(booksQueryOptions());
}

/**
 * `GET /books?page=`: a page of the books page, for its search and order. The URL comes from the route contract,
 * so the page's first read is the one its HTML preloads (`/api/books?sort=newest&page=1&limit=24`).
 */
export function getBookPage(
  query: BooksPageQuery,
  signal?: AbortSignal,
  transport?: ApiTransport,
): Promise<BookPage> {
  return api<BookPage>(apiReads.books(publicBooksPage(query)), {
    signal,
    transport,
    fallbackError: 'Cannot get books',
  });
}

export const bookPageQueryOptions = (query: BooksPageQuery, transport?: ApiTransport) =>
  queryOptions({
    queryKey: queryKeys.books.page(query),
    queryFn: ({ signal }) => getBookPage(query, signal, transport),
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
