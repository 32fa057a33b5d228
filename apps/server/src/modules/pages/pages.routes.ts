import {
  ARTICLE_LIMITS,
  articleFeedPaths,
  feedIn,
  normalizeTag,
  paths,
  ITEM_PAGES,
  LOCALES,
  localizePath,
  PUBLIC_PAGE_LIST,
  splitLocale,
  type FormFields,
  type FormPost,
  type Locale,
  type PageName,
} from '@scholar/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { isDatabaseUnavailable } from '../../db/errors';
import { markUnavailable } from '../../plugins/errors';
import type { CacheArea } from '../../plugins/public-cache';
import { sendAppScreen, sendHtml, type WebShell } from '../../plugins/spa';
import { etagOf, matchesIfNoneMatch, PUBLIC_REVALIDATE } from '../../lib/http-cache';
import { z } from 'zod';
import { withAppStartedAfterPaint } from './app-start';
import { addToCookieCart, cookieCartHeader, readCookieCart, setCookieCartLine } from './cookie-cart';
import { FORM_BODY_LIMIT, formOf, formPostOf, isCrossSite, parseFormBody, sendForm } from './form-posts';
import { injectHead, NOT_FOUND_HEAD, type ServerHead } from './head';
import { loadRenderBundle, pageRenderer, type RenderedPage } from './renderer';
import { PAGE_MODULES, Pages, type ItemKind } from './pages.service';

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
/**
 * A route that may read the cart's books (Add to Cart, `/cart`): it takes its turn for the database and counts
 * towards the reader's address, as the app's own read of the prices does (plugins/fair-reads.ts); the reads it makes
 * of the API are then the page's (lib/render-reads.ts).
 */
const readsTheCart = { ...hidden, config: { expensive: true } } as const;
/** A page made from the database, kept in memory until one of these areas changes. */
const cachedFrom = (...areas: CacheArea[]) => ({ ...hidden, config: { publicCache: areas } });

/** What a list page's address may ask for (the rest is ignored): the parts of its cache key. */
const listQuery = z.object({
  page: z.string().optional(),
  search: z.string().optional(),
  sort: z.string().optional(),
  category: z.string().optional(),
});
const listPage = (areas: readonly CacheArea[]) => ({
  schema: { hide: true, querystring: listQuery },
  config: { publicCache: areas },
});

/** What each public page without an id shows besides its text: the settings (footer, contacts) on every one. */
const PAGE_AREAS: Record<PageName, readonly CacheArea[]> = {
  home: ['settings', 'books', 'articles'],
  books: ['settings', 'books'],
  articles: ['settings', 'articles'],
  fatwahs: ['settings', 'fatwahs'],
  askFatwah: ['settings'],
  about: ['settings'],
  initiatives: ['settings'],
  certifications: ['settings'],
  privacyPolicy: ['settings'],
  terms: ['settings'],
  returnPolicy: ['settings'],
};

/**
 * The page a rendered page's HTML goes in: the render inside `#root`, followed by its data and what starts the app
 * after the page is painted (app-start.ts); the bar index.html draws before the app's code arrives and the message
 * for readers without JavaScript are for pages the server did not render, and go.
 */
function withRenderedRoot(indexHtml: string, page: RenderedPage, modules: readonly string[]): string {
  return withAppStartedAfterPaint(indexHtml.replace(SHELL_ONLY, ''), page, modules);
}
const SHELL_ONLY = /[ \t]*<!-- shell -->[\s\S]*?<!-- \/shell -->\n?/g;

/**
 * The public pages as HTML that a crawler or a link preview can read without JavaScript: the SPA's index.html
 * with the page's title, description, canonical URL, Open Graph and Twitter tags and JSON-LD. Also the sitemap,
 * robots.txt and the RSS feeds. Other paths keep the SPA's plain index.html (plugins/spa.ts).
 */
