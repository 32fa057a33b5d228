import type { APIRequestContext, ConsoleMessage, Page, Request } from '@playwright/test';
import {
  API_BASE,
  apiReads,
  formatMoney,
  formatMoneyIn,
  localizePath,
  NOT_FOUND_TITLES,
  PAGE_META,
  paths,
  PUBLIC_PAGES,
  withScholarName,
  type Book,
  type SiteSettings,
} from '@scholar/shared';
import { about } from '../apps/web/src/content/about';
import { certifications } from '../apps/web/src/content/certifications';
import { initiatives } from '../apps/web/src/content/initiatives';
import { privacyPolicy, returnPolicy, termsAndConditions } from '../apps/web/src/content/legal';
import { escapeRegExp, oneLine } from './fixtures/html-text';
import { messages } from './fixtures/messages';
import { inTab, oneTab } from './fixtures/one-tab';
import { expect, test } from './fixtures/test';

/**
 * The public pages arrive rendered (what their HTML holds, and that a reader without JavaScript reads, searches
 * and pages the lists through it, is read without a browser, in apps/server/test/pages): the browser takes that
 * HTML over without asking for the reads it was made from again, and moves on without reloading.
 */

/** A fatwah, or an article as the lists give it (no content). */
interface Fatwah {
  _id: string;
  question: string;
  answer?: string | null;
}
interface ArticleSummary {
  _id: string;
  title: string;
}

/** The site's English messages. */
const english = messages('en');

/** An id no book, article or fatwah has. */
const MISSING_ID = '0190f3a2-7b1c-7d4e-8f00-000000000000';
/** An address that is no page of the site. */
const NO_PAGE = '/no-such-page-here';
/** What the not-found screen says (apps/web/src/components/pages/not-found-page.tsx). */
const PAGE_NOT_FOUND = 'Page not found';

/** What the root names to start the app with: its entry script and the screen's code. */
async function appFiles(
  request: APIRequestContext,
  path: string,
): Promise<{ entry: string; modules: string[] } | undefined> {
  const html = await (await request.get(path)).text();
  const root = /<div id="root"(?: data-app="([^"]*)" data-modules="([^"]*)")?>/.exec(html);
  expect(root, `${path}: the root`).not.toBeNull();
  if (root![1] === undefined) return undefined;
  return { entry: root![1], modules: (root![2] ?? '').split(' ').filter(Boolean) };
}

// ---------------------------------------------------------------------------------------------------------------
// What the pages show, read from the API as a reader's page reads it.

