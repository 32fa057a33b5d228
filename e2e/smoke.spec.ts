import { expect, test } from './fixtures/test';

test('the home page loads with header, footer and the demo books, which came with the page', async ({
  page,
}) => {
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/uploads/')) reads.push(pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Kolkata');
  const grid = page.getByRole('list', { name: 'Books' });
  await expect(grid.getByRole('listitem')).toHaveCount(8);
  // Covers are real images served from the uploads folder.
  const cover = grid.getByRole('img').first();
  await expect(cover).toHaveJSProperty('complete', true);
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The server rendered them with the API's answer, which the page carried: the browser asked for none of it.
  expect(reads).toEqual([]);
  // The journeys' reader asked for less motion (playwright.config.ts): the hero stays its still poster.
  await expect(page.getByRole('img').first()).toBeVisible();
  expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
  await expect(page.locator('video')).toHaveCount(0);
});

test('the home page loads no form schemas: zod stays with the screens that check a form', async ({
  page,
}) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.endsWith('.js')) scripts.push(res.text());
  });
  await page.goto('/');
  // The last code a page loads is the notifications' (app/toasts.tsx), after its first screen has painted.
  await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
  const code = await Promise.all(scripts);
  expect(code.length).toBeGreaterThan(0);
  // Every zod schema type is registered under a name of this form, which minifying keeps.
  expect(code.filter((text) => text.includes('$ZodType')).length).toBe(0);
});

test.describe('a deep link', () => {
  // A fatwah that cannot exist: the server answers 404 (so that search engines skip it), which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('a deep link renders the SPA', async ({ page }) => {
    await page.goto('/fatwah/some-id');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});
