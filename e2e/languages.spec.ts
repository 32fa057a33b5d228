import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { FACE_LATER_CLASS, LOCALE_INFO, faceCachedKey, localizePath, paths } from '@scholar/shared';
import { E2E_ADMIN } from './fixtures/accounts';
import { axeViolations } from './fixtures/axe';
import { messages } from './fixtures/messages';
import { mailsTo } from './fixtures/outbox';
import { SCRIPT_PROBES } from '../apps/server/src/lib/face-choice';
import { mimePart } from '../apps/server/test/support/smtp';
import { inTab, oneTab } from './fixtures/one-tab';
import { expect, test } from './fixtures/test';

/**
 * The site in Urdu and Bengali in the browser: their pages read in their direction, fit the screen and pass axe, and
 * a reader switches language on a page and stays on it. Their HTML as it arrives is read in
 * `apps/server/test/pages/heads.test.ts`.
 */

const urdu = messages('ur');
const bengali = messages('bn');

/** Debian's Noto face of each script (`fonts-noto-core`). */
const NOTO_FACES = { ur: 'NotoNaskhArabic-Regular.ttf', bn: 'NotoSansBengali-Regular.ttf' } as const;

/**
 * Whether this machine has a face that draws the letters the page's head probes for (fontconfig, which the browser
 * asks): a first visit to that language's pages is then drawn in the system's faces (docs/decisions/071).
 * scripts/ensure-chromium.mjs installs Debian's Noto.
 */
function systemHasFace(locale: 'ur' | 'bn'): boolean {
  const letters = [...SCRIPT_PROBES[locale]![0]];
  const charset = letters.map((letter) => letter.codePointAt(0)!.toString(16)).join(' ');
  const fonts = spawnSync('fc-list', [`:charset=${charset}`, 'family'], { encoding: 'utf8' });
  // Without fontconfig's tools, Debian's Noto face of the script says it.
  if (fonts.error) return existsSync(`/usr/share/fonts/truetype/noto/${NOTO_FACES[locale]}`);
  return fonts.status === 0 && fonts.stdout.trim() !== '';
}

/** The id of the newest published fatwah. */
async function aFatwah(request: APIRequestContext): Promise<{ _id: string; question: string }> {
  const res = await request.get('/api/fatwahs/public?limit=1');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { _id: string; question: string }[] };
  const fatwah = body.data[0];
  if (!fatwah) throw new Error('No published fatwah: is the demo content seeded?');
  return fatwah;
}

