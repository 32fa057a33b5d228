import type { Dialog, Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './fixtures/accounts';
import { signIn } from './fixtures/session';
import { expect, test } from './fixtures/test';

const UNSAVED = 'You have unsaved changes. Leave this page and lose them?';

/** A 1200×630 PNG of one colour, the shape of a featured image. */
function featuredPng(background: string): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 630, channels: 3, background } })
    .png()
    .toBuffer();
}

/** The next dialog, answered by `answer`; resolves to it. */
function nextDialog(page: Page, answer: 'accept' | 'dismiss'): Promise<Dialog> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss()).then(() => resolve(dialog));
    });
  });
}

/** Articles this file made, removed after each test whatever happened (other journeys count the demo ones). */
const made: string[] = [];
let token = '';

test.afterEach(async ({ request }) => {
  for (const id of made.splice(0)) {
    await request.delete(`/api/articles/admin/${id}`, { headers: { authorization: `Bearer ${token}` } });
  }
});

async function signInAdmin(page: Page) {
  token = (await signIn(page, { email: E2E_ADMIN.email, password: E2E_ADMIN.password, role: 'admin' }))
    .accessToken;
}

test.describe('at 1280 px', () => {
  // The refused upload (a file that is not a picture) answers 400 on purpose.
  test.use({ viewport: { width: 1280, height: 800 }, allowedConsoleErrors: [/status of 400/] });

  test('an admin uploads a featured image, is asked before leaving unsaved work, and saves without being asked', async ({
    page,
  }) => {
    const title = `Desk Article ${Date.now()}`;
    await signInAdmin(page);
    await page.goto('/admin/articles');
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    await page.getByRole('link', { name: 'Create Article' }).click();
    await expect(page).toHaveURL(/\/admin\/articles\/create$/);

    // Upload: the server checks the bytes; the path fills the URL field and the preview shows the picture.
    await page
      .getByLabel('Upload an image')
      .setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: await featuredPng('#0f4c3a') });
    const imageField = page.getByLabel('Featured Image URL *');
    await expect(imageField).toHaveValue(/^\/api\/uploads\/books\/[a-f0-9]{32}\.png$/);
    const imagePath = await imageField.inputValue();
    const preview = page.getByAltText('Featured image preview');
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    const variant = await page.request.get(imagePath.replace(/\.png$/, '-800.webp'));
    expect(variant.status()).toBe(200);
    expect(variant.headers()['content-type']).toContain('image/webp');

    // A file that is not a picture is refused with the books' sentence.
    await page
      .getByLabel('Upload an image')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await expect(page.getByRole('alert').filter({ hasText: /image/i })).toBeVisible();
    await expect(imageField).toHaveValue(imagePath);

    await page.getByLabel('Article Title *').fill(title);
    await page.getByLabel('Category').fill('Family');
    await page.getByLabel('Excerpt').fill('A short summary in other words.');
    await page
      .getByLabel('Article Content *')
      .fill('Patience is half of faith.\nGratitude is the other half.');

    // Leaving by a link asks; staying keeps everything as typed.
    let asked = nextDialog(page, 'dismiss');
    await page.getByRole('link', { name: 'Back to Article Management' }).click();
    expect((await asked).message()).toBe(UNSAVED);
    await expect(page).toHaveURL(/\/admin\/articles\/create$/);
    await expect(page.getByLabel('Article Title *')).toHaveValue(title);

    // So does the browser's Back button; staying keeps the form where it was.
    asked = nextDialog(page, 'dismiss');
    await page.goBack();
    expect((await asked).message()).toBe(UNSAVED);
    await expect(page).toHaveURL(/\/admin\/articles\/create$/);
    await expect(page.getByLabel('Article Title *')).toHaveValue(title);

    // A reload asks with the browser's own prompt.
    asked = nextDialog(page, 'dismiss');
    void page.evaluate(() => window.location.reload()).catch(() => undefined);
    expect((await asked).type()).toBe('beforeunload');
    await expect(page.getByLabel('Article Title *')).toHaveValue(title);

    // Saving leaves without a question.
    let dialogs = 0;
    page.on('dialog', () => (dialogs += 1));
    await page.getByLabel('Publish', { exact: true }).check();
    const created = page.waitForResponse(
      (res) => res.url().endsWith('/api/articles/admin') && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create Article' }).click();
    const body = (await (await created).json()) as { data: { _id: string; author: string } };
    made.push(body.data._id);
    expect(body.data.author).toBe(E2E_ADMIN.name);
    await expect(page).toHaveURL(/\/admin\/articles$/);
    await expect(page.getByText('Article created successfully!')).toBeVisible();
    expect(dialogs).toBe(0);

    // The public card's badge is the category; the article page shows the uploaded picture.
    await page.goto('/articles');
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card.getByText('Family', { exact: true })).toBeVisible();
    await expect(card.getByText(`By ${E2E_ADMIN.name}`)).toBeVisible();
    // The excerpt is the card's (and the link previews'); the article page does not repeat it above the text.
    await expect(card.getByText('A short summary in other words.')).toBeVisible();
    await card.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('1 view', { exact: true })).toBeVisible();
    await expect(page.getByText('A short summary in other words.')).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: E2E_ADMIN.name })).toContainText('Written by');
    await expect(page.locator('main img').first()).toHaveAttribute('src', imagePath);
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the admin articles table becomes cards with every column and action in reach', async ({ page }) => {
    const title = `Phone Article ${Date.now()}`;
    await signInAdmin(page);
    const res = await page.request.post('/api/articles/admin', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        title,
        content: 'A text for the phone.',
        featuredImage: '/api/uploads/demo/article-1.webp',
        isPublished: false,
      },
    });
    expect(res.status()).toBe(201);
    made.push(((await res.json()) as { data: { _id: string } }).data._id);

    await page.goto('/admin/articles');
    await page.getByLabel('Search articles').fill(title);
    const card = page.getByTestId('article-row').filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await expect(page.getByTestId('article-row')).toHaveCount(1);

    // Nothing scrolls sideways; the header row is hidden and each cell names its column.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeHidden();
    for (const label of ['Status', 'Views', 'Created', 'Actions']) {
      await expect(card.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(card.getByText(title)).toBeVisible();
    await expect(card.getByText(`By ${E2E_ADMIN.name}`)).toBeVisible();
    await expect(card.getByText('Draft', { exact: true })).toBeVisible();
    await expect(card.locator('td', { hasText: 'Views' })).toHaveText(/^Views\s*0$/);
    await expect(card.locator('td', { hasText: 'Created' })).toHaveText(/^Created\s*\d{1,2} \w{3} \d{4}$/);

    const actions = [
      card.getByRole('button', { name: `Publish "${title}"` }),
      card.getByRole('link', { name: `Edit "${title}"` }),
      card.getByRole('button', { name: `Delete "${title}"` }),
    ];
    for (const action of actions) {
      await expect(action).toBeVisible();
      const box = (await action.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }

    // The actions work from the card.
    await actions[0]!.tap();
    await expect(page.getByText('Article published successfully')).toBeVisible();
    await expect(card.getByText('Published', { exact: true })).toBeVisible();
    await card.getByRole('link', { name: `Edit "${title}"` }).tap();
    await expect(page).toHaveURL(/\/admin\/articles\/edit\/[0-9a-f-]{36}$/);
    await expect(page.getByLabel('Article Title *')).toHaveValue(title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
