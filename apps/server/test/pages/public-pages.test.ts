import {
  DEFAULT_SITE_SETTINGS,
  formatMoney,
  formatMoneyIn,
  localizePath,
  NOT_FOUND_TITLES,
  PAGE_META,
  PAGE_SIZES,
  pageTitle,
  paths,
  PUBLIC_PAGES,
  type Book,
} from '@scholar/shared';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readPage } from '../support/html';
import { about } from '../../../web/src/content/about';
import { certifications } from '../../../web/src/content/certifications';
import { initiatives } from '../../../web/src/content/initiatives';
import { privacyPolicy, returnPolicy, termsAndConditions } from '../../../web/src/content/legal';
import { messages } from '../../../../e2e/fixtures/messages';
import { TEXT_PAGES } from '../../../../e2e/fixtures/text-pages';
import { decodeEntities, linkTexts, oneLine, paragraphsOf, rawPage, read, textOf } from './support/raw-page';
import { answeredFatwah, firstArticle, readSite, type Site } from './support/site-data';
import { SITE, useRenderedSite } from './support/site';

/**
 * The public pages arrive rendered: their HTML holds what a reader came for, with the API reads it was made from
 * beside it, and a head from the same render. (That the browser takes this HTML over as it is, and moves on
 * without reloading, is the journeys' part: e2e/server-rendering.spec.ts.)
 */

const site = useRenderedSite();
const app = (): FastifyInstance => site.ctx.app;

/** The site's English messages. */
const english = messages('en');

/** An id no book, article or fatwah has. */
const MISSING_ID = '0190f3a2-7b1c-7d4e-8f00-000000000000';
/** An address that is no page of the site. */
const NO_PAGE = '/no-such-page-here';
/** What the not-found screen says (apps/web/src/components/pages/not-found-page.tsx). */
const PAGE_NOT_FOUND = 'Page not found';

/** What one public page must hold in its HTML. */
interface Expected {
  path: string;
  status: 200 | 404;
  /** The page's one h1. */
  h1: string;
  /** Texts of the page, each found whole in the root's text. */
  texts: string[];
  /** Links of the page: each address with the text it must carry. */
  links: [href: string, text: string][];
  /** The id of the item the page shows, when its read came with the page. */
  item?: string;
}

interface PublicPageCase {
  name: string;
  expected: (site: Site) => Promise<Expected>;
}

const found = (expected: Partial<Expected> & Pick<Expected, 'path' | 'h1'>): Expected => ({
  status: 200,
  texts: [],
  links: [],
  ...expected,
});

