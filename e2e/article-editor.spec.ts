import sharp from 'sharp';
import { E2E_ADMIN } from './fixtures/accounts';
import { signIn } from './fixtures/session';
import { expect, test } from './fixtures/test';

/** A small PNG of one colour. */
function png(background: string, width = 1200, height = 630): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** The `datetime-local` value (with seconds) of an instant, in India time (UTC+05:30). */
const indiaTime = (at: number) => new Date(at + 5.5 * 3_600_000).toISOString().slice(0, 19);

const made: string[] = [];
let token = '';

test.afterEach(async ({ request }) => {
  for (const id of made.splice(0)) {
    await request.delete(`/api/articles/admin/${id}`, { headers: { authorization: `Bearer ${token}` } });
  }
});

test('an admin writes an article in Markdown with an inline image and tags, schedules it, and it appears to a guest by itself at its time', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const title = `What I learned at Arafah ${stamp}`;
  const tag = `arafah ${stamp}`;
  token = (await signIn(page, { email: E2E_ADMIN.email, password: E2E_ADMIN.password, role: 'admin' }))
    .accessToken;
  await page.goto('/admin/articles/create');

  await page.getByLabel('Article Title *').fill(title);
  await page
    .getByLabel('Upload an image')
    .setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: await png('#0f4c3a') });
  await expect(page.getByLabel('Featured Image URL *')).toHaveValue(/^\/api\/uploads\/books\//);

  // A heading and a list with the toolbar, then an uploaded image at the cursor.
  const text = page.getByLabel('Article Content *');
  await text.fill('The day of standing');
  await page.getByRole('button', { name: 'Heading' }).click();
  await expect(text).toHaveValue('## The day of standing');
  await text.press('End');
  await text.pressSequentially('\n\npatience\ngratitude');
  await text.evaluate((box: HTMLTextAreaElement) =>
    box.setSelectionRange(box.value.indexOf('patience'), box.value.length),
  );
  await page.getByRole('button', { name: 'Bulleted list' }).click();
  await expect(text).toHaveValue('## The day of standing\n\n- patience\n- gratitude');
  await text.press('End');
  await page
    .getByLabel('Insert an image')
    .setInputFiles({ name: 'the-plain.png', mimeType: 'image/png', buffer: await png('#c9a227', 800, 400) });
  await expect(text).toHaveValue(
    /^## The day of standing\n\n- patience\n- gratitude\n!\[the plain\]\(\/api\/uploads\/books\/[a-f0-9]{32}\.png\)\n$/,
  );
  const inlineImage = /\((\/api\/uploads\/books\/[a-f0-9]{32}\.png)\)/.exec(await text.inputValue())![1]!;

  // The preview is the server's rendering.
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('tabpanel', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 2, name: 'The day of standing' })).toBeVisible();
  await expect(preview.getByRole('listitem')).toHaveText(['patience', 'gratitude']);
  await expect(preview.locator('img')).toHaveAttribute('src', inlineImage);
  await page.getByRole('tab', { name: 'Write' }).click();

  await page.getByLabel('Tags').fill(`Hajj, ${tag.toUpperCase()}`);

  // Scheduled a few seconds ahead, in India time: time enough for the guest's looks below on a busy machine.
  const at = Date.now() + 12_000;
  await page.getByLabel('Publish', { exact: true }).check();
  await page.getByLabel('Publish at (India time)').fill(indiaTime(at));
  const created = page.waitForResponse(
    (res) => res.url().endsWith('/api/articles/admin') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create Article' }).click();
  const body = (await (await created).json()) as {
    data: { _id: string; tags: string[]; publishedAt: string };
  };
  made.push(body.data._id);
  expect(body.data.tags).toEqual(['hajj', tag]);
  expect(Math.abs(Date.parse(body.data.publishedAt) - at)).toBeLessThan(1000);
  await expect(page).toHaveURL(/\/admin\/articles$/);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: title })
      .getByText(/^Scheduled/),
  ).toBeVisible();

  // A guest does not see it before its time: not on the list, not on its tag page, not at its address.
  const guestContext = await browser.newContext({ baseURL });
  const guest = await guestContext.newPage();
  await guest.goto('/articles');
  await expect(guest.getByRole('heading', { level: 1, name: 'Articles & Insights' })).toBeVisible();
  await expect(guest.getByText(title)).toHaveCount(0);
  await guest.goto(`/articles/tag/${encodeURIComponent(tag)}`);
  await expect(guest.getByText(title)).toHaveCount(0);
  const early = await guest.request.get(`/api/articles/published/${body.data._id}`);
  expect(early.status()).toBe(404);

  // At its time it appears, with no action on the desk: looked for once the time has come, not before.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
  await expect(async () => {
    await guest.goto('/articles');
    await expect(guest.getByRole('link', { name: title })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000, intervals: [500, 1_000] });
  // Not before the time it was stored with, which the form sends to the second (up to a second before `at`).
  expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(body.data.publishedAt));

  await guest.getByRole('link', { name: title }).click();
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const content = guest.getByTestId('article-content');
  await expect(content.getByRole('heading', { level: 2, name: 'The day of standing' })).toBeVisible();
  await expect(content.getByRole('listitem')).toHaveText(['patience', 'gratitude']);
  const image = content.locator('img');
  await expect(image).toHaveAttribute('src', inlineImage);
  await expect(image).toHaveAttribute('alt', 'the plain');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  await expect(guest.getByTestId('reading-time')).toHaveText('1 min read');

  // Its tag leads to the tag page, which lists it, with the tag's feed in its head.
  await guest.getByRole('link', { name: `#${tag}` }).click();
  await expect(guest).toHaveURL(new RegExp(`/articles/tag/${encodeURIComponent(tag)}$`));
  await expect(guest.getByRole('heading', { level: 1, name: `Articles tagged #${tag}` })).toBeVisible();
  await expect(guest.getByRole('link', { name: title })).toBeVisible();
  const feed = await guest.request.get(`/articles/tag/${encodeURIComponent(tag)}/rss.xml`);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`/articles/${body.data._id}</link>`);
  await guestContext.close();
});

