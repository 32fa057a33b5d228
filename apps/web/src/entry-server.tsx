import './lib/zod-without-eval';
import {
  LOCALES,
  RENDER_CONTRACT_VERSION,
  type ArticleDom,
  type Locale,
  type RenderBundle,
  type RenderedPage,
} from '@scholar/shared';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PageReadContext } from './app/page-reads';
import { createQueryClient, Providers } from './app/providers';
import { serverRoutes } from './app/server-routes';
import { ArticleDomProvider } from './features/articles/lib/content';
import { HeadCollectorProvider, type HeadCollector } from './lib/head';
import { basenameOf, loadI18n, localeOfPath } from './lib/i18n';
import { collectPageData, PAGE_DATA_ID, pageDataJson } from './lib/page-data';

/** Article HTML on the server is worked on in linkedom's document, which the app reads as a browser's. */
type ServerArticleDom = ArticleDom<Document, Node>;

/** The render contract this build was made with (packages/shared/src/render-contract.ts). */
export const contractVersion = RENDER_CONTRACT_VERSION;

/** One route handler per language: its pages are under its prefix (`/ur/books`). */
const handlers = Object.fromEntries(
  LOCALES.map((locale) => [locale, createStaticHandler(serverRoutes(), { basename: basenameOf(locale) })]),
) as Record<Locale, ReturnType<typeof createStaticHandler>>;

/** What React writes where a part of the page failed to render and is left to the browser. */
const CLIENT_RENDERED = /<!--\$!-->(?:<template data-msg="([^"]*))?/;

/** A render's own query client: one try, and a refusal is the answer (a book that does not exist), as page-data keeps it. */
function renderQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false, retryOnMount: false },
  });
  return queryClient;
}

/**
 * The queries the render asked for that no route loader made, and that a signed-out reader's screen would make (enabled):
 * their parts of the page show as loading, and the browser reads them after it hydrates.
 */
function unloadedReads(queryClient: QueryClient): string[] {
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
    })
    .map((query) => query.queryHash);
}

/**
 * Renders a public page as a reader who is not signed in sees it, in one pass: React Router's static handler runs
 * the matched routes' loaders, which load the screens' code and make their reads into the render's query client
 * (app/page-reads.ts); the HTML is then made from those answers, which go into the page beside it so that the
 * browser hydrates the same HTML without asking again.
 */
export const render: RenderBundle<ServerArticleDom>['render'] = async (request) => {
  const address = new URL(request.url, request.publicUrl);
  const locale = localeOfPath(address.pathname);
  const queryClient = renderQueryClient();
  const readContext: PageReadContext = {
    queryClient,
    transport: request.fetch,
    locale,
    ...(request.cart ? { cart: request.cart } : {}),
  };
  const [context, i18n] = await Promise.all([
    handlers[locale].query(new Request(address), { requestContext: readContext }),
    loadI18n(locale),
  ]);
  if (context instanceof Response) return context;
  // A loader fails only when a screen's code cannot be loaded: the page cannot be made.
  const failure: unknown = context.errors ? Object.values(context.errors)[0] : undefined;
  if (failure !== undefined) {
    throw failure instanceof Error
      ? failure
      : new Error(`${request.url}: a route loader failed`, { cause: failure });
  }

  const router = createStaticRouter(handlers[locale].dataRoutes, context);
  const collector: HeadCollector = { publicUrl: request.publicUrl };
  const html = renderToString(
    <StrictMode>
      <HeadCollectorProvider collector={collector}>
        <ArticleDomProvider value={request.articleDom}>
          <Providers queryClient={queryClient} i18n={i18n} formPost={request.form} cart={request.cart}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </ArticleDomProvider>
      </HeadCollectorProvider>
    </StrictMode>,
  );
  const clientRendered = CLIENT_RENDERED.exec(html);
  if (clientRendered)
    throw new Error(`A part of ${request.url} could not be rendered: ${clientRendered[1] ?? ''}`);

  const data = {
    ...collectPageData(queryClient),
    publicUrl: request.publicUrl,
    ...(request.form ? { form: request.form } : {}),
    ...(request.cart ? { cart: request.cart } : {}),
  };
  const page: RenderedPage = {
    status: collector.head?.status ?? context.statusCode,
    html,
    dataScript: `<script type="application/json" id="${PAGE_DATA_ID}">${pageDataJson(data)}</script>`,
    head: collector.head,
    unloaded: unloadedReads(queryClient),
  };
  return page;
};