/** Every public page, with what a reader came to it for. */
const PUBLIC_PAGE_CASES: PublicPageCase[] = [
  {
    name: 'the home page',
    expected: async (site) =>
      found({
        path: paths.home,
        h1: english('home.hero.title'),
        texts: [
          site.scholar(english('home.hero.text')),
          site.scholar(english('home.about.text1')),
          site.scholar(english('home.about.text2')),
        ],
        links: [
          ...site.books.map((book): [string, string] => [paths.book(book._id), book.name]),
          ...site.recentArticles.map((article): [string, string] => [
            paths.article(article._id),
            article.title,
          ]),
        ],
      }),
  },
  {
    name: 'the books page',
    expected: async (site) =>
      found({
        path: paths.books,
        h1: PAGE_META.books.title,
        // Each card: the name, the author and the price as the page formats it, in that order.
        texts: site.booksPage.map((book) => `${book.name} ${book.author} ${formatMoney(book.price)}`),
        links: site.booksPage.map((book): [string, string] => [paths.book(book._id), book.name]),
      }),
  },
  {
    name: 'a book page',
    expected: async (site) => {
      const book = site.booksPage[0]!;
      return found({
        path: paths.book(book._id),
        h1: book.name,
        texts: [book.author, formatMoney(book.price), oneLine(book.description)],
        item: book._id,
      });
    },
  },
  {
    name: 'the page of a book that does not exist',
    expected: async () => ({
      path: paths.book(MISSING_ID),
      status: 404,
      h1: NOT_FOUND_TITLES.book,
      texts: [],
      links: [],
    }),
  },
  {
    name: 'the fatwah list',
    expected: async (site) =>
      found({
        path: paths.fatwahs,
        h1: PAGE_META.fatwahs.title,
        links: site.fatwahsPage.map((fatwah): [string, string] => [
          paths.fatwah(fatwah._id),
          fatwah.question,
        ]),
      }),
  },
  {
    name: 'a fatwah page',
    expected: async (site) => {
      const fatwah = await answeredFatwah(app(), site);
      return found({
        path: paths.fatwah(fatwah._id),
        h1: fatwah.question,
        texts: [fatwah.answer],
        item: fatwah._id,
      });
    },
  },
  {
    name: 'the articles list',
    expected: async (site) =>
      found({
        path: paths.articles,
        h1: PAGE_META.articles.title,
        links: site.articlesPage.map((article): [string, string] => [
          paths.article(article._id),
          article.title,
        ]),
      }),
  },
  {
    name: 'an article page',
    expected: async (site) => {
      const article = await firstArticle(app(), site);
      return found({
        path: paths.article(article._id),
        h1: article.title,
        texts: paragraphsOf(article.content),
        item: article._id,
      });
    },
  },
  {
    name: 'the about page',
    expected: async (site) =>
      found({
        path: paths.about,
        h1: site.scholar(about.title),
        texts: [site.scholar(about.lead), site.scholar(about.biography.paragraphs[0])],
      }),
  },
  {
    name: 'the initiatives page',
    expected: async (site) =>
      found({
        path: paths.initiatives,
        h1: site.scholar(initiatives.title),
        texts: [site.scholar(initiatives.lead)],
      }),
  },
  {
    name: 'the certifications page',
    expected: async (site) =>
      found({
        path: paths.certifications,
        h1: site.scholar(certifications.title),
        texts: [site.scholar(certifications.lead)],
      }),
  },
  ...(
    [
      ['the privacy policy', paths.privacyPolicy, privacyPolicy],
      ['the terms and conditions', paths.terms, termsAndConditions],
      ['the return policy', paths.returnPolicy, returnPolicy],
    ] as const
  ).map(([name, path, document]): PublicPageCase => ({
    name,
    expected: async () => found({ path, h1: document.title, texts: [document.intro] }),
  })),
  {
    name: 'the page to ask a question',
    expected: async (site) =>
      found({ path: paths.askFatwah, h1: PAGE_META.askFatwah.title, texts: site.categories }),
  },
  {
    name: 'the not-found page',
    expected: async () => ({ path: NO_PAGE, status: 404, h1: PAGE_NOT_FOUND, texts: [], links: [] }),
  },
];

describe('the HTML of each public page, as it arrives', () => {
  for (const { name, expected } of PUBLIC_PAGE_CASES) {
    it(`${name} holds what a reader came for, and the reads it was made from`, async () => {
      const data = await readSite(app());
      const want = await expected(data);
      const page = await rawPage(app(), want.path);

      expect(page.status, want.path).toBe(want.status);
      expect(page.h1, `${want.path}: its h1`).toEqual([oneLine(want.h1)]);
      for (const text of want.texts) expect(page.text, want.path).toContain(oneLine(text));
      for (const [href, text] of want.links) {
        expect(linkTexts(page.root, href).join(' | '), `${want.path}: the link to ${href}`).toContain(
          oneLine(text),
        );
      }
      // The footer shows the site's settings, and the page data holds them as the API answers them.
      expect(page.text).toContain(data.settings.contactEmail);
      expect(page.reads.map((entry) => entry.data)).toContainEqual(data.settings);
      if (want.item) {
        expect(
          page.reads.some((entry) => (entry.data as { _id?: string } | undefined)?._id === want.item),
          `${want.path}: the item's read came with the page`,
        ).toBe(true);
      }
    });
  }
});