test.describe('without the script', () => {
  test.use({ javaScriptEnabled: false });
  const word = `Muzdalifah${Date.now().toString(36)}`;
  const tag = `night ${word.toLowerCase()}`;

  test.beforeAll(async ({ request }) => {
    const login = await request.post('/api/auth/login', { data: { ...E2E_ADMIN, role: 'admin' } });
    token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  });

  test('the article search is sent by the form and a tag page arrives rendered with its feed in the head', async ({
    page,
    request,
  }) => {
    for (const n of [1, 2]) {
      const res = await request.post('/api/articles/admin', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          title: `The night at ${word} ${n}`,
          markdown: `Resting at **${word}**, part ${n}.`,
          featuredImage: '/api/uploads/demo/article-1.webp',
          tags: n === 1 ? [tag] : [],
          isPublished: true,
        },
      });
      expect(res.status()).toBe(201);
      made.push(((await res.json()) as { data: { _id: string } }).data._id);
    }

    await page.goto('/articles');
    await page.getByRole('searchbox', { name: 'Search articles' }).fill(word);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`/articles\\?search=${word}$`));
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue(word);
    await expect(page.getByText(`2 articles found for “${word}”`)).toBeVisible();
    const cards = page.getByRole('list', { name: 'Articles' }).getByRole('heading', { level: 2 });
    await expect(cards).toHaveText([`The night at ${word} 2`, `The night at ${word} 1`]);

    await page.goto(`/articles/tag/${encodeURIComponent(tag)}`);
    await expect(page.getByRole('heading', { level: 1, name: `Articles tagged #${tag}` })).toBeVisible();
    await expect(cards).toHaveText([`The night at ${word} 1`]);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]').first()).toHaveAttribute(
      'href',
      new RegExp(`/articles/tag/${encodeURIComponent(tag).replace(/%/g, '%')}/rss\\.xml$`),
    );
  });
});
