import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { LOCALE_INFO, localizePath, paths, type Locale } from '@scholar/shared';
import { messages } from './fixtures/messages';
import { expect, test } from './fixtures/test';

/**
 * The site in Urdu and Bengali: their pages arrive rendered in their language (Urdu right to left), name the same
 * page in every language, and a reader switches language on a page and stays on it.
 */

const urdu = messages('ur');
const bengali = messages('bn');

/** The id of the newest published fatwah. */
async function aFatwah(request: APIRequestContext): Promise<{ _id: string; question: string }> {
  const res = await request.get('/api/fatwahs/public?limit=1');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { _id: string; question: string }[] };
  const fatwah = body.data[0];
  if (!fatwah) throw new Error('No published fatwah: is the demo content seeded?');
  return fatwah;
}

/** A published article written in a language, as the recent list gives it. */
async function anArticleIn(
  request: APIRequestContext,
  language: 'ur' | 'bn',
): Promise<{ _id: string; title: string }> {
  const res = await request.get('/api/articles/recent?limit=50');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { _id: string; title: string; language?: string }[] };
  const article = body.data.find((each) => each.language === language);
  if (!article) throw new Error(`No published article in ${language}: is the demo content seeded?`);
  return article;
}

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

async function axeViolations(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

test.describe('pages in Urdu and Bengali, as they arrive', () => {
  test('Urdu pages are right to left, with their navigation in Urdu and the page in every language', async ({
    request,
  }) => {
    const fatwah = await aFatwah(request);
    for (const path of [paths.home, paths.books, paths.fatwahs, paths.fatwah(fatwah._id)]) {
      const res = await request.get(localizePath('ur', path));
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html).toContain('<html lang="ur" dir="rtl">');
      for (const id of ['nav.books', 'nav.fatwahs', 'nav.articles', 'footer.quickLinks'] as const) {
        expect(html, `${path}: ${id}`).toContain(urdu(id));
      }
      // Links inside the page stay in Urdu.
      expect(html).toContain(`href="${localizePath('ur', paths.books)}"`);
      expect(alternatesOf(html)).toEqual(everyLanguage(path));
    }
  });

  test('Bengali pages are left to right with their navigation in Bengali', async ({ request }) => {
    const html = await (await request.get(localizePath('bn', paths.home))).text();
    expect(html).toContain('<html lang="bn" dir="ltr">');
    expect(html).toContain(bengali('nav.books'));
    expect(html).toContain(bengali('home.hero.title'));
    expect(alternatesOf(html)).toEqual(everyLanguage(paths.home));
  });

  test('the sitemap names every page in each language', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const origin = new URL(xml.match(/<loc>([^<]+)<\/loc>/)![1]!).origin;
    for (const locale of ['ur', 'bn'] as Locale[]) {
      expect(xml).toContain(`<loc>${origin}${localizePath(locale, paths.books)}</loc>`);
    }
    expect(xml).toContain(`hreflang="ur" href="${origin}/ur/books"`);
  });
});

test.describe('reading in Urdu and Bengali at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });

  test('the Urdu home page reads right to left, fits the screen and passes axe', async ({ page }) => {
    await page.goto(localizePath('ur', paths.home));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(urdu('home.hero.title'));
    // The site's name starts the header's line: at the right of a right-to-left page.
    const brand = await page
      .getByRole('link', { name: urdu('site.name') })
      .first()
      .boundingBox();
    expect(brand!.x + brand!.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const locale of ['ur', 'bn'] as const) {
    test(`an article written in ${LOCALE_INFO[locale].englishName}, read on a ${LOCALE_INFO[locale].englishName} page: its text in its direction, the page fits and passes axe`, async ({
      page,
      request,
    }) => {
      const t = messages(locale);
      const article = await anArticleIn(request, locale);
      await page.goto(localizePath(locale, paths.article(article._id)));
      await expect(page.locator('html')).toHaveAttribute('dir', LOCALE_INFO[locale].dir);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(article.title);
      await expect(heading).toHaveAttribute('lang', LOCALE_INFO[locale].tag);
      await expect(page.getByRole('link', { name: t('articles.back') })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('switching language on a fatwah keeps the reader on the fatwah, and the choice is remembered', async ({
    page,
    request,
  }) => {
    const fatwah = await aFatwah(request);
    await page.goto(paths.fatwah(fatwah._id));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.getByRole('button', { name: /^Language: English$/ }).click();
    await page.locator('#language-menu').getByRole('link', { name: LOCALE_INFO.ur.name }).click();
    await expect(page).toHaveURL(localizePath('ur', paths.fatwah(fatwah._id)));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
    await expect(page.getByRole('navigation', { name: urdu('nav.main') })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The footer's links work too (and without JavaScript).
    await page
      .getByRole('navigation', { name: urdu('language.label') })
      .getByRole('link', { name: LOCALE_INFO.bn.name })
      .click();
    await expect(page).toHaveURL(localizePath('bn', paths.fatwah(fatwah._id)));
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    expect(await axeViolations(page)).toEqual([]);

    // Back on an English page, the reader is offered the page in the language they chose, in that language.
    await page.goto(paths.fatwah(fatwah._id));
    const suggestion = page.getByRole('complementary', { name: bengali('language.label') });
    await expect(suggestion).toBeVisible();
    await expect(suggestion.getByRole('link')).toHaveAttribute(
      'href',
      localizePath('bn', paths.fatwah(fatwah._id)),
    );
    await suggestion.getByRole('button', { name: bengali('language.dismiss') }).click();
    await expect(suggestion).toBeHidden();
  });
});
