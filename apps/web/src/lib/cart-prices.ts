import type { CartBook } from '@scholar/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, type ApiTransport } from './api-client';
import { queryKeys } from './query-keys';

/** The ids of a guest cart's books as its prices are read by: each once, sorted. */
export const guestBookIds = (ids: readonly string[]): string[] => [...new Set(ids)].sort();

/**
 * The current fields, editions and stock of a guest cart's books (`POST /api/cart/prices`). `transport`: how a route
 * loader on the server reaches the API (the browser's `fetch` otherwise).
 */
export const cartPricesQueryOptions = (
  bookIds: readonly string[],
  fallbackError = 'Cannot get the cart',
  transport?: ApiTransport,
) =>
  queryOptions({
    queryKey: queryKeys.cart.prices(bookIds),
    queryFn: async ({ signal }) =>
      (
        await api<{ data: { books: CartBook[] } }>('/cart/prices', {
          method: 'POST',
          body: { bookIds },
          signal,
          transport,
          fallbackError,
        })
      ).data.books,
  });