describe('a list page past its last', () => {
  it("answers 404, kept out of search results, with the list's words for it and the way back, in each language", async () => {
    const cases = [
      // The words before the page's number (written as the language writes numbers).
      {
        path: `${paths.books}?page=999999999999`,
        text: messages('en')('books.emptyPage').split('{page}')[0]!,
      },
      {
        path: localizePath('ur', `${paths.articles}?page=4000`),
        text: messages('ur')('articles.list.empty'),
      },
      { path: localizePath('bn', `${paths.fatwahs}?page=4000`), text: messages('bn')('fatwahs.firstPage') },
    ];
    for (const { path, text } of cases) {
      const page = await rawPage(app(), path);
      expect(page.status, path).toBe(404);
      expect(page.head, path).toContain('<meta name="robots" content="noindex"');
      expect(page.text, path).toContain(oneLine(text));
    }
    // The pages there are stay 200.
    for (const path of [
      `${paths.books}?page=1`,
      localizePath('ur', paths.articles),
      localizePath('bn', paths.fatwahs),
    ]) {
      expect((await rawPage(app(), path)).status, path).toBe(200);
    }
  });
});

describe('a book page', () => {
  it('has a head from the same render, which names the book', async () => {
    const book = (await readSite(app())).booksPage[0]!;
    const page = await rawPage(app(), paths.book(book._id));

    const titles = [...page.head.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((match) =>
      decodeEntities(match[1] ?? ''),
    );
    expect(titles).toEqual([pageTitle(book.name)]);
    const canonical = [...page.head.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((match) =>
      decodeEntities(match[1] ?? ''),
    );
    expect(canonical).toEqual([`${SITE}${paths.book(book._id)}`]);
    const jsonLd = [...page.head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
    );
    expect(jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'Book',
        name: book.name,
        url: `${SITE}${paths.book(book._id)}`,
        author: { '@type': 'Person', name: book.author },
      }),
    ]);
    // The head and the page are of one render: the title names the book the h1 shows.
    expect(page.h1).toEqual([book.name]);
  });

  it('arrives with an Add to Cart that works before the app runs: a form that posts the book to the page', async () => {
    const book = (await readSite(app())).booksPage[0]!;
    const { html } = await rawPage(app(), paths.book(book._id));
    const form = /<form method="post"[^>]*>((?:(?!<\/form>)[\s\S])*)<\/form>/.exec(html);
    expect(form, 'the Add to Cart form').not.toBeNull();
    const fields = form![1]!;
    expect(fields).toContain('<input type="hidden" name="_form" value="addToCart"/>');
    expect(fields).toContain(`<input type="hidden" name="bookId" value="${book._id}"/>`);
    expect(fields).toMatch(/<input[^>]*type="number"[^>]*name="quantity"/);
    const button = /<button\b([^>]*)>(?:(?!<\/button>)[\s\S])*Add to Cart/.exec(fields);
    expect(button, 'the Add to Cart button').not.toBeNull();
    // A submit button, not disabled while the script is on its way (the `disabled:` styles in its class aside).
    expect(button![1]).toMatch(/type="submit"/);
    expect(button![1]).not.toMatch(/\sdisabled(=""|\s|$)/);
  });

  it('loads no script before it is shown: its root names the app and the screen, which a script after the page data starts', async () => {
    const book = (await readSite(app())).booksPage[0]!;
    const raw = await rawPage(app(), paths.book(book._id));
    expect(raw.head, 'no script and no script preload in the head').not.toMatch(
      /<script type="module"|modulepreload/,
    );
    expect(raw.app?.entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(raw.app?.modules.some((file) => /^\/assets\/book-page-[\w-]+\.js$/.test(file))).toBe(true);
    expect(raw.after).toMatch(/^<\/script>\s*<script>\(function \(\) \{/);
  });
});

it('each card of the Bengali books page names its edition at the price its Add to Cart adds', async () => {
  const bengali = messages('bn');
  const books = await read<Book[]>(app(), PUBLIC_PAGES.books.firstReads(1, 'bn')[0]!);
  const raw = await rawPage(app(), localizePath('bn', paths.books));
  const editionOf = (book: Book) => book.editions.find((edition) => edition.language === 'bengali');
  const inBengali = books.filter((book) => editionOf(book));
  // The demo books: a Bengali edition at a price of its own, and one sold out.
  expect(
    inBengali.some((book) => editionOf(book)!.price !== book.price && editionOf(book)!.stock !== 0),
    'a Bengali edition at a price of its own',
  ).toBe(true);
  expect(
    inBengali.some((book) => editionOf(book)!.stock === 0),
    'a Bengali edition sold out',
  ).toBe(true);
  for (const book of inBengali) {
    const edition = editionOf(book)!;
    const named = bengali(edition.stock === 0 ? 'book.edition.out' : 'book.edition.name').replace(
      '{language}',
      'বাংলা',
    );
    // The card's name and author in Bengali (docs/decisions/078), as the demo books have them.
    const own = book.translations?.bn;
    expect(raw.text).toContain(
      `${own?.name || book.name} ${own?.author || book.author} ${formatMoneyIn('bn', edition.price)} ${named}`,
    );
  }
});

describe('a book page and the footer in Urdu and Bengali', () => {
  it('arrive in the page’s language: the book’s name, author and description, the office and its hours', async () => {
    const book = (await readSite(app())).booksPage[0]!;
    for (const locale of ['ur', 'bn'] as const) {
      const own = book.translations?.[locale];
      expect(own?.name, `the demo book has its ${locale} name`).toBeTruthy();
      const page = await rawPage(app(), localizePath(locale, paths.book(book._id)));
      expect(page.h1).toEqual([own!.name]);
      const text = textOf(page.root);
      expect(text).toContain(own!.author);
      expect(text).toContain(own!.description);
      expect(text).not.toContain(book.description);
      // The footer: the office and its hours in the page's language, not the English lines.
      const office = DEFAULT_SITE_SETTINGS.translations[locale];
      for (const line of office.officeAddress) expect(text).toContain(line);
      expect(text).toContain(office.openingHours);
      expect(text).not.toContain('Park Circus');
      expect(text).not.toContain(DEFAULT_SITE_SETTINGS.openingHours);
    }
  });

  it('a tag page names its tag, and the article cards their categories, in the page’s language', async () => {
    const expected = {
      ur: { tag: '#قرآن کے مضامین', category: 'روحانیت' },
      bn: { tag: '#কুরআন ট্যাগের প্রবন্ধ', category: 'আধ্যাত্মিকতা' },
    };
    for (const locale of ['ur', 'bn'] as const) {
      const page = await rawPage(app(), localizePath(locale, paths.articleTag('quran')));
      expect(page.h1).toEqual([expected[locale].tag]);
      const text = textOf(page.root);
      expect(text).toContain(expected[locale].category);
      expect(text).not.toContain('Spirituality');
    }
  });
});

describe('the home page and the pages of text, as they arrive', () => {
  for (const name of TEXT_PAGES) {
    const path = PUBLIC_PAGES[name].path;
    it(`${path} has its title, a description, one h1, the header with the main navigation and the footer`, async () => {
      const raw = await rawPage(app(), path);
      const head = readPage(raw.html);
      expect(head.titles).toEqual([pageTitle(PAGE_META[name].title)]);
      expect(head.meta('description').length).toBeGreaterThan(20);
      expect(raw.h1).toHaveLength(1);
      const header = /<header\b[\s\S]*?<\/header>/.exec(raw.root)?.[0] ?? '';
      expect(header, 'the header holds the main navigation').toMatch(/<nav\b[^>]*aria-label="Main"/);
      const footer = /<footer\b[\s\S]*<\/footer>/.exec(raw.root)?.[0] ?? '';
      expect(textOf(footer)).toContain('Kolkata');
      if (path === paths.home) expect(raw.root).toMatch(/<(ul|ol)\b[^>]*aria-label="Books"/);
    });
  }

  it('the home page brings only the answers it shows, not a page of the fatwah list', async () => {
    const raw = await rawPage(app(), paths.home);
    const answers = raw.reads.filter((entry) => JSON.stringify(entry.key).startsWith('["fatwahs","public"'));
    expect(answers).toHaveLength(1);
    const shown = (answers[0]!.data as { data: unknown[] }).data;
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(PAGE_SIZES.homeAnswers);
  });

  it('the home page arrives with the hero as its poster, without a <video>', async () => {
    // A <video> costs the browser much styling work before the first paint: the app adds it later.
    const { html } = await rawPage(app(), paths.home);
    expect(html).not.toContain('<video');
    expect(html).toMatch(/<img [^>]*src="\/media\/hero-poster\.jpg"/);
  });
});
