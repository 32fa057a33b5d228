import type { Page } from '@playwright/test';
import { paths, PUBLIC_PAGES } from '@scholar/shared';
import { axeInPage } from './fixtures/axe';
import { inTab, oneTab } from './fixtures/one-tab';
import { TEXT_PAGES } from './fixtures/text-pages';
import { expect, test } from './fixtures/test';

const routes = TEXT_PAGES.map((name) => ({ path: PUBLIC_PAGES[name].path }));
const widths = [390, 1280];

/** Axe findings that block: anything serious or critical. */
async function seriousViolations(page: Page) {
  const results = await axeInPage(page);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** The pages one after another in one tab, at a phone's width to start with. */
const tab = oneTab({ viewport: { width: widths[0]!, height: 900 } });

test.describe('static pages', () => {
  for (const route of routes) {
    inTab(`${route.path} renders its page with no axe violations at ${widths.join(' and ')}px`, async () => {
      const { page } = tab;
      // Its title, description, one h1, header, navigation and footer as it arrives are read without a browser
      // (apps/server/test/pages/public-pages.test.ts): here, that they are shown, fit and pass axe.
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      if (route.path === paths.home) await expect(page.getByRole('list', { name: 'Books' })).toBeVisible();
      // At each width, resized in place: nothing sticks out sideways, and axe finds nothing serious.
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
            message: `overflow at ${width}px`,
          })
          .toBe(0);
        expect(await seriousViolations(page), `${width}px`).toEqual([]);
      }
    });
  }
});

test.describe('the shell on a phone', () => {
  inTab.beforeEach(async () => {
    await tab.page.setViewportSize({ width: 390, height: 800 });
  });

  inTab('the hamburger menu, the scroll-to-top button and the certificate lightbox work', async () => {
    const { page } = tab;
    await page.goto(paths.home);
    await expect(page.getByRole('list', { name: 'Books' })).toBeVisible();
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const mobileMenu = page.locator('#mobile-menu');
    await expect(mobileMenu).toBeHidden();
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(mobileMenu.getByRole('link')).toHaveCount(6);
    await expect(mobileMenu.getByRole('link', { name: 'Books' })).toHaveAttribute('href', paths.books);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(menuButton).toBeFocused();
    await menuButton.click();
    await mobileMenu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About the Shaikh' })).toBeVisible();

    // Beyond 25% of the scrollable height the button appears and takes the page back to the top.
    const toTop = page.getByRole('button', { name: 'Scroll to top' });
    await expect(toTop).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(toTop).toBeVisible();
    await expect(page.getByRole('banner')).toHaveAttribute('data-translucent', 'true');
    await toTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(toTop).toBeHidden();

    // A forward navigation to a new path starts at the top.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Certifications' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Certifications' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole('button', { name: 'Certificate in Tajwid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Certificate viewer' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('5/16');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    const image = dialog.getByRole('img', { name: 'Certificate in Tajwid' });
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowRight');
    await expect(dialog).toContainText('6/16');
    await dialog.getByRole('button', { name: 'Next certificate' }).click();
    await expect(dialog).toContainText('7/16');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await expect(page.getByRole('button', { name: 'Certificate in Tajwid' })).toBeFocused();
  });

  inTab('the hero, arrived as its poster, adds its video, local and muted, which plays', async () => {
    const { page } = tab;
    // That the page arrives with the poster and no <video> is read in apps/server/test/pages/public-pages.test.ts.
    await page.goto(paths.home);
    const video = page.locator('video');
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video).toHaveAttribute('poster', /\.jpg$/);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.muted && !v.paused && v.readyState >= 2))
      .toBe(true);
    expect(await video.evaluate((v: HTMLVideoElement) => new URL(v.currentSrc).origin)).toBe(
      new URL(page.url()).origin,
    );
    await page.getByRole('button', { name: 'Pause background video' }).click();
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });
});
