import type { Locator, Page } from '@playwright/test';
import { paths } from '@scholar/shared';
import { inTab, oneTab } from './fixtures/one-tab';
import { expect, test } from './fixtures/test';

/**
 * A reader who sets the text to 200 % still reaches every part of the header (WCAG 1.4.4, Resize Text): the page
 * links fit in a row or fold into the menu, and the cart, the Account menu and the menu button stay on the
 * screen, with nothing of the header to scroll to sideways.
 *
 * Two ways of doubling the text, both giving the root element 32px:
 * - the browser's font size: Chromium's own setting (Settings › Appearance › Font size, stored as the preference
 *   `webkit.webprefs.default_font_size`), set to 32 through the DevTools protocol's `Page.setFontSizes`, which
 *   changes the same setting. Media queries in rem follow it: the `md:` breakpoint (48rem) then sits at 1536px;
 * - the page's root font size (`html { font-size: 200% }`), as a user style sheet or an extension sets it.
 *   Media queries do not follow it; only what is measured against the page (container queries) does.
 */
const SIZES: Record<string, (page: Page) => Promise<void>> = {
  'browser font size': async (page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  },
  'root font size': async (page) => {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.style.fontSize = '200%';
      });
    });
  },
};

const PAGES = [
  { name: 'home', path: paths.home },
  { name: 'books', path: paths.books },
  { name: 'fatwahs', path: paths.fatwahs },
] as const;
const WIDTHS = [1280, 1024, 768, 390] as const;
const HEIGHT = 900;

/** Where an element is on the screen; null when it has no box. */
type Box = { x: number; y: number; width: number; height: number } | null;

/** The element lies within the viewport from left to right. */
function expectInsideHorizontally(box: Box, width: number, what: string) {
  expect(box, `${what} has a box`).not.toBeNull();
  expect(box!.x, `${what}: left edge at ${width}px`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge at ${width}px`).toBeLessThanOrEqual(width);
}

/** The element lies within the viewport from top to bottom. */
function expectInsideVertically(box: Box, what: string) {
  expect(box, `${what} has a box`).not.toBeNull();
  expect(box!.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what}: bottom edge`).toBeLessThanOrEqual(HEIGHT);
}

/**
 * What a locator finds, as it stands, read in one look rather than one element at a time: each element's name (its
 * label, else its text) and its box in the viewport, as `boundingBox` gives it (null when it has none).
 */
const placed = (locator: Locator) =>
  locator.evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return {
        name: element.getAttribute('aria-label') ?? (element as HTMLElement).innerText.trim(),
        box: element.getClientRects().length === 0 ? null : { x, y, width, height },
      };
    }),
  );

/** How far anything in the header reaches past either side of the viewport, and what it would scroll. */
const headerOverflow = (header: Locator) =>
  header.evaluate((element) => {
    const boxes = [element, ...element.querySelectorAll('*')]
      .map((child) => child.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0);
    const beyond = (pixels: number) => Math.max(0, Math.round(pixels));
    return {
      left: beyond(-Math.min(...boxes.map((box) => box.left))),
      right: beyond(Math.max(...boxes.map((box) => box.right)) - window.innerWidth),
      scroll: beyond(element.scrollWidth - element.clientWidth),
    };
  });

for (const [size, enlarge] of Object.entries(SIZES)) {
  test.describe(`200 % text by the ${size}`, () => {
    // The pages one after another in one tab, its text enlarged once.
    const tab = oneTab({ viewport: { width: WIDTHS[0], height: HEIGHT } }, enlarge);

    for (const { name, path } of PAGES) {
      inTab(`the header of ${name} stays on the screen at ${WIDTHS.join(', ')}px`, async () => {
        // Four widths, each with the menus opened.
        test.setTimeout(120_000);
        const { page } = tab;
        await page.goto(path);
        const header = page.getByRole('banner');
        const nav = header.getByRole('navigation', { name: 'Main' });
        const account = nav.getByRole('button', { name: 'Account', exact: true });
        const menuButton = nav.getByRole('button', { name: 'Menu', exact: true });
        await expect(account).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

        // The text really is twice the size; with the browser's setting, media queries in rem follow it.
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
        if (size === 'browser font size') {
          const remInMediaQueries = await page.evaluate(() =>
            window.matchMedia(`(max-width: ${window.innerWidth / 32}rem)`).matches ? 32 : 16,
          );
          expect(remInMediaQueries).toBe(32);
        }

        // Resized in place, from the widest screen to a phone.
        for (const width of WIDTHS) {
          await test.step(`${width}px`, async () => {
            await page.setViewportSize({ width, height: HEIGHT });

            // Every link and button of the bar (the page links while they are in a row, the site name, the
            // cart and its menu, Account, the menu button) lies within the viewport, and nothing of the header
            // reaches past it.
            await expect
              .poll(() => headerOverflow(header), { message: `at ${width}px` })
              .toEqual({
                left: 0,
                right: 0,
                scroll: 0,
              });
            const controls = [
              ...(await placed(nav.getByRole('link'))),
              ...(await placed(nav.getByRole('button'))),
            ];
            expect(controls.length).toBeGreaterThanOrEqual(4);
            for (const { name: what, box } of controls) expectInsideHorizontally(box, width, what);
            expectInsideHorizontally(
              await nav.getByRole('link', { name: /^Cart, / }).boundingBox(),
              width,
              'the cart link',
            );
            expectInsideHorizontally(await account.boundingBox(), width, 'Account');
            // Nor does anything else of the page (its footer's links, the home page's heading) make it scroll
            // sideways.
            await expect
              .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
                message: `the page at ${width}px`,
              })
              .toBeLessThanOrEqual(0);

            // The page links are in the row or behind the menu button, never neither nor both; in the menu
            // each can be scrolled to.
            const inRow = nav.getByRole('link', { name: 'Fatwahs', exact: true });
            if (await menuButton.isVisible()) {
              await expect(inRow).toBeHidden();
              await menuButton.click();
              const menu = page.locator('#mobile-menu');
              const links = menu.getByRole('link');
              await expect(links).toHaveCount(6);
              const names = (await placed(links)).map(({ name: linkName }) => linkName);
              for (const [index, link] of (await links.all()).entries()) {
                const what = `${names[index]} in the menu`;
                await link.scrollIntoViewIfNeeded();
                const box = await link.boundingBox();
                expectInsideHorizontally(box, width, what);
                expectInsideVertically(box, what);
              }
              await page.keyboard.press('Escape');
              await expect(menu).toBeHidden();
            } else {
              await expect(inRow).toBeVisible();
            }

            // The Account menu opens within the viewport too.
            await account.click();
            const accountMenu = page.locator('#account-menu');
            await expect(accountMenu).toBeVisible();
            expectInsideHorizontally(await accountMenu.boundingBox(), width, 'the Account menu');
            await page.keyboard.press('Escape');
            await expect(accountMenu).toBeHidden();
          });
        }
      });
    }
  });
}
