import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './fixtures/accounts';
import { logInAsAdmin } from './fixtures/session';
import { expect, test } from './fixtures/test';

/** The number in '{views} views' (or '1 view'). */
async function viewsOn(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ views?$/).textContent();
  return Number(text?.replace(/ views?$/, ''));
}

test('an admin writes and publishes an article; a guest reads it, adds a view and copies its link', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Patience and Gratitude ${Date.now()}`;
  const first = 'Patience is half of faith, and gratitude is the other half.';
  const second = 'Whoever is grateful, Allah gives them more.';

  // The editors' desk is for admins only: a guest is sent to the admin login.
  await page.goto('/admin/articles');
  await expect(page).toHaveURL(/\/admin\/login$/);

  await logInAsAdmin(page);
  await page.goto('/admin/articles');
  await expect(page.getByRole('heading', { level: 1, name: 'Article Management' })).toBeVisible();
  await page.getByRole('link', { name: 'Create Article' }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/create$/);

  await page.getByRole('button', { name: 'Create Article' }).click();
  await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();

  await page.getByLabel('Article Title *').fill(title);
  // Left empty: signed with the admin's display name, else their name.
  await expect(page.getByLabel('Author')).toHaveValue('');
  await page.getByLabel('Featured Image URL *').fill('/api/uploads/demo/article-2.webp');
  await expect(page.getByAltText('Featured image preview')).toBeVisible();
  await page.getByLabel('Article Content *').fill(`${first}\n\n${second}`);
  await page.getByRole('button', { name: 'Create Article' }).click();
  await expect(page.getByText('Article created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/articles$/);

  // Created as a draft; published with the toggle.
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Publish "${title}"` }).click();
  await expect(page.getByText('Article published successfully')).toBeVisible();
  await expect(row.getByText('Published', { exact: true })).toBeVisible();

  // A guest, in a browser context of their own.
  const guestContext = await browser.newContext({ baseURL });
  await guestContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const guest = await guestContext.newPage();
  const guestErrors: string[] = [];
  guest.on('console', (message) => {
    if (message.type() === 'error') guestErrors.push(message.text());
  });
  guest.on('pageerror', (error) => guestErrors.push(error.message));

  // The home page shows it first among the latest articles, with the link to all of them.
  await guest.goto('/');
  const latest = guest.getByRole('region', { name: 'Latest Articles' });
  await expect(latest.getByRole('article').first().getByRole('heading', { level: 3 })).toHaveText(title);
  await expect(latest.getByRole('article')).toHaveCount(3);
  await latest.getByRole('link', { name: 'View All Articles' }).click();
  await expect(guest).toHaveURL(/\/articles$/);
  await expect(guest.getByRole('heading', { level: 1, name: 'Articles & Insights' })).toBeVisible();
  const cards = guest.getByRole('list', { name: 'Articles' }).getByRole('article');
  await expect(cards.first().getByRole('heading', { level: 2 })).toHaveText(title);
  await expect(cards.first().getByText(`By ${E2E_ADMIN.name}`)).toBeVisible();
  // The read that counts the reader's view: the article's own, or the count a rendered page sends.
  const viewCounted = guest.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith('/api/articles/published/'),
  );
  await cards.first().getByRole('link', { name: title }).click();
  await expect(guest).toHaveURL(/\/articles\/[0-9a-f-]{36}$/);
  const articleUrl = guest.url();

  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The excerpt (the whole short text) is not shown above the text; each paragraph is a paragraph of its own.
  await expect(guest.locator('p', { hasText: `${first} ${second}` })).toHaveCount(0);
  const content = guest.getByTestId('article-content');
  await expect(content.locator('p')).toHaveCount(2);
  const paragraphOne = content.locator('p', { hasText: first });
  const paragraphTwo = content.locator('p', { hasText: second });
  await expect(paragraphOne).toHaveCount(1);
  await expect(paragraphTwo).toHaveCount(1);
  await expect(paragraphOne).not.toContainText(second);
  expect(await paragraphOne.evaluate((p) => p.nextElementSibling?.textContent)).toBe(second);

  // The page came with the article; its view is counted once it is in the browser, and the count follows.
  await viewCounted;
  const views = await viewsOn(guest);
  expect(views).toBeGreaterThanOrEqual(1);
  await guest.reload();
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(guest.getByText(`${views + 1} views`)).toBeVisible();

  await guest.getByRole('button', { name: 'Copy link' }).click();
  await expect(guest.getByRole('button', { name: 'Link copied' })).toBeVisible();
  expect(await guest.evaluate(() => navigator.clipboard.readText())).toBe(articleUrl);
  await expect(guest.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 5000 });

  // The admin deletes it, leaving the demo data as it was.
  await page.goto('/admin/articles');
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(`Are you sure you want to delete "${title}"?`);
    void dialog.accept();
  });
  await row.getByRole('button', { name: `Delete "${title}"` }).click();
  await expect(page.getByText('Article deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);

  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
  // The 404 of the article call is expected here; nothing else may have failed.
  expect(guestErrors.filter((text) => !/status of 404/.test(text))).toEqual([]);
  await guestContext.close();
});