export const pagesRoutes: FastifyPluginAsyncZod<{ shell: WebShell }> = async (app, options) => {
  const { shell } = options;
  const pages = new Pages(app.db, app.config.publicUrl, () => app.siteSettings.get());
  const web = shell.indexHtml() === undefined ? undefined : await loadRenderBundle(shell.ssrEntry);
  const renderPage = web ? pageRenderer(app, web, app.config.publicUrl) : undefined;
  /** What signs the guest cart's cookie, and whether it goes only over HTTPS. */
  const cartSecret = app.config.jwtSecret!;
  const secureCookies = app.config.publicUrl.startsWith('https:');

  /** A page as the SPA's index.html with the page's head; found pages also preload their screen's code. */
  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    head: ServerHead,
    screen: keyof typeof PAGE_MODULES,
    rendered?: RenderedPage,
    /** The answer to a reader's form: theirs alone, kept by no cache. */
    answer = false,
  ) => {
    const indexHtml = shell.indexHtml();
    if (indexHtml === undefined) return sendHtml(reply, status, undefined);
    const modules = status === 200 ? shell.modulePreloads(PAGE_MODULES[screen]) : [];
    // A rendered page fetches the screen's code when it starts the app, after paint (app-start.ts); a page the
    // server did not render preloads it from its head.
    const withHead = injectHead(indexHtml, {
      ...head,
      // The language of the address, whatever head the page has (a not-found page's says none).
      locale: head.locale ?? splitLocale(request.url).locale,
      preload: { ...head.preload, modules: rendered ? [] : modules },
    });
    const body = rendered ? withRenderedRoot(withHead, rendered, modules) : withHead;
    if (answer) {
      return reply
        .code(status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(body);
    }
    if (status !== 200) return sendHtml(reply, status, body);
    return sendRevalidated(request, reply, {
      type: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
      body,
    });
  };

  /**
   * A public page: rendered on the server with its data when the web app's server build is there (its head comes
   * from the same render), else the SPA's index.html with the head that `fallbackHead` makes.
   */
  const servePage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    screen: keyof typeof PAGE_MODULES,
    fallbackHead: () => Promise<{ status: 200 | 404; head: ServerHead }>,
  ) => {
    if (renderPage) {
      const rendered = await renderPage(request.url);
      if (rendered instanceof Response) {
        return reply.redirect(rendered.headers.get('location') ?? '/', rendered.status);
      }
      // A read no route loader made shows as loading until the browser makes it: the page's loader misses it.
      if (rendered.unloaded.length > 0) {
        request.log.warn(
          { reads: rendered.unloaded },
          'page rendered without reads its route loaders should make',
        );
      }
      const head = rendered.head ?? (await fallbackHead()).head;
      return sendPage(request, reply, rendered.status, head, screen, rendered);
    }
    const { status, head } = await fallbackHead();
    return sendPage(request, reply, status, head, screen);
  };

  /**
   * A public form sent to a page's own address without the app's script (form-posts.ts): the form's call is made
   * as the app would make it, and the page is rendered showing its answer, with the answer's status for a refusal.
   * Never kept by a cache: it is this reader's answer.
   */
  const answerForm = async (
    request: FastifyRequest,
    reply: FastifyReply,
    screen: keyof typeof PAGE_MODULES,
  ) => {
    const html = () => reply.header('cache-control', 'no-store');
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return html().code(415).type('text/plain; charset=utf-8').send("Send the page's form as it is");
    }
    const fields = request.body as FormFields;
    const form = formOf(fields);
    if (form === undefined) {
      return html().code(400).type('text/plain; charset=utf-8').send('This page has no such form');
    }
    if (isCrossSite(request, app.config.publicUrl)) {
      return html().code(403).type('text/plain; charset=utf-8').send('A form of another site');
    }
    const locale = splitLocale(request.url).locale;
    const isCartForm = form === 'addToCart' || form === 'cartLine';
    // The cart's cookie: read for a cart's form, and for `/cart`, which shows it.
    const cart = isCartForm || screen === 'cart' ? readCookieCart(request, cartSecret) : [];
    let post: FormPost;
    if (isCartForm) {
      const result =
        form === 'addToCart' ? await addToCookieCart(app, cart, fields) : setCookieCartLine(cart, fields);
      // Taken: the cart, as the app shows it after Add to Cart ("View cart"); a line changed in it, the cart again.
      if (result.taken) {
        return html()
          .header('set-cookie', cookieCartHeader(result.lines, cartSecret, secureCookies))
          .redirect(localizePath(locale, paths.cart), 303);
      }
      post = formPostOf(form, fields, result.answer);
    } else {
      post = await sendForm(app, request, form, fields, locale);
    }
    const refused = post.answer.status >= 400 ? post.answer.status : undefined;
    // Without the web's server build (a build of the browser's part only), the form is still sent: the page is the
    // app's, which shows the form again.
    if (!renderPage)
      return html()
        .code(refused ?? 200)
        .type('text/html; charset=utf-8')
        .send(shell.indexHtml());
    const rendered = await renderPage(request.url, post, screen === 'cart' ? cart : undefined);
    if (rendered instanceof Response) {
      return reply.redirect(rendered.headers.get('location') ?? '/', 303);
    }
    const status = refused ?? rendered.status;
    return sendPage(request, reply, status, rendered.head ?? NOT_FOUND_HEAD, screen, rendered, true);
  };

  /**
   * `/cart`: the app's screen, which reads the cart the browser keeps; rendered here only for a guest with lines in
   * the cart's cookie (a reader without the script, docs/decisions/064), theirs alone and kept by no cache.
   */
  const serveCart = async (request: FastifyRequest, reply: FastifyReply) => {
    const cart = readCookieCart(request, cartSecret);
    if (cart.length === 0 || !renderPage || shell.indexHtml() === undefined) {
      return sendAppScreen(reply, shell, splitLocale(request.url).locale, app.config.refundPollMs);
    }
    const rendered = await renderPage(request.url, undefined, cart);
    if (rendered instanceof Response) {
      return reply.redirect(rendered.headers.get('location') ?? '/', rendered.status);
    }
    return sendPage(request, reply, 200, rendered.head ?? NOT_FOUND_HEAD, 'cart', rendered, true);
  };

  // The forms of the public pages come as a browser sends a form; only these routes read such a body.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, parseFormBody(String(body))),
  );

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
    // A reader beyond their share of the database (plugins/fair-reads.ts): when to come back.
    if (error instanceof AppError && error.retryAfter !== undefined) {
      void reply.header('retry-after', String(error.retryAfter));
    }
    const route = request.routeOptions.url ?? '';
    if (route.endsWith('.xml') || route.endsWith('.txt')) {
      const message = status === 500 ? 'An unexpected error occurred' : error.message;
      return reply.code(status).type('text/plain; charset=utf-8').send(message);
    }
    return sendHtml(reply, status, shell.indexHtml());
  });

  // Any other address that is not a screen of the app (plugins/spa.ts): the not-found page, rendered.
  if (renderPage) {
    shell.renderNotFound = (request, reply) =>
      servePage(request, reply, 'home', async () => ({ status: 404, head: NOT_FOUND_HEAD }));
  }

  // Every public page in every language: English at its address, the others under their prefix (`/ur/books`).
  for (const locale of LOCALES) {
    for (const page of PUBLIC_PAGE_LIST) {
      app.get(localizePath(locale, page.path), listPage(PAGE_AREAS[page.name]), async (request, reply) =>
        servePage(request, reply, page.name, async () => ({
          status: 200,
          head: await pages.staticPage(page.name, request.query, locale),
        })),
      );
      app.post(localizePath(locale, page.path), readsTheCart, async (request, reply) =>
        answerForm(request, reply, page.name),
      );
    }
  }

  for (const locale of LOCALES) {
    app.get(localizePath(locale, paths.cart), readsTheCart, serveCart);
    app.post(localizePath(locale, paths.cart), readsTheCart, async (request, reply) =>
      answerForm(request, reply, 'cart'),
    );
  }

  const itemPage = <T>(
    kind: ItemKind,
    area: CacheArea,
    find: (id: string) => Promise<T | undefined>,
    head: (item: T, locale: Locale) => Promise<ServerHead>,
  ) => {
    for (const locale of LOCALES) {
      app.get(
        localizePath(locale, ITEM_PAGES[kind].path(':id')),
        cachedFrom(area, 'settings'),
        async (request, reply) =>
          servePage(request, reply, kind, async () => {
            const item = await find((request.params as { id: string }).id);
            return item === undefined
              ? { status: 404, head: pages.notFound(kind, locale) }
              : { status: 200, head: await head(item, locale) };
          }),
      );
    }
  };

  itemPage(
    'book',
    'books',
    (id) => pages.findBook(id),
    (book, locale) => pages.bookPage(book, locale),
  );
  // A book's page takes its Add to Cart without the script (the cart's cookie).
  for (const locale of LOCALES) {
    app.post(localizePath(locale, ITEM_PAGES.book.path(':id')), readsTheCart, async (request, reply) =>
      answerForm(request, reply, 'book'),
    );
  }
  itemPage(
    'article',
    'articles',
    (id) => pages.findArticle(id),
    (article, locale) => pages.articlePage(article, locale),
  );
  itemPage(
    'fatwah',
    'fatwahs',
    (id) => pages.findFatwah(id),
    (fatwah, locale) => pages.fatwahPage(fatwah, locale),
  );

  // The articles with a tag, a list page like /articles (its screen reads the list with the tag).
  for (const locale of LOCALES) {
    app.get(localizePath(locale, paths.articleTag()), listPage(PAGE_AREAS.articles), async (request, reply) =>
      servePage(request, reply, 'articles', async () => ({
        status: 200,
        head: await pages.staticPage('articles', {}, locale),
      })),
    );
    // Its subscribe form, as the articles list's.
    app.post(localizePath(locale, paths.articleTag()), hidden, async (request, reply) =>
      answerForm(request, reply, 'articles'),
    );
  }

  /** A tag of an address, as stored; undefined for one no article can have. */
  const tagOf = (request: FastifyRequest) => {
    const tag = normalizeTag((request.params as { tag: string }).tag);
    return tag !== '' && tag.length <= ARTICLE_LIMITS.tag ? tag : undefined;
  };
  const sendFeed = async (request: FastifyRequest, reply: FastifyReply, tag: string) =>
    sendRevalidated(request, reply, {
      type: 'application/rss+xml; charset=utf-8',
      cacheControl: PUBLIC_REVALIDATE,
      body: await pages.articleTagFeed(tag),
    });
  app.get(articleFeedPaths.tag(), cachedFrom('articles'), async (request, reply) => {
    const tag = tagOf(request);
    if (tag === undefined) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No such tag');
    }
    return sendFeed(request, reply, tag);
  });

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

  // A feed per language: /rss/… for every item, /ur/rss/… and /bn/rss/… for the items written in that language.
  for (const locale of LOCALES) {
    app.get(feedIn('articles', locale).path, cachedFrom('articles'), async (request, reply) =>
      sendRevalidated(request, reply, {
        type: 'application/rss+xml; charset=utf-8',
        cacheControl: PUBLIC_REVALIDATE,
        body: await pages.articlesFeed(locale),
      }),
    );
    app.get(feedIn('fatwahs', locale).path, cachedFrom('fatwahs'), async (request, reply) =>
      sendRevalidated(request, reply, {
        type: 'application/rss+xml; charset=utf-8',
        cacheControl: PUBLIC_REVALIDATE,
        body: await pages.fatwahsFeed(locale),
      }),
    );
  }
};
