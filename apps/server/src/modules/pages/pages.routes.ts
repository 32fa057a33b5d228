import { ITEM_PAGES, PUBLIC_PAGE_LIST } from '@scholar/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { isDatabaseUnavailable } from '../../db/errors';
import { markUnavailable } from '../../plugins/errors';
import type { CacheArea } from '../../plugins/public-cache';
import { sendHtml, type WebShell } from '../../plugins/spa';
import { etagOf, matchesIfNoneMatch, PUBLIC_REVALIDATE } from '../books/http-cache';
import { injectHead, type PageHead } from './head';
import { FEEDS, PAGE_MODULES, Pages, type ItemKind } from './pages.service';

/**
 * Sends a body with an ETag (a hash of the body) and answers 304 when the client already has it. Pages made from
 * the database are kept in memory like the public API reads (`publicCache`: until the next write to their area);
 * see docs/decisions/003-pages-for-search-engines-and-link-previews.md.
 */
function sendRevalidated(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { type: string; cacheControl: string; body: string },
): FastifyReply {
  const etag = etagOf(options.body);
  reply.header('etag', etag).header('cache-control', options.cacheControl).type(options.type);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.code(200).send(options.body);
}

const hidden = { schema: { hide: true } } as const;
/** A page made from the database, kept in memory until one of these areas changes. */
const cachedFrom = (...areas: CacheArea[]) => ({ ...hidden, config: { publicCache: areas } });

/**
 * The public pages as HTML that a crawler or a link preview can read without JavaScript: the SPA's index.html
 * with the page's title, description, canonical URL, Open Graph and Twitter tags and JSON-LD. Also the sitemap,
 * robots.txt and the RSS feeds. Other paths keep the SPA's plain index.html (plugins/spa.ts).
 */
export const pagesRoutes: FastifyPluginAsyncZod<{ shell: WebShell }> = async (app, options) => {
  const { shell } = options;
  const pages = new Pages(app.db, app.config.publicUrl, () => app.siteSettings.get());

  /** A found page also preloads its screen's code (see `PAGE_MODULES`). */
  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: 200 | 404,
    head: PageHead,
    screen: keyof typeof PAGE_MODULES,
  ) => {
    const indexHtml = shell.indexHtml();
    if (indexHtml === undefined || status !== 200) {
      return sendHtml(reply, status, indexHtml === undefined ? undefined : injectHead(indexHtml, head));
    }
    const modules = shell.modulePreloads(PAGE_MODULES[screen]);
    return sendRevalidated(request, reply, {
      type: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
      body: injectHead(indexHtml, { ...head, preload: { ...head.preload, modules } }),
    });
  };

  // A page that cannot be made is still the SPA (which shows its own error), with the status that fits: the
  // request's own fault (4xx), the database being unreachable (503), or else 500.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error instanceof AppError
        ? error.statusCode
        : isDatabaseUnavailable(error)
          ? 503
          : error.statusCode && error.statusCode >= 400 && error.statusCode < 500
            ? error.statusCode
            : 500;
    if (status === 503) markUnavailable(request, reply, 'page unavailable: database unavailable', error);
    else if (status >= 500) request.log.error({ err: error }, 'page failed');
    const route = request.routeOptions.url ?? '';
    if (route.endsWith('.xml') || route.endsWith('.txt')) {
      const message = status === 500 ? 'An unexpected error occurred' : error.message;
      return reply.code(status).type('text/plain; charset=utf-8').send(message);
    }
    return sendHtml(reply, status, shell.indexHtml());
  });

  for (const page of PUBLIC_PAGE_LIST) {
    app.get(page.path, hidden, async (request, reply) =>
      sendPage(
        request,
        reply,
        200,
        await pages.staticPage(page.name, request.query as Record<string, unknown>),
        page.name,
      ),
    );
  }

  const itemPage = <T>(
    kind: ItemKind,
    area: CacheArea,
    find: (id: string) => Promise<T | undefined>,
    head: (item: T) => PageHead,
  ) =>
    app.get(ITEM_PAGES[kind].path(':id'), cachedFrom(area), async (request, reply) => {
      const { id } = request.params as { id: string };
      const item = await find(id);
      return item === undefined
        ? sendPage(request, reply, 404, pages.notFound(kind), kind)
        : sendPage(request, reply, 200, head(item), kind);
    });

  itemPage(
    'book',
    'books',
    (id) => pages.findBook(id),
    (book) => pages.bookPage(book),
  );
  itemPage(
    'article',
    'articles',
    (id) => pages.findArticle(id),
    (article) => pages.articlePage(article),
  );
  itemPage(
    'fatwah',
    'fatwahs',
    (id) => pages.findFatwah(id),
    (fatwah) => pages.fatwahPage(fatwah),
  );

  app.get('/sitemap.xml', cachedFrom('books', 'articles', 'fatwahs'), async (request, reply) =>
    sendRevalidated(request, reply, {
      type: 'application/xml; charset=utf-8',
      cacheControl: PUBLIC_REVALIDATE,
      body: await pages.sitemap(),
    }),
  );

  app.get('/robots.txt', hidden, (request, reply) =>
    sendRevalidated(request, reply, {
      type: 'text/plain; charset=utf-8',
      cacheControl: 'public, max-age=3600',
      body: pages.robotsTxt(),
    }),
  );

  app.get(FEEDS.articles.path, cachedFrom('articles'), async (request, reply) =>
    sendRevalidated(request, reply, {
      type: 'application/rss+xml; charset=utf-8',
      cacheControl: PUBLIC_REVALIDATE,
      body: await pages.articlesFeed(),
    }),
  );

  app.get(FEEDS.fatwahs.path, cachedFrom('fatwahs'), async (request, reply) =>
    sendRevalidated(request, reply, {
      type: 'application/rss+xml; charset=utf-8',
      cacheControl: PUBLIC_REVALIDATE,
      body: await pages.fatwahsFeed(),
    }),
  );
};
