import { AsyncLocalStorage } from 'node:async_hooks';
import './lib/zod-without-eval';
import { LOCALES, type Locale, type PageHead } from '@scholar/shared';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { appRoutes, type ScreenHandle } from './app/router';
import { setArticleDom, type ArticleDom } from './features/articles/lib/content';
import { setApiTransport, type ApiTransport } from './lib/api-client';
import { HeadCollectorProvider, type HeadCollector } from './lib/head';
import { basenameOf, loadI18n, localeOfPath } from './lib/i18n';
import { collectPageData, PAGE_DATA_ID, pageDataJson } from './lib/page-data';

/** What the server gives a render of one page. */
export interface RenderRequest {
  /** The page's path and query, as asked for. */
  url: string;
  /** PUBLIC_URL: the site's address in absolute links. */
  publicUrl: string;
  /** Answers the page's API reads as the API answers them (the server's own routes, in its process). */
  fetch: ApiTransport;
  /** How article HTML is worked on without a browser. */
  articleDom: ArticleDom;
}

/** A rendered page. */
export interface RenderedPage {
  status: number;
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The `<script>` that hands the browser the reads the page was made from. */
  dataScript: string;
  /** The head the page's render made (none for a page that shows no head of its own). */
  head: PageHead | undefined;
}

/** The API transport of the render under way (renders of several pages run at once, each with its own). */
const renderFetch = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const fetch = renderFetch.getStore();
  if (!fetch) return Promise.reject(new Error('An API call outside a page render'));
  return fetch(url, init);
});

/** One route handler per language: its pages are under its prefix (`/ur/books`). */
const handlers = Object.fromEntries(
  LOCALES.map((locale) => [locale, createStaticHandler(appRoutes, { basename: basenameOf(locale) })]),
) as Record<Locale, ReturnType<typeof createStaticHandler>>;

/** What React writes where a part of the page failed to render and is left to the browser. */
const CLIENT_RENDERED = /<!--\$!-->(?:<template data-msg="([^"]*))?/;

/** At most this many renders of a page: each one may find reads that the one before could not see. */
const MAX_PASSES = 4;

/** The queries a render asked for that have not been fetched, and are enabled (a signed-out visitor's). */
function unfetched(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => {
      const { enabled } = query.options as { enabled?: unknown };
      return (
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        typeof query.options.queryFn === 'function' &&
        enabled !== false &&
        typeof enabled !== 'function'
      );
    });
}

/**
 * Renders a public page as a reader who is not signed in sees it: the page's screen is loaded, its reads are made
 * (rendering again until no new read shows up) and the HTML is made from their answers, which go into the page
 * beside it so that the browser hydrates the same HTML without asking again.
 */
export async function render(request: RenderRequest): Promise<RenderedPage | Response> {
  setArticleDom(request.articleDom);
  const address = new URL(request.url, request.publicUrl);
  const locale = localeOfPath(address.pathname);
  const handler = handlers[locale];
  const [context, i18n] = await Promise.all([handler.query(new Request(address)), loadI18n(locale)]);
  if (context instanceof Response) return context;
  const screens = context.matches.map((match) => match.route.handle as ScreenHandle | undefined);
  await Promise.all(screens.map((screen) => screen?.preload() ?? Promise.resolve()));

  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    // One try, and a refusal is the answer (a book that does not exist), as the browser keeps it (page-data.ts).
    queries: { ...queryClient.getDefaultOptions().queries, retry: false, retryOnMount: false },
  });
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderFetch.run(request.fetch, async () => {
    const renderOnce = () => {
      const collector: HeadCollector = { publicUrl: request.publicUrl };
      const html = renderToString(
        <StrictMode>
          <HeadCollectorProvider collector={collector}>
            <Providers queryClient={queryClient} i18n={i18n}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </Providers>
          </HeadCollectorProvider>
        </StrictMode>,
      );
      const failure = CLIENT_RENDERED.exec(html);
      if (failure) throw new Error(`A part of ${request.url} could not be rendered: ${failure[1] ?? ''}`);
      return { html, head: collector.head };
    };
    let rendered = renderOnce();
    for (let pass = 2; pass <= MAX_PASSES; pass += 1) {
      const reads = unfetched(queryClient);
      if (reads.length === 0) break;
      await Promise.all(reads.map((query) => query.fetch().catch(() => undefined)));
      rendered = renderOnce();
    }
    const { html, head } = rendered;
    const data = { ...collectPageData(queryClient), publicUrl: request.publicUrl };
    return {
      status: head?.status ?? context.statusCode,
      html,
      dataScript: `<script type="application/json" id="${PAGE_DATA_ID}">${pageDataJson(data)}</script>`,
      head,
    };
  });
}
