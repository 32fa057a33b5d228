import type { CookieCartLine, FormPost } from '@scholar/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** The element of a rendered page that carries the data its HTML was made from. */
export const PAGE_DATA_ID = 'page-data';

/** One read of a rendered page: its answer, or the API's refusal (a book that does not exist). */
export type PageRead =
  | { key: QueryKey; data: unknown }
  | { key: QueryKey; error: { message: string; status: number; code: string } };

/** What a page the server rendered hands the browser: the reads its HTML shows, so that none is made again. */
export interface PageData {
  reads: PageRead[];
  /** PUBLIC_URL, which the page's absolute links were made with. */
  publicUrl?: string;
  /** A form the page was sent without the app's script, and its answer, which the page shows (lib/form-post.tsx). */
  form?: FormPost;
  /** The guest's cart from its cookie, which the page (`/cart`) was rendered with (lib/cookie-cart.tsx). */
  cart?: CookieCartLine[];
}

/**
 * The reads a render used (the server's renderer): every answered query, and every one the API refused (a 4xx,
 * shown as the page's "not found"). A query that failed otherwise is left out: the browser asks again.
 */
export function collectPageData(queryClient: QueryClient): PageData {
  const reads: PageRead[] = [];
  for (const query of queryClient.getQueryCache().getAll()) {
    const { status, data, error } = query.state;
    if (status === 'success') reads.push({ key: query.queryKey, data });
    else if (status === 'error' && error instanceof ApiError && error.status < 500) {
      reads.push({
        key: query.queryKey,
        error: { message: error.message, status: error.status, code: error.code },
      });
    }
  }
  return { reads };
}

/** The page data as the text of a `<script type="application/json">`: nothing in it can end the element. */
export function pageDataJson(data: PageData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page data of the document, if the server rendered it. */
export function readPageData(): PageData | undefined {
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as PageData;
  } catch {
    return undefined;
  }
}

const restored = new Set<string>();

/**
 * Whether this read's answer came with the page (once: a second call answers false). An article's screen counts
 * its view with it, as the read the server made for the page counted none.
 */
export function takePageRead(key: QueryKey): boolean {
  return restored.delete(JSON.stringify(key));
}

/**
 * Puts a rendered page's reads into the browser's query cache before it hydrates, as fresh as the page: a screen
 * then shows them without asking again. A refusal stays one until the reader asks again (no retry on mount).
 */
export function restorePageData(queryClient: QueryClient, data: PageData): void {
  const now = Date.now();
  for (const read of data.reads) {
    if ('data' in read) {
      restored.add(JSON.stringify(read.key));
      queryClient.setQueryData(read.key, read.data, { updatedAt: now });
      continue;
    }
    queryClient.setQueryDefaults(read.key, { retryOnMount: false });
    const query = queryClient.getQueryCache().build(queryClient, { queryKey: read.key });
    query.setState({
      status: 'error',
      fetchStatus: 'idle',
      error: new ApiError(read.error.message, read.error.status, read.error.code),
      errorUpdatedAt: now,
      errorUpdateCount: 1,
    });
  }
}
