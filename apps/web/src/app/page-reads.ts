import {
  ID_PATTERN,
  normalizeTag,
  PAGE_SIZES,
  type ApiTransport,
  type CookieCartLine,
  type Locale,
} from '@scholar/shared';
import { cartPricesQueryOptions, guestBookIds } from '../lib/cart-prices';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { publishedArticleQueryOptions } from '../features/articles/api/get-published-article';
import {
  publishedArticlesParams,
  publishedArticlesQueryOptions,
} from '../features/articles/api/get-published-articles';
import { recentArticlesQueryOptions } from '../features/articles/api/get-recent-articles';
import { bookQueryOptions } from '../features/books/api/get-book';
import {
  booksPageOf,
  booksPageRead,
  bookPageQueryOptions,
  booksQueryOptions,
} from '../features/books/api/get-books';
import { fatwahQueryOptions } from '../features/fatwahs/api/get-fatwah';
import { fatwahCategoriesQueryOptions } from '../features/fatwahs/api/get-fatwah-categories';
import { publicFatwahsQueryOptions } from '../features/fatwahs/api/get-public-fatwahs';
import { relatedFatwahsQueryOptions } from '../features/fatwahs/api/reader-tools';
import { pageParam } from '../lib/page-window';
import { siteSettingsQueryOptions } from '../lib/site-settings';

/**
 * What a route loader is given when the server renders a page (`requestContext` of React Router's static handler,
 * entry-server.tsx): the render's query client, which the page's HTML is then made from, how the reads reach the
 * API, and the page's language.
 */
export interface PageReadContext {
  queryClient: QueryClient;
  transport: ApiTransport;
  locale: Locale;
  /** The guest's cart from its cookie, when the page is `/cart` (lib/cookie-cart.tsx). */
  cart?: CookieCartLine[];
}

/** What a page's reads are made for: its route's parameters, its address's query and the render's context. */
export interface PageReadArgs {
  params: Params;
  search: URLSearchParams;
  context: PageReadContext;
}

/**
 * Makes the reads a page's screens ask for as a signed-out reader, with the same query keys and functions, into
 * the render's query client, so that the page renders once with all of them. A refusal (a book that does not
 * exist) is kept as the query's error, which the screen shows; nothing is thrown.
 */
export type PageReads = (args: PageReadArgs) => Promise<void>;

/** Whether a loader's context is a render's (the server's); anything else is no context for reads. */
export function isPageReadContext(context: unknown): context is PageReadContext {
  if (typeof context !== 'object' || context === null) return false;
  const { queryClient, transport, locale } = context as Partial<PageReadContext>;
  return typeof queryClient === 'object' && typeof transport === 'function' && typeof locale === 'string';
}

/** One read, tried once: the page shows a failure as the browser would, and the browser asks again. */
function read<T, K extends QueryKey>(
  { queryClient }: PageReadContext,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<void> {
  return queryClient.prefetchQuery({ ...options, retry: false });
}

const all = async (reads: Promise<void>[]) => {
  await Promise.all(reads);
};

/** The reads of every page: the layout's footer and head show the site's settings. */
export const layoutReads: PageReads = ({ context }) =>
  read(context, siteSettingsQueryOptions(context.transport));

/** The reads of each public screen, by the name of its route. */
export const pageReads = {
  home: ({ context }) =>
    all([
      read(context, booksQueryOptions({}, context.transport)),
      read(
        context,
        publicFatwahsQueryOptions(
          { page: 1, language: context.locale, limit: PAGE_SIZES.homeAnswers },
          context.transport,
        ),
      ),
      read(context, recentArticlesQueryOptions(PAGE_SIZES.homeArticles, context.transport)),
    ]),
  books: ({ search, context }) =>
    read(context, bookPageQueryOptions(booksPageRead(booksPageOf(search)), context.transport)),
  book: ({ params, context }) => read(context, bookQueryOptions(params.bookId ?? '', context.transport)),
  articles: ({ search, params, context }) => {
    const list = publishedArticlesParams(pageParam(search.get('page')), context.locale, {
      search: search.get('search')?.trim() ?? '',
      ...(params.tag === undefined ? {} : { tag: normalizeTag(params.tag) }),
    });
    return read(context, publishedArticlesQueryOptions(list, context.transport));
  },
  article: ({ params, context }) =>
    read(context, publishedArticleQueryOptions(params.id ?? '', context.transport)),
  fatwahs: ({ search, context }) => {
    const filter = {
      search: search.get('search') ?? '',
      category: search.get('category') ?? '',
      page: pageParam(search.get('page')),
      language: context.locale,
    };
    return all([
      read(context, fatwahCategoriesQueryOptions(context.transport)),
      read(context, publicFatwahsQueryOptions(filter, context.transport)),
    ]);
  },
  /** The related fatwahs show under a fatwah that was found. */
  fatwah: async ({ params, context }) => {
    const id = params.id ?? '';
    // A link that cannot be an id is not found without asking the server (the fatwah's screen).
    if (!ID_PATTERN.test(id)) return;
    const fatwah = fatwahQueryOptions(id, context.transport);
    await read(context, fatwah);
    if (context.queryClient.getQueryData(fatwah.queryKey) === undefined) return;
    await read(context, relatedFatwahsQueryOptions(id, context.transport));
  },
  askFatwah: ({ context }) => read(context, fatwahCategoriesQueryOptions(context.transport)),
  /** `/cart` is rendered only from the cart's cookie: its books at their current prices. */
  cart: async ({ context }) => {
    const ids = guestBookIds((context.cart ?? []).map((line) => line.bookId));
    if (ids.length > 0) await read(context, cartPricesQueryOptions(ids, undefined, context.transport));
  },
} satisfies Record<string, PageReads>;

/** The reads of each route that has some, by name: the layout's and each public screen's. */
export const readsByName = { layout: layoutReads, ...pageReads } satisfies Record<string, PageReads>;

/** The name a route's handle gives its reads by (app/router.tsx). */
export type ReadsName = keyof typeof readsByName;
