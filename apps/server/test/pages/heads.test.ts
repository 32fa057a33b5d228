import { API_BASE, localizePath, paths, type Locale } from '@scholar/shared';
import { expect, it } from 'vitest';
import { readPage } from '../support/html';
import { messages } from '../../../../e2e/fixtures/messages';
import { rawPage, read, readerAddress } from './support/raw-page';
import { SITE, useRenderedSite } from './support/site';

/**
 * Heads as they arrive: an article page's JSON-LD, safe from the article's own text, and a missing one's 404; the
 * pages in Urdu and Bengali in their language and direction, each naming the same page in every language.
 */

const site = useRenderedSite();

/** A published article, written through the editors' API. */
async function publishArticle(title: string): Promise<string> {
  const res = await site.ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/articles/admin`,
    headers: await site.admin(),
    payload: {
      title,
      content: 'Sincerity is the soul of every deed.\n\nWithout it, deeds are bodies without a soul.',
      author: 'Shaikh Abdullah',
      featuredImage: '/api/uploads/demo/article-2.webp',
      isPublished: true,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: { _id: string } }>().data._id;
}

it('an article page comes from the server with its JSON-LD, which a title cannot break out of', async () => {
  // The title tries to close the JSON-LD's script and open one of its own.
  const title = `Sincerity </script><script>window.pwned = true</script> & "intention"`;
  const id = await publishArticle(title);

  const raw = await rawPage(site.ctx.app, paths.article(id));
  expect(raw.status).toBe(200);
  expect(raw.html).toContain('<script type="application/ld+json">');
  expect(raw.html).not.toContain('<script>window.pwned');

  const head = readPage(raw.html);
  expect(head.titles).toEqual([`${title} | Darul Ilm`]);
  expect(head.jsonLd()).toEqual([
    expect.objectContaining({
      '@type': 'Article',
      headline: title,
      author: { '@type': 'Person', name: 'Shaikh Abdullah' },
      image: [`${SITE}/api/uploads/demo/article-2.webp`],
    }),
  ]);
  expect(head.links('canonical').map((link) => link.href)).toEqual([`${SITE}${paths.article(id)}`]);
  expect(head.meta('og:title')).toBe(`${title} | Darul Ilm`);
});

it('a missing article is a 404 kept out of search results, with its not-found screen', async () => {
  const raw = await rawPage(site.ctx.app, paths.article('0190f3a2-7b1c-7d4e-8f00-000000000000'));
  expect(raw.status).toBe(404);
  expect(raw.h1).toEqual(['Article Not Found']);
  expect(readPage(raw.html).metas('robots')).toEqual(['noindex']);
});

const urdu = messages('ur');
const bengali = messages('bn');

/** The `hreflang` alternates of a page's HTML, in document order. */
const alternatesOf = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(
    ([, hreflang, href]) => ({
      hreflang,
      href: new URL(href!).pathname,
    }),
  );

/** The page at `path` in every language and x-default, as its alternates name it (paths only). */
const everyLanguage = (path: string) => [
  { hreflang: 'en-IN', href: path },
  { hreflang: 'ur', href: localizePath('ur', path) },
  { hreflang: 'bn', href: localizePath('bn', path) },
  { hreflang: 'x-default', href: path },
];

it('Urdu pages are right to left, with their navigation in Urdu and the page in every language', async () => {
  const [fatwah] = await read<{ _id: string }[]>(site.ctx.app, '/fatwahs/public?limit=1');
  expect(fatwah, 'a published fatwah').toBeDefined();
  for (const path of [paths.home, paths.books, paths.fatwahs, paths.fatwah(fatwah!._id)]) {
    const { status, html } = await rawPage(site.ctx.app, localizePath('ur', path));
    expect(status, path).toBe(200);
    expect(html).toContain('<html lang="ur" dir="rtl">');
    for (const id of ['nav.books', 'nav.fatwahs', 'nav.articles', 'footer.quickLinks'] as const) {
      expect(html, `${path}: ${id}`).toContain(urdu(id));
    }
    // Links inside the page stay in Urdu.
    expect(html).toContain(`href="${localizePath('ur', paths.books)}"`);
    expect(alternatesOf(html)).toEqual(everyLanguage(path));
  }
});

it('Bengali pages are left to right with their navigation in Bengali', async () => {
  const { html } = await rawPage(site.ctx.app, localizePath('bn', paths.home));
  expect(html).toContain('<html lang="bn" dir="ltr">');
  expect(html).toContain(bengali('nav.books'));
  expect(html).toContain(bengali('home.hero.title'));
  expect(alternatesOf(html)).toEqual(everyLanguage(paths.home));
});

it('the sitemap names every page in each language', async () => {
  const res = await site.ctx.app.inject({ url: '/sitemap.xml', remoteAddress: readerAddress() });
  const xml = res.body;
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  const origin = new URL(xml.match(/<loc>([^<]+)<\/loc>/)![1]!).origin;
  for (const locale of ['ur', 'bn'] as Locale[]) {
    expect(xml).toContain(`<loc>${origin}${localizePath(locale, paths.books)}</loc>`);
  }
  expect(xml).toContain(`hreflang="ur" href="${origin}/ur/books"`);
});
