import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  ARTICLE_PAGE_IMAGE_SIZES,
  BOOK_PAGE_IMAGE_SIZES,
  ITEM_PAGES,
  PAGE_META,
  notFoundTitle,
  pageMetaOf,
  pageTitle,
  paths,
  PUBLIC_PAGE_LIST,
  ROBOTS_DISALLOW,
  SITE_NAMES,
} from '@scholar/shared';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticle, createBook, createFatwah, createUser } from '../../../test/support/factories';
import { articles, fatwahs } from '../../db/schema';
import { authHeader, createTestApp, type TestContext } from '../../../test/support/app';
import { readPage } from '../../../test/support/html';
import { FACE_CHOICE_SCRIPT } from '../../lib/face-choice';
import { PAGE_MODULES } from './pages.service';

// Not the address the requests come to: every absolute URL must come from PUBLIC_URL.
const SITE = 'https://www.darulilm.example';
const HOSTILE = `Tom & "Jerry's" <script>alert(1)</script></script><!-- $& $1 <b>`;
const UNKNOWN_ID = '0190f3a2-7b1c-7d4e-8f00-000000000000';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: SITE });
});

afterAll(async () => {
  await ctx.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

/** A page as a crawler reads it: status, headers and the head's tags. */
async function fetchPage(url: string) {
  const res = await get(url);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-cache');
  return { res, page: readPage(res.body) };
}

/** The page at `path` (no language prefix) in English, Urdu and Bengali, and `x-default`, as `hreflang` links. */
const languageAlternates = (path: string) => [
  { hreflang: 'en-IN', href: `${SITE}${path}` },
  { hreflang: 'ur', href: `${SITE}/ur${path === '/' ? '' : path}` },
  { hreflang: 'bn', href: `${SITE}/bn${path === '/' ? '' : path}` },
  { hreflang: 'x-default', href: `${SITE}${path}` },
];

/** Tags every indexable page carries, consistent with one another. */
function expectIndexable(page: ReturnType<typeof readPage>, expected: { title: string; url: string }) {
  expect(page.lang).toBe('en-IN');
  expect(page.dir).toBe('ltr');
  expect(page.titles).toEqual([expected.title]);
  expect(page.metas('description')).toHaveLength(1);
  const description = page.meta('description');
  expect(description.length).toBeGreaterThan(20);
  expect(page.links('canonical')).toEqual([{ href: expected.url, type: undefined, title: undefined }]);
  expect(page.metas('robots')).toEqual([]);
  expect(page.meta('og:title')).toBe(expected.title);
  expect(page.meta('og:description')).toBe(description);
  expect(page.meta('og:url')).toBe(expected.url);
  expect(page.meta('og:site_name')).toBe('Darul Ilm');
  expect(page.meta('og:image')).toMatch(/^https?:\/\//);
  expect(page.meta('twitter:card')).toBe('summary_large_image');
  expect(page.meta('twitter:title')).toBe(expected.title);
  expect(page.meta('twitter:description')).toBe(description);
  expect(page.meta('twitter:image')).toBe(page.meta('og:image'));
  expect(page.links('alternate').filter((link) => link.type !== undefined)).toEqual([
    { href: `${SITE}/rss/articles.xml`, type: 'application/rss+xml', title: 'Articles | Darul Ilm' },
    { href: `${SITE}/rss/fatwahs.xml`, type: 'application/rss+xml', title: 'Fatwahs | Darul Ilm' },
  ]);
  // The same page in every language, this one among them.
  const path = new URL(expected.url).pathname.replace(/^\/(?:ur|bn)(?=\/|$)/, '') || '/';
  const query = new URL(expected.url).search;
  expect(
    page
      .linkAttributes('alternate')
      .filter((link) => link.hreflang !== undefined)
      .map((link) => ({ hreflang: link.hreflang, href: link.href })),
  ).toEqual(languageAlternates(`${path}${query}`));
  // Still the SPA: its root and its bundle.
  expect(page.hasRoot).toBe(true);
  expect(page.scripts).toContainEqual({ type: 'module', src: '/assets/index-abc123.js', text: '' });
}

function expectNotFound(res: { statusCode: number; body: string }, title: string) {
  expect(res.statusCode).toBe(404);
  const page = readPage(res.body);
  expect(page.titles).toEqual([pageTitle(title)]);
  expect(page.meta('robots')).toBe('noindex');
  expect(page.links('canonical')).toEqual([]);
  expect(page.metas('og:title')).toEqual([]);
  expect(page.jsonLd()).toEqual([]);
  expect(page.hasRoot).toBe(true);
}

async function admin() {
  const user = await createUser(ctx.database.db, { role: 'admin' });
  return authHeader(ctx, { id: user.id, role: 'admin' });
}

describe('static pages', () => {
  it.each(PUBLIC_PAGE_LIST.map((page) => [page.path, page.name] as const))(
    '%s has its title, description, canonical URL, Open Graph and Twitter tags',
    async (path, name) => {
      const { res, page } = await fetchPage(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toMatch(/^W\/".+"$/);
      expectIndexable(page, { title: pageTitle(PAGE_META[name].title), url: `${SITE}${path}` });
      expect(page.meta('description')).toBe(PAGE_META[name].description);
      expect(page.meta('og:type')).toBe('website');
      expect(page.meta('og:image')).toBe(`${SITE}/media/hero-poster.jpg`);
    },
  );

  it.each([
    ['/ur/books', 'ur', 'rtl', `${SITE}/ur/books`, 'ur_IN'],
    ['/bn/books', 'bn', 'ltr', `${SITE}/bn/books`, 'bn_IN'],
    ['/ur', 'ur', 'rtl', `${SITE}/ur`, 'ur_IN'],
  ])(
    '%s is the page in its language: lang %s, dir %s, its own canonical URL and the alternates',
    async (path, lang, dir, url, ogLocale) => {
      const { res, page } = await fetchPage(path);
      expect(res.statusCode).toBe(200);
      expect(page.lang).toBe(lang);
      expect(page.dir).toBe(dir);
      expect(page.links('canonical')).toEqual([{ href: url, type: undefined, title: undefined }]);
      expect(page.meta('og:url')).toBe(url);
      expect(page.meta('og:locale')).toBe(ogLocale);
      // Its title, description and the site's name in its language.
      const locale = lang as 'ur' | 'bn';
      const meta = pageMetaOf(path === '/ur' ? 'home' : 'books', locale);
      expect(page.titles).toEqual([pageTitle(meta.title, locale)]);
      expect(page.meta('description')).toBe(meta.description);
      expect(page.meta('og:site_name')).toBe(SITE_NAMES[locale]);
      const unprefixed = path.replace(/^\/(?:ur|bn)/, '') || '/';
      expect(
        page
          .linkAttributes('alternate')
          .filter((link) => link.hreflang !== undefined)
          .map((link) => ({ hreflang: link.hreflang, href: link.href })),
      ).toEqual(languageAlternates(unprefixed));
    },
  );

  it('preloads no face: a page carries the script that chooses its faces, allowed by the policy, before its body', async () => {
    for (const path of ['/ur/books', '/bn', '/books', '/cart', `/ur/fatwah/${UNKNOWN_ID}`]) {
      const res = await get(path);
      const page = readPage(res.body);
      expect(
        page.linkAttributes('preload').filter((link) => link.as === 'font'),
        path,
      ).toEqual([]);
      // The inline scripts a browser runs (not the page's data or JSON-LD) are each allowed by their hash.
      const inline = page.scripts.filter(
        (script) => !script.src && (script.type === undefined || script.type === 'text/javascript'),
      );
      expect(
        inline.map((script) => script.text),
        path,
      ).toContain(FACE_CHOICE_SCRIPT);
      for (const script of inline) {
        const hash = `'sha256-${createHash('sha256').update(script.text).digest('base64')}'`;
        expect(String(res.headers['content-security-policy']), path).toContain(hash);
      }
      // In the head, so that the class is set before the body is laid out.
      expect(res.body.indexOf(FACE_CHOICE_SCRIPT), path).toBeLessThan(res.body.indexOf('</head>'));
    }
  });

  it('says a missing fatwah is not found in the language of its address', async () => {
    const res = await get(`/ur/fatwah/${UNKNOWN_ID}`);
    expect(res.statusCode).toBe(404);
    const page = readPage(res.body);
    expect(page.lang).toBe('ur');
    expect(page.titles).toEqual([pageTitle(notFoundTitle('fatwah', 'ur'), 'ur')]);
    expect(page.meta('robots')).toBe('noindex');
  });

  it('serves a screen of the app under a language prefix in that language, and 404s an unknown one', async () => {
    const cart = await get('/ur/cart');
    expect(cart.statusCode).toBe(200);
    expect(readPage(cart.body).lang).toBe('ur');
    expect(readPage(cart.body).dir).toBe('rtl');
    expect((await get('/bn/nothing-here')).statusCode).toBe(404);
    // Only the site's languages are prefixes.
    expect((await get('/fr/books')).statusCode).toBe(404);
  });

  it('describes the site on the home page with WebSite JSON-LD', async () => {
    const { page } = await fetchPage('/');
    expect(page.jsonLd()).toEqual([
      expect.objectContaining({ '@type': 'WebSite', name: 'Darul Ilm', url: `${SITE}/` }),
    ]);
  });

  it('keeps the page number of a list in its canonical URL, but not its search or filters', async () => {
    expect((await fetchPage('/articles?page=3')).page.links('canonical')[0]?.href).toBe(
      `${SITE}/articles?page=3`,
    );
    expect((await fetchPage('/articles?page=1')).page.links('canonical')[0]?.href).toBe(`${SITE}/articles`);
    expect(
      (await fetchPage('/fatwah?search=salah&category=Prayer&page=2')).page.links('canonical')[0]?.href,
    ).toBe(`${SITE}/fatwah?page=2`);
    expect((await fetchPage('/books?page=2')).page.links('canonical')[0]?.href).toBe(`${SITE}/books?page=2`);
    expect((await fetchPage('/books?sort=name&page=2')).page.links('canonical')[0]?.href).toBe(
      `${SITE}/books?page=2`,
    );
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/about' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe('');
  });
});

describe('a book page', () => {
  it('carries the book: title, description, image and Book JSON-LD with an offer in INR', async () => {
    const book = await createBook(ctx.database.db, {
      name: 'Riyad as-Salihin',
      author: 'Imam an-Nawawi',
      description: 'The gardens of the righteous:\n\na collection of hadith on manners and worship.',
      price: 449.5,
      images: ['/api/uploads/books/riyad.jpg', 'https://cdn.example.com/riyad-back.jpg'],
    });
    const url = `${SITE}/book/${book.id}`;
    const { res, page } = await fetchPage(`/book/${book.id}`);
    expect(res.statusCode).toBe(200);
    expectIndexable(page, { title: 'Riyad as-Salihin | Darul Ilm', url });
    expect(page.meta('description')).toBe(
      'The gardens of the righteous: a collection of hadith on manners and worship.',
    );
    expect(page.meta('og:type')).toBe('book');
    expect(page.meta('og:image')).toBe(`${SITE}/api/uploads/books/riyad.jpg`);
    expect(page.meta('og:image:alt')).toBe('Riyad as-Salihin');

    const [data, ...more] = page.jsonLd();
    expect(more).toEqual([]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Book',
      name: 'Riyad as-Salihin',
      url,
      author: { '@type': 'Person', name: 'Imam an-Nawawi' },
      image: [`${SITE}/api/uploads/books/riyad.jpg`, 'https://cdn.example.com/riyad-back.jpg'],
      offers: { '@type': 'Offer', price: '449.50', priceCurrency: 'INR', url },
    });
  });

  it('falls back to the site picture for a book without images', async () => {
    const book = await createBook(ctx.database.db, { images: [] });
    const { page } = await fetchPage(`/book/${book.id}`);
    expect(page.meta('og:image')).toBe(`${SITE}/media/hero-poster.jpg`);
    expect(page.jsonLd()[0]).not.toHaveProperty('image');
  });

  it('is a 404 with noindex for an unknown or a malformed id', async () => {
    expectNotFound(await get(`/book/${UNKNOWN_ID}`), 'Book not found');
    expectNotFound(await get('/book/not-an-id'), 'Book not found');
  });

  it('shows an admin edit at once: the old ETag no longer matches', async () => {
    const book = await createBook(ctx.database.db, { name: 'Before the edit' });
    const first = await get(`/book/${book.id}`);
    const etag = String(first.headers.etag);
    const again = await get(`/book/${book.id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${book.id}`,
      headers: await admin(),
      payload: { name: 'After the edit', description: book.description, author: book.author, price: 300 },
    });
    expect(edit.statusCode).toBe(200);
    const after = await get(`/book/${book.id}`, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(readPage(after.body).titles).toEqual(['After the edit | Darul Ilm']);
    expect(readPage(after.body).jsonLd()[0]).toMatchObject({ offers: { price: '300.00' } });
  });
});

describe('an article page', () => {
  it('carries the article with Article JSON-LD and counts no view', async () => {
    const publishedAt = new Date('2026-03-01T08:00:00.000Z');
    const article = await createArticle(ctx.database.db, {
      title: 'Patience and Gratitude',
      excerpt: 'Patience is half of faith, and gratitude is the other half.',
      author: 'Shaikh Abdullah',
      featuredImage: '/api/uploads/demo/article-2.webp',
      category: 'Character',
      tags: ['patience', 'gratitude'],
      createdAt: publishedAt,
    });
    const url = `${SITE}/articles/${article.id}`;
    const { res, page } = await fetchPage(`/articles/${article.id}`);
    expect(res.statusCode).toBe(200);
    expectIndexable(page, { title: 'Patience and Gratitude | Darul Ilm', url });
    expect(page.meta('description')).toBe('Patience is half of faith, and gratitude is the other half.');
    expect(page.meta('og:type')).toBe('article');
    expect(page.meta('og:image')).toBe(`${SITE}/api/uploads/demo/article-2.webp`);
    expect(page.meta('article:published_time')).toBe(publishedAt.toISOString());
    expect(page.metas('article:tag')).toEqual(['patience', 'gratitude']);
    expect(page.jsonLd()).toEqual([
      expect.objectContaining({
        '@type': 'Article',
        headline: 'Patience and Gratitude',
        datePublished: publishedAt.toISOString(),
        author: { '@type': 'Person', name: 'Shaikh Abdullah' },
        image: [`${SITE}/api/uploads/demo/article-2.webp`],
        publisher: expect.objectContaining({ '@type': 'Organization', name: 'Darul Ilm' }),
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      }),
    ]);

    const [row] = await ctx.database.db.select().from(articles).where(eq(articles.id, article.id));
    expect(row?.views).toBe(0);
  });

  it('is a 404 with noindex for a draft, an unknown and a malformed id', async () => {
    const draft = await createArticle(ctx.database.db, { isPublished: false, title: 'Not yet' });
    expectNotFound(await get(`/articles/${draft.id}`), 'Article Not Found');
    expectNotFound(await get(`/articles/${UNKNOWN_ID}`), 'Article Not Found');
    expectNotFound(await get('/articles/12345'), 'Article Not Found');
  });

  it('leaves search results as soon as an admin unpublishes it', async () => {
    const article = await createArticle(ctx.database.db);
    expect((await get(`/articles/${article.id}`)).statusCode).toBe(200);
    const toggle = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/articles/admin/${article.id}/toggle-publish`,
      headers: await admin(),
    });
    expect(toggle.statusCode).toBe(200);
    expectNotFound(await get(`/articles/${article.id}`), 'Article Not Found');
  });
});

describe('a fatwah page', () => {
  it('carries the question and answer as a QAPage, never the asker’s email', async () => {
    const scholar = await createUser(ctx.database.db, { role: 'admin', name: 'Mufti Yusuf' });
    const fatwah = await createFatwah(ctx.database.db, {
      question: 'Is it permissible to combine the Zuhr and Asr prayers while travelling for work?',
      answer: 'Yes. A traveller may combine them.\n\nAnd Allah knows best.',
      categories: ['Prayer'],
      askerName: 'Ahmad',
      askerEmail: 'ahmad.secret@example.com',
      answeredById: scholar.id,
      createdAt: new Date('2026-02-01T10:00:00.000Z'),
    });
    // The asker agreed to show their name with the question.
    await ctx.database.db.update(fatwahs).set({ showAskerName: true }).where(eq(fatwahs.id, fatwah.id));
    const url = `${SITE}/fatwah/${fatwah.id}`;
    const { res, page } = await fetchPage(`/fatwah/${fatwah.id}`);
    expect(res.statusCode).toBe(200);
    // The title is the start of the question, as the fatwah screen shows it.
    expectIndexable(page, {
      title: 'Is it permissible to combine the Zuhr and Asr prayers while | Darul Ilm',
      url,
    });
    expect(page.meta('description')).toBe('Yes. A traveller may combine them. And Allah knows best.');
    expect(page.meta('og:type')).toBe('article');
    expect(res.body).not.toContain('ahmad.secret');
    expect(page.jsonLd()).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'QAPage',
        url,
        mainEntity: expect.objectContaining({
          '@type': 'Question',
          name: fatwah.question,
          text: fatwah.question,
          answerCount: 1,
          author: { '@type': 'Person', name: 'Ahmad' },
          acceptedAnswer: {
            '@type': 'Answer',
            text: 'Yes. A traveller may combine them.\n\nAnd Allah knows best.',
            url,
            datePublished: '2026-02-01T10:00:00.000Z',
            author: { '@type': 'Person', name: 'Mufti Yusuf' },
          },
        }),
      },
    ]);
  });

  it('leaves out the name of an asker who did not agree to show it', async () => {
    const fatwah = await createFatwah(ctx.database.db, { askerName: 'Zubair Private' });
    const { res, page } = await fetchPage(`/fatwah/${fatwah.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Zubair Private');
    expect(page.jsonLd()).toEqual([
      expect.objectContaining({ mainEntity: expect.not.objectContaining({ author: expect.anything() }) }),
    ]);
  });

  it('is a 404 with noindex while pending or a draft, and for an unknown or malformed id', async () => {
    const pending = await createFatwah(ctx.database.db, { status: 'pending', answer: null });
    const draft = await createFatwah(ctx.database.db, { status: 'draft' });
    expectNotFound(await get(`/fatwah/${pending.id}`), 'Fatwah not found');
    expectNotFound(await get(`/fatwah/${draft.id}`), 'Fatwah not found');
    expectNotFound(await get(`/fatwah/${UNKNOWN_ID}`), 'Fatwah not found');
    expectNotFound(await get('/fatwah/x'), 'Fatwah not found');
  });
});

describe('what a page preloads', () => {
  /**
   * The page's preload links: its picture, its own API reads (`as=fetch`; the site's settings, which every page
   * reads last, apart) and its code (`modulepreload`).
   */
  async function preloadsOf(url: string) {
    const { res, page } = await fetchPage(url);
    const preloads = page.linkAttributes('preload');
    const reads = preloads.filter((link) => link.as === 'fetch');
    expect(reads.at(-1), url).toEqual({
      rel: 'preload',
      as: 'fetch',
      crossorigin: '',
      href: '/api/settings',
    });
    return {
      res,
      page,
      image: preloads.filter((link) => link.as === 'image'),
      data: reads.slice(0, -1),
      modules: page.linkAttributes('modulepreload').map((link) => link.href),
    };
  }

  it('fetches the home page’s hero picture, its first API reads and its code beside the app’s entry', async () => {
    const { image, data, modules, page } = await preloadsOf('/');
    expect(image).toEqual([
      { rel: 'preload', as: 'image', href: '/media/hero-poster.jpg', fetchpriority: 'high' },
    ]);
    // `crossorigin`: a CORS request with same-origin credentials, which the app's own fetch can take over.
    expect(data).toEqual([
      { rel: 'preload', as: 'fetch', crossorigin: '', href: '/api/books' },
      { rel: 'preload', as: 'fetch', crossorigin: '', href: '/api/articles/recent?limit=3' },
      // The latest answers, only as many as the page shows, the reader's language first.
      {
        rel: 'preload',
        as: 'fetch',
        crossorigin: '',
        href: '/api/fatwahs/public?page=1&limit=4&language=en',
      },
    ]);
    // The screen's chunk and what it imports, less what index.html loads already.
    expect(modules).toEqual(['/assets/home-page-h1.js', '/assets/grid-g1.js']);
    // After the entry script: the app's own code is asked for first.
    expect(page.headOrder.indexOf('script')).toBeLessThan(page.headOrder.indexOf('link:preload'));
  });

  /** The preload of an uploaded picture: the picture, and its 400 and 800 px copies named after `stem`. */
  const variantPreload = (href: string, stem: string, sizes: string) => ({
    rel: 'preload',
    as: 'image',
    href,
    imagesrcset: `${stem}-400.webp 400w, ${stem}-800.webp 800w`,
    imagesizes: sizes,
    fetchpriority: 'high',
  });

  it('fetches a book’s first picture as its page shows it, with the variants of an upload', async () => {
    const name = 'a'.repeat(32);
    const uploaded = await createBook(ctx.database.db, { images: [`/api/uploads/books/${name}.jpg`] });
    const { image, data, modules } = await preloadsOf(`/book/${uploaded.id}`);
    expect(image).toEqual([
      variantPreload(`/api/uploads/books/${name}.jpg`, `/api/uploads/books/${name}`, BOOK_PAGE_IMAGE_SIZES),
    ]);
    expect(data.map((link) => link.href)).toEqual([`/api/books/${uploaded.id}`]);
    expect(modules).toEqual(['/assets/book-page-b1.js']);

    // A demo cover has its variants too (the seed writes them); a picture elsewhere has none.
    const demo = await createBook(ctx.database.db, { images: ['/api/uploads/demo/book-1.webp'] });
    expect((await preloadsOf(`/book/${demo.id}`)).image).toEqual([
      variantPreload('/api/uploads/demo/book-1.webp', '/api/uploads/demo/book-1', BOOK_PAGE_IMAGE_SIZES),
    ]);
    const other = await createBook(ctx.database.db, { images: ['https://images.example.com/cover.jpg'] });
    expect((await preloadsOf(`/book/${other.id}`)).image).toEqual([
      { rel: 'preload', as: 'image', href: 'https://images.example.com/cover.jpg', fetchpriority: 'high' },
    ]);
    const bare = await createBook(ctx.database.db, { images: [] });
    expect((await preloadsOf(`/book/${bare.id}`)).image).toEqual([]);
  });

  it('fetches an article’s picture and the read that counts its view, and a fatwah', async () => {
    const article = await createArticle(ctx.database.db, { featuredImage: 'https://cdn.example.com/a.jpg' });
    const forArticle = await preloadsOf(`/articles/${article.id}`);
    expect(forArticle.image.map((link) => link.href)).toEqual(['https://cdn.example.com/a.jpg']);
    // An uploaded picture: its variants, as the page's <img> asks for them.
    const name = 'b'.repeat(32);
    const uploaded = await createArticle(ctx.database.db, {
      featuredImage: `/api/uploads/books/${name}.png`,
    });
    expect((await preloadsOf(`/articles/${uploaded.id}`)).image).toEqual([
      variantPreload(
        `/api/uploads/books/${name}.png`,
        `/api/uploads/books/${name}`,
        ARTICLE_PAGE_IMAGE_SIZES,
      ),
    ]);
    expect(forArticle.data.map((link) => link.href)).toEqual([`/api/articles/published/${article.id}`]);
    // A screen the build does not know preloads no code.
    expect(forArticle.modules).toEqual([]);

    const fatwah = await createFatwah(ctx.database.db);
    const forFatwah = await preloadsOf(`/fatwah/${fatwah.id}`);
    expect(forFatwah.image).toEqual([]);
    expect(forFatwah.data.map((link) => link.href)).toEqual([`/api/fatwahs/${fatwah.id}`]);
  });

  it('fetches a list’s page as the app asks for it, and leaves searches and filters to the app', async () => {
    const hrefs = async (url: string) => (await preloadsOf(url)).data.map((link) => link.href);
    expect(await hrefs('/fatwah')).toEqual(['/api/fatwahs/public?page=1&limit=10&language=en']);
    expect(await hrefs('/fatwah?page=2')).toEqual(['/api/fatwahs/public?page=2&limit=10&language=en']);
    expect(await hrefs('/articles?page=3')).toEqual([
      '/api/articles/published?page=3&limit=12&sortBy=publishedAt&sortOrder=desc&language=en',
    ]);
    // A list in Urdu asks for the Urdu items first.
    expect(await hrefs('/ur/fatwah')).toEqual(['/api/fatwahs/public?page=1&limit=10&language=ur']);
    expect(await hrefs('/bn/articles')).toEqual([
      '/api/articles/published?page=1&limit=12&sortBy=publishedAt&sortOrder=desc&language=bn',
    ]);
    expect(await hrefs('/books')).toEqual(['/api/books?sort=newest&page=1&limit=24']);
    expect(await hrefs('/books?page=2')).toEqual(['/api/books?sort=newest&page=2&limit=24']);
    expect(await hrefs('/books?sort=name')).toEqual([]);
    expect(await hrefs('/books?search=hadith')).toEqual([]);
    expect(await hrefs('/fatwah?search=salah')).toEqual([]);
    expect(await hrefs('/fatwah?category=Prayer&page=2')).toEqual([]);
    expect(await hrefs('/fatwah?page=0')).toEqual([]);
    expect(await hrefs('/about')).toEqual([]);
  });

  it('preloads only reads the API answers', async () => {
    const book = await createBook(ctx.database.db);
    const article = await createArticle(ctx.database.db);
    const fatwah = await createFatwah(ctx.database.db);
    const pages = ['/', '/books', '/fatwah', '/articles', `/book/${book.id}`, `/articles/${article.id}`];
    for (const url of [...pages, `/fatwah/${fatwah.id}`]) {
      for (const link of (await preloadsOf(url)).data) {
        const res = await get(link.href ?? '');
        expect(res.statusCode, link.href).toBe(200);
      }
    }
  });

  it('names a module of the web app for every screen it renders', () => {
    const web = new URL('../../../../web/', import.meta.url);
    // The public screens, and the cart (rendered from the cart's cookie, docs/decisions/064).
    const screens = [...PUBLIC_PAGE_LIST.map((page) => page.name), ...Object.keys(ITEM_PAGES), 'cart'];
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(screens.sort());
    for (const module of Object.values(PAGE_MODULES))
      expect(existsSync(new URL(module, web)), module).toBe(true);
  });

  it('preloads nothing on a not-found page', async () => {
    const res = await get(`/book/${UNKNOWN_ID}`);
    expect(res.statusCode).toBe(404);
    const page = readPage(res.body);
    expect(page.linkAttributes('preload')).toEqual([]);
    expect(page.linkAttributes('modulepreload')).toEqual([]);
  });
});

describe('hostile text', () => {
  /** The raw text of every ld+json block: no `<`, so nothing in it can end the script. */
  const rawJsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

  it.each([
    [
      'a book',
      async () => `/book/${(await createBook(ctx.database.db, { name: HOSTILE, description: HOSTILE })).id}`,
    ],
    [
      'an article',
      async () =>
        `/articles/${(await createArticle(ctx.database.db, { title: HOSTILE, excerpt: HOSTILE, author: HOSTILE, tags: [HOSTILE] })).id}`,
    ],
    [
      'a fatwah',
      async () =>
        `/fatwah/${(await createFatwah(ctx.database.db, { question: HOSTILE, answer: HOSTILE, askerName: HOSTILE })).id}`,
    ],
  ])('in %s stays text in the HTML and in the JSON-LD', async (_kind, make) => {
    const { res, page } = await fetchPage(await make());
    expect(res.statusCode).toBe(200);
    const title = page.titles[0]!;
    // A browser reads back exactly the text that was written.
    expect(title.startsWith(HOSTILE.slice(0, 60))).toBe(true);
    expect(page.meta('og:title')).toBe(title);
    expect(page.meta('twitter:title')).toBe(title);
    // No element was injected: the bundle, the JSON-LD and the faces' choice are the only scripts, the title the
    // only title.
    expect(
      page.scripts.map((s) => s.type ?? (s.text === FACE_CHOICE_SCRIPT ? 'face choice' : s.text)).sort(),
    ).toEqual(['application/ld+json', 'face choice', 'module']);
    expect(page.titles).toHaveLength(1);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<b>');

    const blocks = rawJsonLd(res.body);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).not.toMatch(/[<>]/);
    const data = JSON.stringify(page.jsonLd()[0]);
    expect(data).toContain(JSON.stringify(HOSTILE).slice(1, -1));
  });
});

describe('robots.txt', () => {
  it('allows the site, keeps crawlers out of admin and account paths and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${SITE}/sitemap.xml`,
        '',
      ].join('\n'),
    );
    // As a crawler reads it: a path is out when it starts with a Disallow line.
    const disallowed = res.body
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    const blocks = (path: string) => disallowed.some((prefix) => path.startsWith(prefix));
    for (const path of [
      paths.adminDashboard,
      paths.adminOrder('x'),
      paths.adminArticleEdit('x'),
      paths.adminLogin,
      paths.manageBooks,
      paths.dashboard,
      paths.orderDetails('x'),
      paths.cart,
      paths.checkout,
      paths.guestCheckout,
      paths.payment('pay_1'),
      paths.paymentSuccess,
      paths.paymentVerification,
      paths.newAddress,
      paths.login,
      paths.register,
      paths.resetPassword('t'),
      paths.forgotPassword,
      '/api/books',
    ]) {
      expect(blocks(path), path).toBe(true);
    }
    for (const page of PUBLIC_PAGE_LIST) expect(blocks(page.path), page.path).toBe(false);
    for (const page of Object.values(ITEM_PAGES))
      expect(blocks(page.path(UNKNOWN_ID)), page.path()).toBe(false);
  });
});