async function read<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${API_BASE}${path}`);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** The site's data the journeys open pages of. */
interface Site {
  /** Text about "the Shaikh" as the pages write it, with the scholar's name of the settings. */
  scholar: (text: string) => string;
  /** The first page of each list, as its page asks for it. */
  booksPage: Book[];
  fatwahsPage: Fatwah[];
  articlesPage: ArticleSummary[];
}

async function readSite(request: APIRequestContext): Promise<Site> {
  const [settings, booksPage, fatwahsPage, articlesPage] = await Promise.all([
    read<SiteSettings>(request, '/settings'),
    read<Book[]>(request, PUBLIC_PAGES.books.firstReads(1, 'en')[0]!),
    read<Fatwah[]>(request, PUBLIC_PAGES.fatwahs.firstReads(1, 'en')[0]!),
    read<{ articles: ArticleSummary[] }>(request, PUBLIC_PAGES.articles.firstReads(1, 'en')[0]!),
  ]);
  expect(booksPage.length, 'books to show').toBeGreaterThan(0);
  expect(fatwahsPage.length, 'fatwahs to show').toBeGreaterThan(0);
  expect(articlesPage.articles.length, 'articles to show').toBeGreaterThan(0);
  return {
    scholar: (text) => withScholarName(text, settings.scholarName),
    booksPage,
    fatwahsPage,
    articlesPage: articlesPage.articles,
  };
}

/** Where a public page is, what it answers and its h1 (what each holds is read in apps/server/test/pages). */
interface Expected {
  path: string;
  status: 200 | 404;
  /** The page's one h1. */
  h1: string;
  /** The id of the item the page shows, when its read came with the page. */
  item?: string;
}

interface PublicPageCase {
  name: string;
  /** A page of something that does not exist answers 404. */
  missing?: true;
  expected: (site: Site) => Expected;
}

const found = (expected: Omit<Expected, 'status'>): Expected => ({ status: 200, ...expected });

/** Every public page. */
const PUBLIC_PAGE_CASES: PublicPageCase[] = [
  { name: 'the home page', expected: () => found({ path: paths.home, h1: english('home.hero.title') }) },
  { name: 'the books page', expected: () => found({ path: paths.books, h1: PAGE_META.books.title }) },
  {
    name: 'a book page',
    expected: (site) => {
      const book = site.booksPage[0]!;
      return found({ path: paths.book(book._id), h1: book.name, item: book._id });
    },
  },
  {
    name: 'the page of a book that does not exist',
    missing: true,
    expected: () => ({ path: paths.book(MISSING_ID), status: 404, h1: NOT_FOUND_TITLES.book }),
  },
  { name: 'the fatwah list', expected: () => found({ path: paths.fatwahs, h1: PAGE_META.fatwahs.title }) },
  {
    name: 'a fatwah page',
    expected: (site) => {
      const fatwah = site.fatwahsPage.find((each) => each.answer);
      expect(fatwah, 'an answered fatwah').toBeDefined();
      return found({ path: paths.fatwah(fatwah!._id), h1: fatwah!.question, item: fatwah!._id });
    },
  },
  {
    name: 'the articles list',
    expected: () => found({ path: paths.articles, h1: PAGE_META.articles.title }),
  },
  {
    name: 'an article page',
    expected: (site) => {
      const article = site.articlesPage[0]!;
      return found({ path: paths.article(article._id), h1: article.title, item: article._id });
    },
  },
  {
    name: 'the about page',
    expected: (site) => found({ path: paths.about, h1: site.scholar(about.title) }),
  },
  {
    name: 'the initiatives page',
    expected: (site) => found({ path: paths.initiatives, h1: site.scholar(initiatives.title) }),
  },
  {
    name: 'the certifications page',
    expected: (site) => found({ path: paths.certifications, h1: site.scholar(certifications.title) }),
  },
  ...(
    [
      ['the privacy policy', paths.privacyPolicy, privacyPolicy],
      ['the terms and conditions', paths.terms, termsAndConditions],
      ['the return policy', paths.returnPolicy, returnPolicy],
    ] as const
  ).map(([name, path, document]): PublicPageCase => ({
    name,
    expected: () => found({ path, h1: document.title }),
  })),
  {
    name: 'the page to ask a question',
    expected: () => found({ path: paths.askFatwah, h1: PAGE_META.askFatwah.title }),
  },
  {
    name: 'the not-found page',
    missing: true,
    expected: () => ({ path: NO_PAGE, status: 404, h1: PAGE_NOT_FOUND }),
  },
];

// What each page's HTML holds as it arrives (its h1, texts, links, reads and head; a book page's disabled Add to
// Cart and its scripts; the Bengali cards' editions; the public cache) is read without a browser, in
// apps/server/test/pages (docs/testing-layers.md). Here: what the app does with that HTML in a browser.

/**
 * The tab the pages below are opened in, one after another, each afresh (a new document, with its own hydration
 * and reads); the server's nodes are noted in each.
 */
const tab = oneTab({}, noteServerNodes);

test.describe('a book page in the browser', () => {
  inTab(
    "a book page's Add to Cart, disabled as it arrives, is enabled once the app runs the page",
    async ({ request }) => {
      const { page } = tab;
      const book = (await readSite(request)).booksPage[0]!;
      await page.goto(paths.book(book._id));
      await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    },
  );

  inTab(
    "the Add to Cart of a card of the Bengali books page adds its edition at the edition's price",
    async ({ request }) => {
      const { page } = tab;
      const bengali = messages('bn');
      const books = await read<Book[]>(request, PUBLIC_PAGES.books.firstReads(1, 'bn')[0]!);
      const editionOf = (book: Book) => book.editions.find((edition) => edition.language === 'bengali');
      // The demo books: a Bengali edition at a price of its own.
      const ownPrice = books.find(
        (book) => editionOf(book) && editionOf(book)!.price !== book.price && editionOf(book)!.stock !== 0,
      );
      expect(ownPrice, 'a Bengali edition at a price of its own').toBeDefined();

      const { price } = editionOf(ownPrice!)!;
      await page.goto(localizePath('bn', paths.books));
      // The card names the book in Bengali (docs/decisions/078).
      const name = ownPrice!.translations?.bn?.name || ownPrice!.name;
      await page.getByRole('button', { name: `কার্টে যোগ করুন: ${name}` }).click();
      const panel = page.getByRole('dialog', { name: bengali('book.added.guest') });
      await expect(panel).toContainText(formatMoneyIn('bn', price));
      await expect(panel).not.toContainText(formatMoneyIn('bn', ownPrice!.price));
    },
  );

  // In a tab of its own: the app's files are asked for afresh, none of them kept from an earlier page.
  test("a book page asks for the app's entry and the screen's code only after its first paint with content", async ({
    request,
    page,
  }) => {
    const book = (await readSite(request)).booksPage[0]!;
    // The files the root names to start the app with (that it names them is read in apps/server/test/pages).
    const app = await appFiles(request, paths.book(book._id));
    expect(app, 'the root names the app and the screen').toBeDefined();

    // The app's entry and the screen's code are asked for only after the first paint with content, and then the
    // app takes the page over.
    await page.goto(paths.book(book._id));
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    const timing = await page.evaluate(
      (files) => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
        const asked = performance
          .getEntriesByType('resource')
          .filter((entry) => files.some((file) => entry.name.endsWith(file)))
          .map((entry) => entry.startTime);
        return {
          paint,
          asked,
          load: performance.getEntriesByType('navigation')[0]?.toJSON().loadEventEnd as number,
        };
      },
      [app!.entry, ...app!.modules],
    );
    expect(timing.paint, 'the first paint with content').toBeGreaterThan(0);
    expect(timing.asked).toHaveLength(1 + app!.modules.length);
    for (const asked of timing.asked) {
      expect(asked).toBeGreaterThanOrEqual(timing.paint!);
      expect(asked).toBeGreaterThanOrEqual(timing.load);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Each page as the app takes it over.

/** The document's own "Failed to load resource" for a page that answers 404. */
const DOCUMENT_404 = /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/;

/** A console error or warning, or an uncaught exception (`type` 'uncaught'), with the address it came from. */
interface Problem {
  type: string;
  text: string;
  url: string;
}

interface Watched {
  problems: Problem[];
  /** The API requests (`METHOD path?query`), pictures left aside. */
  api: string[];
  /** The documents the tab loaded (a navigation that reloads adds one). */
  documents: string[];
  /** Stops watching. */
  stop: () => void;
}

/**
 * Watches a tab from the test's first page on: what it logs, the API requests it makes and the documents it
 * loads (the requests of the page an earlier test left open are not this test's).
 */
function watch(page: Page): Watched {
  let opened = false;
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    watched.problems.push({ type: message.type(), text: message.text(), url: message.location().url });
  };
  const onError = (error: Error) =>
    watched.problems.push({ type: 'uncaught', text: error.message, url: page.url() });
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      opened = true;
      watched.documents.push(`${url.pathname}${url.search}`);
    }
    if (!opened) return;
    if (url.pathname.startsWith(`${API_BASE}/`) && !url.pathname.startsWith(`${API_BASE}/uploads/`)) {
      watched.api.push(`${request.method()} ${url.pathname}${url.search}`);
    }
  };
  const watched: Watched = {
    problems: [],
    api: [],
    documents: [],
    stop: () => {
      page.off('console', onConsole);
      page.off('pageerror', onError);
      page.off('request', onRequest);
    },
  };
  page.on('console', onConsole);
  page.on('pageerror', onError);
  page.on('request', onRequest);
  return watched;
}

/** The nodes the server's HTML made, noted when the document has been parsed, before any script of the page ran. */
interface ServerNodes {
  serverNodes?: { main: Element | null; heading: Element | null };
}

async function noteServerNodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as ServerNodes).serverNodes = {
        main: document.querySelector('#root main'),
        heading: document.querySelector('#root h1'),
      };
    });
  });
}

/**
 * Whether React has taken over the server's nodes as they are: the page's main part and its h1 are the very nodes
 * the HTML made (a mismatch would have React throw them away and draw its own), and React knows them.
 */
function hydratedInPlace(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const nodes = (window as ServerNodes).serverNodes;
    const taken = (node: Element | null | undefined) =>
      !!node && node.isConnected && Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
    return (
      taken(nodes?.main) &&
      taken(nodes?.heading) &&
      document.querySelector('#root main') === nodes?.main &&
      document.querySelector('#root h1') === nodes?.heading
    );
  });
}

/** Opens `path` and waits until the page has hydrated and gone quiet; answers whether it hydrated in place. */
async function openHydrated(page: Page, path: string): Promise<boolean> {
  await page.goto(path);
  const inPlace = await expect
    .poll(() => hydratedInPlace(page), { timeout: 15_000 })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
  await page.waitForLoadState('networkidle');
  return inPlace;
}

test.describe('each public page in the browser', () => {
  let watched: Watched;
  inTab.beforeEach(() => {
    watched = watch(tab.page);
  });
  inTab.afterEach(() => watched.stop());

  for (const { name, missing, expected } of PUBLIC_PAGE_CASES) {
    test.describe(name, () => {
      inTab(
        'hydrates without a warning and without asking again for what came with it',
        async ({ request, baseURL }) => {
          const { page } = tab;
          // A page that answers 404 makes Chromium log the document's status: that one line is expected.
          if (missing) tab.allowConsoleErrors(DOCUMENT_404);
          const want = expected(await readSite(request));
          const inPlace = await openHydrated(page, want.path);
          await expect(
            page.getByRole('heading', { level: 1, name: oneLine(want.h1), exact: true }),
          ).toBeVisible();

          // A page that counts views counts this one once it has hydrated.
          const isArticle = want.path.startsWith(`${paths.articles}/`);
          const views = `POST ${API_BASE}${apiReads.publishedArticle(want.item ?? '')}/views`;
          if (isArticle) await expect.poll(() => watched.api).toContain(views);
          await page.waitForLoadState('networkidle');

          // Of a 404, the one line about the document itself is left aside, and nothing else.
          const documentStatus = (problem: Problem) =>
            want.status === 404 &&
            problem.type === 'error' &&
            problem.url === `${baseURL}${want.path}` &&
            DOCUMENT_404.test(problem.text);
          expect(
            watched.problems.filter((problem) => !documentStatus(problem)),
            'console errors and warnings, uncaught exceptions (a hydration mismatch among them)',
          ).toEqual([]);
          expect(inPlace, "React took over the server's HTML as it was").toBe(true);
          // Every read the page needed came with it: none is made again, and only an article counts its view.
          expect(watched.api).toEqual(isArticle ? [views] : []);
          expect(watched.documents).toEqual([want.path]);
        },
      );
    });
  }

  inTab('the links of a hydrated page lead on without reloading it', async ({ request }) => {
    const { page } = tab;
    const site = await readSite(request);
    expect(await openHydrated(page, paths.about)).toBe(true);
    await page.evaluate(() => {
      (window as { loadedOnce?: boolean }).loadedOnce = true;
    });
    const header = page.getByRole('navigation', { name: 'Main' });
    const main = page.getByRole('main');

    // Books, then a book.
    await header.getByRole('link', { name: 'Books', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: PAGE_META.books.title })).toBeVisible();
    const book = site.booksPage[0]!;
    await main.getByRole('heading', { level: 3 }).getByRole('link', { name: book.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(paths.book(book._id))}$`));
    await expect(page.getByRole('heading', { level: 1, name: book.name })).toBeVisible();
    await expect(main).toContainText(formatMoney(book.price));

    // The fatwahs, then a fatwah.
    await header.getByRole('link', { name: 'Fatwahs', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: PAGE_META.fatwahs.title })).toBeVisible();
    const fatwah = site.fatwahsPage[0]!;
    await main.locator(`a[href="${paths.fatwah(fatwah._id)}"]`).click();
    await expect(page.getByRole('heading', { level: 1, name: oneLine(fatwah.question) })).toBeVisible();

    // The articles, then an article.
    await header.getByRole('link', { name: 'Articles', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: PAGE_META.articles.title })).toBeVisible();
    const article = site.articlesPage[0]!;
    await main.getByRole('link', { name: article.title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await expect(page.getByTestId('article-content')).toBeVisible();

    // One document all along: the tab never reloaded.
    expect(watched.documents).toEqual([paths.about]);
    expect(await page.evaluate(() => (window as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(watched.problems).toEqual([]);
  });
});