/** A book of the catalogue. */
async function aBook(request: APIRequestContext): Promise<{ _id: string }> {
  const res = await request.get('/api/books');
  expect(res.ok()).toBe(true);
  const book = ((await res.json()) as { data: { _id: string }[] }).data[0];
  if (!book) throw new Error('No book: is the demo content seeded?');
  return book;
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

test.describe('reading in Urdu and Bengali at 390 px', () => {
  // The journeys one after another in one tab.
  const tab = oneTab({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });

  inTab(
    "a page downloads only its own language's face, after a first visit has loaded: none in English",
    async () => {
      const { page } = tab;
      const fonts: string[] = [];
      const record = (request: { url: () => string }) => {
        if (/\.woff2(?:$|\?)/.test(request.url())) fonts.push(new URL(request.url()).pathname);
      };
      page.on('request', record);
      try {
        // Every English page, the home page and the lists too, which show the newest articles and answers in every
        // language: Urdu and Bengali text there is drawn in the system's faces.
        for (const path of [
          paths.home,
          paths.articles,
          paths.fatwahs,
          paths.books,
          paths.about,
          paths.askFatwah,
          paths.book((await aBook(page.request))._id),
        ]) {
          await page.goto(path);
          // The footer's language links, in their own scripts, are on the screen.
          await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
          await expect(
            page.getByRole('contentinfo').getByRole('link', { name: LOCALE_INFO.ur.name }),
          ).toBeVisible();
          if (path === paths.home) {
            // The home page does show Urdu: the font files are not asked for because none is needed.
            await expect(page.getByRole('main')).toContainText(/[\u0600-\u06ff]/);
          }
          await page.evaluate(() => document.fonts.ready);
        }
        expect(fonts, "the English pages' font files").toEqual([]);
        // Each other language's page. A first visit draws it in the system's faces and fetches its face only after
        // the page has loaded; the next screen is drawn in it, and so is the next page, from the browser's cache.
        for (const [locale, face, family, sample] of [
          ['bn', ['bengali'], 'Scholar Bengali', 'বাংলা'],
          // Urdu pages have two: Naskh, and Nastaliq for reading text (docs/decisions/079).
          ['ur', ['naskh-arabic', 'nastaliq-urdu'], 'Scholar Urdu', 'اردو'],
        ] as const) {
          const faceFiles = () =>
            page.evaluate(() =>
              (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
                .filter((entry) => new URL(entry.name).pathname.endsWith('.woff2'))
                .map((entry) => ({
                  path: new URL(entry.name).pathname,
                  startTime: entry.startTime,
                  downloaded: entry.transferSize > 0,
                })),
            );
          const drawnInFace = () =>
            page.evaluate(([family, sample]) => document.fonts.check(`16px "${family}"`, sample), [
              family,
              sample,
            ] as const);
          await page.goto(localizePath(locale, paths.articles));
          if (!systemHasFace(locale)) {
            // A system without a face for the script: the page is drawn in the site's face at once.
            await expect(page.locator('html')).not.toHaveClass(FACE_LATER_CLASS);
            await page.evaluate(() => document.fonts.ready);
            // The articles list has no reading text: its Naskh face only.
            expect((await faceFiles()).filter((file) => file.downloaded).map((file) => file.path)).toEqual([
              expect.stringContaining(face[0]),
            ]);
            continue;
          }
          await expect(page.locator('html')).toHaveClass(FACE_LATER_CLASS);
          // The app notes the face once it has it.
          await expect
            .poll(() => page.evaluate((key) => localStorage.getItem(key), faceCachedKey(locale)))
            .toBe('1');
          const loadEnd = await page.evaluate(
            () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
          );
          // Downloaded ones: a face an earlier page left in the browser's memory is picked up by the stylesheet's
          // rules as a request without a download, and is not drawn.
          const first = (await faceFiles()).filter((file) => file.downloaded);
          expect(first.map((file) => file.path).sort(), `the ${locale} page's faces, once each`).toEqual(
            face.map((name) => expect.stringContaining(name)),
          );
          for (const file of first) {
            expect(file.startTime, 'fetched after the page had loaded').toBeGreaterThanOrEqual(loadEnd);
          }
          // The page itself stays as drawn; the next screen is drawn in the face.
          await expect(page.locator('html')).toHaveClass(FACE_LATER_CLASS);
          await page
            .getByRole('contentinfo')
            .getByRole('link', { name: messages(locale)('nav.books'), exact: true })
            .click();
          await expect(page).toHaveURL(new RegExp(`${localizePath(locale, paths.books)}$`));
          await expect(page.locator('html')).not.toHaveClass(FACE_LATER_CLASS);
          await expect.poll(drawnInFace).toBe(true);
          // A page opened afresh is drawn in it from the start, out of the cache.
          await page.goto(localizePath(locale, paths.fatwahs));
          await expect(page.locator('html')).not.toHaveClass(FACE_LATER_CLASS);
          await page.evaluate(() => document.fonts.ready);
          expect(await drawnInFace()).toBe(true);
          expect((await faceFiles()).filter((file) => file.downloaded)).toEqual([]);
        }
      } finally {
        page.off('request', record);
      }
    },
  );

  inTab('the Urdu home page reads right to left, fits the screen and passes axe', async () => {
    const { page } = tab;
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

  inTab('the Bengali home page reads left to right in Bengali, fits the screen and passes axe', async () => {
    const { page } = tab;
    await page.goto(localizePath('bn', paths.home));
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(bengali('home.hero.title'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const locale of ['ur', 'bn'] as const) {
    inTab(
      `a fatwah written in ${LOCALE_INFO[locale].englishName}, read on a ${LOCALE_INFO[locale].englishName} page: its text in its direction, the page fits and passes axe`,
      async ({ request }) => {
        const { page } = tab;
        const res = await request.get(`/api/fatwahs/public?limit=50&language=${locale}`);
        const { data } = (await res.json()) as {
          data: { _id: string; question: string; language: string }[];
        };
        const fatwah = data.find((each) => each.language === locale);
        if (!fatwah) throw new Error(`No published fatwah in ${locale}: is the demo content seeded?`);
        await page.goto(localizePath(locale, paths.fatwah(fatwah._id)));
        await expect(page.locator('html')).toHaveAttribute('dir', LOCALE_INFO[locale].dir);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading).toHaveAttribute('lang', LOCALE_INFO[locale].tag);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(await axeViolations(page)).toEqual([]);
      },
    );
  }

  for (const locale of ['ur', 'bn'] as const) {
    inTab(
      `an article written in ${LOCALE_INFO[locale].englishName}, read on a ${LOCALE_INFO[locale].englishName} page: its text in its direction, the page fits and passes axe`,
      async ({ request }) => {
        const { page } = tab;
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
      },
    );
  }

  inTab(
    'switching language on a fatwah keeps the reader on the fatwah, and the choice is remembered',
    async ({ request }) => {
      const { page } = tab;
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

      // The choice is remembered, and a reader who chose with the switcher knows where the languages are: back on
      // an English page, no bar suggests another (docs/decisions/067).
      expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('"bn"');
      await page.goto(paths.fatwah(fatwah._id));
      await expect(page.getByRole('button', { name: /^Language: English$/ })).toBeVisible();
      // The bar would appear within moments of the app running (its language's messages are in the cache).
      await page.waitForTimeout(500);
      const bar = new RegExp(`^(Language|${bengali('language.label')})$`);
      await expect(page.getByRole('complementary', { name: bar })).toHaveCount(0);
    },
  );

  inTab(
    'a guest buys a book in its Bengali edition on Bengali pages: the order, its mail and the CSV say Bengali',
    async ({ request }) => {
      const { page } = tab;
      const books = (await (await request.get('/api/books')).json()) as {
        data: {
          _id: string;
          name: string;
          translations?: { bn?: { name: string } };
          editions: { language: string; stock: number | null; price: number }[];
        }[];
      };
      const book = books.data.find((each) =>
        each.editions.some((edition) => edition.language === 'bengali' && edition.stock !== 0),
      );
      if (!book) throw new Error('No book with a Bengali edition in stock: is the demo content seeded?');
      const edition = book.editions.find((each) => each.language === 'bengali')!;
      const email = `bengali-edition-${Date.now()}@example.com`;

      await page.goto(localizePath('bn', paths.book(book._id)));
      // The book's page names it in Bengali (docs/decisions/078); the order keeps the name it was bought under.
      await expect(
        page.getByRole('heading', { level: 1, name: book.translations?.bn?.name || book.name }),
      ).toBeVisible();
      const choice = page.getByRole('group', { name: bengali('book.edition.legend') });
      await choice.getByRole('radio', { name: /বাংলা/ }).check();
      await expect(choice.getByRole('radio', { name: /বাংলা/ })).toBeChecked();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByRole('button', { name: bengali('book.addToCart') }).click();
      await expect(page.getByText(bengali('book.added.guest')).first()).toBeVisible();

      await page.goto(localizePath('bn', paths.cart));
      await expect(page.getByRole('main')).toContainText('বাংলা');
      await page.getByRole('link', { name: bengali('shop.cart.proceed') }).click();
      await page.getByLabel(bengali('shop.guest.name')).fill('Rafiqul Islam');
      await page.getByLabel(bengali('shop.guest.email')).fill(email);
      await page.getByLabel(bengali('shop.guest.phone')).fill('9831122334');
      await page.getByLabel(bengali('shop.address.line1')).fill('9 College Street');
      await page.getByLabel(bengali('shop.address.city')).fill('Kolkata');
      await page.getByLabel(bengali('shop.address.state')).selectOption('West Bengal');
      await page.getByLabel(bengali('shop.address.pincode')).fill('700073');
      await page.getByRole('button', { name: bengali('shop.guest.pay') }).click();
      const window = page.getByRole('dialog', { name: 'Razorpay Sandbox' });
      // The edition's own price and ₹50 for the first pair of books.
      await expect(window.getByText(`₹${(edition.price + 50).toFixed(2)}`)).toBeVisible();
      await window.getByRole('button', { name: 'Pay', exact: true }).click();

      // The order, as the guest sees it: the line names its edition in Bengali.
      await expect(page.getByRole('heading', { name: bengali('shop.success.title') })).toBeVisible({
        timeout: 15_000,
      });
      const order = page.getByRole('region', { name: bengali('shop.success.order') });
      await expect(order.getByRole('row', { name: new RegExp(book.name.slice(0, 12)) })).toContainText(
        'বাংলা',
      );
      const orderNumber = /ORD-\d{8}-[0-9A-Z]{6}/.exec((await order.textContent()) ?? '')?.[0];
      expect(orderNumber).toBeTruthy();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);

      // The confirmation mail, written in Bengali, names the edition.
      await expect.poll(() => mailsTo(email).length, { timeout: 5000 }).toBeGreaterThan(0);
      expect(mimePart(mailsTo(email)[0]!, 'text/plain')).toContain('বাংলা সংস্করণ');

      // The desk's CSV names it on the order's line.
      const login = await request.post('/api/auth/login', { data: { ...E2E_ADMIN, role: 'admin' } });
      const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
      const csv = await request.get('/api/orders/admin/export-csv', {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(csv.ok()).toBe(true);
      const line = (await csv.text()).split('\n').find((row) => row.includes(orderNumber!));
      expect(line).toContain(`${book.name} (Bengali) x1`);
    },
  );
});