const xml = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['url', 'item', 'category'].includes(name),
});

/** Parses strictly: the validator fails on anything that is not well-formed XML. */
function parseXml<T>(body: string): T {
  expect(XMLValidator.validate(body)).toBe(true);
  return xml.parse(body) as T;
}

/** The sitemap or a feed at `path`, answered as `contentType` and revalidated on every read: parsed strictly. */
async function readXml<T>(path: string, contentType: string): Promise<T> {
  const res = await get(path);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(contentType);
  expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  return parseXml<T>(res.body);
}

interface Sitemap {
  urlset: {
    '@_xmlns': string;
    '@_xmlns:xhtml': string;
    url: {
      loc: string;
      lastmod?: string;
      'xhtml:link': { '@_rel': string; '@_hreflang': string; '@_href': string }[];
    }[];
  };
}

interface FeedItem {
  title: string;
  link: string;
  guid: { '#text': string; '@_isPermaLink': string };
  pubDate: string;
  description: string;
  category?: string[];
}

interface Rss {
  rss: {
    '@_version': string;
    channel: {
      title: string;
      link: string;
      language: string;
      lastBuildDate?: string;
      'atom:link': { '@_href': string };
      item?: FeedItem[];
    };
  };
}

describe('sitemap.xml', () => {
  it('lists the static pages, every book and only the published articles and fatwahs, with lastmod', async () => {
    const book = await createBook(ctx.database.db, { name: 'Sitemap & <Book>' });
    const article = await createArticle(ctx.database.db);
    const draft = await createArticle(ctx.database.db, { isPublished: false });
    const fatwah = await createFatwah(ctx.database.db);
    const pending = await createFatwah(ctx.database.db, { status: 'pending', answer: null });

    const doc = await readXml<Sitemap>('/sitemap.xml', 'application/xml; charset=utf-8');
    expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = doc.urlset.url;
    const locs = urls.map((u) => u.loc);
    for (const page of PUBLIC_PAGE_LIST) expect(locs).toContain(`${SITE}${page.path}`);
    expect(locs).toContain(`${SITE}/book/${book.id}`);
    expect(locs).toContain(`${SITE}/articles/${article.id}`);
    expect(locs).toContain(`${SITE}/fatwah/${fatwah.id}`);
    expect(locs).not.toContain(`${SITE}/articles/${draft.id}`);
    expect(locs).not.toContain(`${SITE}/fatwah/${pending.id}`);
    expect(new Set(locs).size).toBe(locs.length);
    // Every page in every language, each naming all three and x-default.
    expect(doc.urlset['@_xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    expect(locs).toContain(`${SITE}/ur/book/${book.id}`);
    expect(locs).toContain(`${SITE}/bn/fatwah/${fatwah.id}`);
    expect(locs).toContain(`${SITE}/ur`);
    expect(urls.find((u) => u.loc === `${SITE}/bn/articles/${article.id}`)?.['xhtml:link']).toEqual([
      { '@_rel': 'alternate', '@_hreflang': 'en-IN', '@_href': `${SITE}/articles/${article.id}` },
      { '@_rel': 'alternate', '@_hreflang': 'ur', '@_href': `${SITE}/ur/articles/${article.id}` },
      { '@_rel': 'alternate', '@_hreflang': 'bn', '@_href': `${SITE}/bn/articles/${article.id}` },
      { '@_rel': 'alternate', '@_hreflang': 'x-default', '@_href': `${SITE}/articles/${article.id}` },
    ]);
    expect(locs.filter((loc) => loc.startsWith(`${SITE}/ur`))).toHaveLength(locs.length / 3);
    const unprefixed = (loc: string) => loc.replace(/^(https?:\/\/[^/]+)\/(?:ur|bn)(?=\/|$)/, '$1') || SITE;
    for (const url of urls) {
      expect(url.loc.startsWith(`${SITE}/`)).toBe(true);
      const loc = unprefixed(url.loc);
      if (
        !PUBLIC_PAGE_LIST.some((page) => loc === `${SITE}${page.path}` || `${loc}/` === `${SITE}${page.path}`)
      ) {
        expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      }
    }
    expect(urls.find((u) => u.loc.endsWith(article.id))?.lastmod).toBe(article.updatedAt.toISOString());

    // A list page changes with its newest item; the home page with books and articles; text pages carry no date.
    const lastmodOf = (path: string) => urls.find((u) => u.loc === `${SITE}${path}`)?.lastmod;
    const newest = (kind: string) =>
      urls
        .filter((u) => u.loc.startsWith(`${SITE}/${kind}/`))
        .map((u) => u.lastmod ?? '')
        .sort()
        .at(-1);
    expect(lastmodOf('/books')).toBe(newest('book'));
    expect(lastmodOf('/articles')).toBe(newest('articles'));
    expect(lastmodOf('/fatwah')).toBe(newest('fatwah'));
    expect(lastmodOf('/')).toBe([newest('book'), newest('articles')].sort().at(-1));
    expect(lastmodOf('/about')).toBeUndefined();
    expect(lastmodOf('/privacy-policy')).toBeUndefined();
  });

  it('answers 304 to a client that has it, until the content changes', async () => {
    const first = await get('/sitemap.xml');
    const etag = String(first.headers.etag);
    expect((await get('/sitemap.xml', { 'if-none-match': etag })).statusCode).toBe(304);
    await createFatwah(ctx.database.db);
    expect((await get('/sitemap.xml', { 'if-none-match': etag })).statusCode).toBe(200);
  });
});

describe('RSS feeds', () => {
  const RFC_822 =
    /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

  async function readFeed(path: string) {
    const doc = await readXml<Rss>(path, 'application/rss+xml; charset=utf-8');
    expect(doc.rss['@_version']).toBe('2.0');
    const channel = doc.rss.channel;
    expect(channel['atom:link']['@_href']).toBe(`${SITE}${path}`);
    const items = channel.item ?? [];
    for (const item of items) {
      expect(item.guid['#text']).toBe(item.link);
      expect(item.pubDate).toMatch(RFC_822);
    }
    return { channel, items };
  }

  it('lists the 50 newest published articles, newest first, with hostile titles as text', async () => {
    // Newer than every article of the other tests, a millisecond apart, and in the past by the time the feed is
    // read (an article published later is scheduled, and not in the feed before its time).
    const base = Date.now();
    const made = [];
    for (let i = 0; i < 51; i += 1) {
      made.push(
        await createArticle(ctx.database.db, {
          title: i === 50 ? HOSTILE : `Feed article ${i}`,
          excerpt: `Excerpt ${i} & more`,
          createdAt: new Date(base + i),
        }),
      );
    }
    const draft = await createArticle(ctx.database.db, {
      isPublished: false,
      createdAt: new Date(base + 10 ** 9),
    });

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, base + 100 - Date.now())));
    const { channel, items } = await readFeed('/rss/articles.xml');
    expect(channel.link).toBe(`${SITE}/articles`);
    expect(items).toHaveLength(50);
    const newest = made[50]!;
    expect(items[0]).toMatchObject({
      title: HOSTILE,
      link: `${SITE}/articles/${newest.id}`,
      pubDate: new Date(base + 50).toUTCString(),
      description: 'Excerpt 50 & more',
    });
    expect(items.map((item) => item.link)).not.toContain(`${SITE}/articles/${draft.id}`);
    expect(items.map((item) => item.link)).not.toContain(`${SITE}/articles/${made[0]!.id}`);
    expect(channel.lastBuildDate).toBe(new Date(base + 50).toUTCString());
  });

  it('lists published fatwahs only, with the question as title and the answer as description', async () => {
    const at = new Date('2031-05-05T05:05:05.000Z');
    const published = await createFatwah(ctx.database.db, {
      question: `${HOSTILE} may I pray?`,
      answer: 'Yes & no.',
      categories: ['Prayer', 'Worship'],
      createdAt: at,
    });
    const pending = await createFatwah(ctx.database.db, { status: 'pending', answer: null, createdAt: at });
    const { channel, items } = await readFeed('/rss/fatwahs.xml');
    expect(channel.link).toBe(`${SITE}/fatwah`);
    expect(items[0]).toMatchObject({
      title: `${HOSTILE} may I pray?`,
      link: `${SITE}/fatwah/${published.id}`,
      pubDate: 'Mon, 05 May 2031 05:05:05 GMT',
      description: 'Yes & no.',
      category: ['Prayer', 'Worship'],
    });
    expect(items.map((item) => item.link)).not.toContain(`${SITE}/fatwah/${pending.id}`);
    expect(items.length).toBeLessThanOrEqual(50);
  });

  it('has a feed per language: Urdu and Bengali items in theirs, linking to their pages, every item in English', async () => {
    // Fatwahs older and articles newer than the other tests' (the next test reads the newest fatwah).
    // The articles a few milliseconds from now: newer than the other tests' and in the past when the feeds are read.
    const start = Date.now();
    const at = (day: number) => (day < 4 ? new Date(Date.UTC(2029, 0, day)) : new Date(start + day));
    const fatwahOn = (day: number, values: Parameters<typeof createFatwah>[1]) =>
      createFatwah(ctx.database.db, { ...values, createdAt: at(day) });
    const articleOn = (day: number, values: Parameters<typeof createArticle>[1]) =>
      createArticle(ctx.database.db, { ...values, createdAt: at(day) });
    const urdu = await fatwahOn(2, { language: 'ur', question: 'کیا نیند سے وضو ٹوٹ جاتا ہے؟' });
    const english = await fatwahOn(3, { question: 'Does sleep break wudu?' });
    const bengaliArticle = await articleOn(4, { language: 'bn', title: 'রমজানের প্রস্তুতি' });
    const englishArticle = await articleOn(5, { title: 'Preparing for Ramadan' });

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + 50 - Date.now())));
    const ur = await readFeed('/ur/rss/fatwahs.xml');
    expect(ur.channel.language).toBe('ur');
    expect(ur.channel.title).toMatch(/ \| دار العلم$/);
    expect(ur.channel.link).toBe(`${SITE}/ur/fatwah`);
    expect(ur.items.map((item) => item.link)).toContain(`${SITE}/ur/fatwah/${urdu.id}`);
    expect(ur.items.map((item) => item.link)).not.toContain(`${SITE}/ur/fatwah/${english.id}`);
    const bn = await readFeed('/bn/rss/articles.xml');
    expect(bn.channel.language).toBe('bn');
    expect(bn.items.map((item) => item.link)).toEqual([`${SITE}/bn/articles/${bengaliArticle.id}`]);
    const en = await readFeed('/rss/articles.xml');
    expect(en.channel.language).toBe('en-in');
    expect(en.items.map((item) => item.link)).toEqual(
      expect.arrayContaining([
        `${SITE}/articles/${englishArticle.id}`,
        `${SITE}/articles/${bengaliArticle.id}`,
      ]),
    );
    // The Urdu pages link the Urdu feeds.
    const page = readPage((await get('/ur/fatwah')).body);
    expect(
      page
        .links('alternate')
        .filter((link) => link.type === 'application/rss+xml')
        .map((link) => link.href),
    ).toEqual([`${SITE}/ur/rss/articles.xml`, `${SITE}/ur/rss/fatwahs.xml`]);
  });

  it('drops characters that XML cannot carry', async () => {
    await createFatwah(ctx.database.db, {
      question: 'Bell\u0007 and form feed\u000C in a pasted question',
      createdAt: new Date('2032-01-01T00:00:00.000Z'),
    });
    const { items } = await readFeed('/rss/fatwahs.xml');
    expect(items[0]?.title).toBe('Bell and form feed in a pasted question');
  });
});

describe('other paths', () => {
  it('keeps the API and the SPA fallback as they were', async () => {
    const api = await get('/api/rss/articles.xml');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const deepLink = await get('/dashboard');
    expect(deepLink.statusCode).toBe(200);
    expect(readPage(deepLink.body).titles).toEqual(['Darul Ilm — Books, Fatwahs and Articles']);
    expect(readPage(deepLink.body).links('canonical')).toEqual([]);
  });
});
