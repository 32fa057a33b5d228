import sharp from 'sharp';
import { E2E_ADMIN } from './fixtures/accounts';
import { booksRemovedAfterEach } from './fixtures/books';
import { signIn } from './fixtures/session';
import { expect, test } from './fixtures/test';

/** A 600×800 PNG cover of one colour. */
async function cover(background: string): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 800, channels: 3, background } })
    .png()
    .toBuffer();
}

/** The stored name of an uploaded image (`/api/uploads/books/<name>.<ext>` and its `-<width>.webp` variants). */
const storedName = (path: string) => /\/api\/uploads\/books\/([a-f0-9]{32})/.exec(path)?.[1];

const leftovers = booksRemovedAfterEach();

test("the shop owner's desk: a wrong price is marked, a second image becomes the cover, the shop shows it first", async ({
  page,
}) => {
  const name = `Desk Book ${Date.now()}`;
  const session = await signIn(page, { email: E2E_ADMIN.email, password: E2E_ADMIN.password, role: 'admin' });

  // Add the book with a wrong price: the price is marked, with its message, and has the focus.
  await page.goto('/add-book');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Author', { exact: true }).fill('Shaykh Desk');
  const price = page.getByLabel('Price (₹)', { exact: true });
  await price.fill('-40');
  await page.getByLabel('Description', { exact: true }).fill('Made by the desk journey.');
  await page
    .getByLabel('Images', { exact: true })
    .setInputFiles({ name: 'green.png', mimeType: 'image/png', buffer: await cover('#0f4c3a') });
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/books')) posts += 1;
  });
  await page.getByRole('button', { name: 'Add Book' }).click();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toHaveAccessibleDescription('Price cannot be negative');
  await expect(price).toBeFocused();
  await expect(page.getByLabel('Name', { exact: true })).not.toHaveAttribute('aria-invalid');
  expect(posts).toBe(0);

  // Fixed, it is added.
  await price.fill('240');
  await expect(price).not.toHaveAttribute('aria-invalid');
  const created = page.waitForResponse(
    (res) => res.url().endsWith('/api/books') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Add Book' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const added = ((await answer.json()) as { data: { _id: string; images: string[] } }).data;
  leftovers.add(added._id, session.accessToken);
  const firstCover = storedName(added.images[0]!);
  await expect(page).toHaveURL(/\/manage-books$/);

  // Edit it from its row in the table: add a second image, move it up to be the cover, remove the first one, save.
  await page.getByRole('searchbox', { name: 'Search books' }).fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('table').getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/books/${added._id}$`));
  const form = page.getByRole('form', { name: `Edit ${name}` });
  await form
    .getByLabel('Images', { exact: true })
    .setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: await cover('#7a1f1f') });
  const images = form.getByRole('list', { name: 'Chosen images' }).getByRole('listitem');
  await expect(images).toHaveCount(2);
  // By keyboard: the move button is a real button.
  await form.getByRole('button', { name: 'Move image 2 (red.png) up' }).focus();
  await page.keyboard.press('Enter');
  await expect(images.first()).toContainText('red.png');
  await expect(images.first()).toContainText('Cover');
  await expect(form.getByRole('button', { name: 'Move image 1 (red.png) down' })).toBeFocused();
  await form.getByRole('button', { name: 'Remove image 2' }).click();
  await expect(images).toHaveCount(1);
  const saved = page.waitForResponse(
    (res) => res.url().endsWith(`/api/books/${added._id}/images`) && res.request().method() === 'PUT',
  );
  await form.getByRole('button', { name: 'Save' }).click();
  const savedAnswer = await saved;
  expect(savedAnswer.status()).toBe(200);
  const newImages = ((await savedAnswer.json()) as { data: { images: string[] } }).data.images;
  expect(newImages).toHaveLength(1);
  const newCover = storedName(newImages[0]!);
  expect(newCover).toBeTruthy();
  expect(newCover).not.toBe(firstCover);
  await expect(page.getByText('Book updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/manage-books$/);

  // The shop lists the new book first, with the new cover, on /books and on the home page.
  for (const path of ['/books', '/']) {
    await page.goto(path);
    const first = page.getByRole('list', { name: 'Books' }).getByRole('listitem').first();
    await expect(first.getByRole('heading')).toHaveText(name);
    const picture = first.getByRole('img', { name: `Cover of ${name}` });
    await expect(picture).toHaveJSProperty('complete', true);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(newCover!);
  }
  // The removed image is gone.
  expect((await page.request.get(added.images[0]!)).status()).toBe(404);
});
