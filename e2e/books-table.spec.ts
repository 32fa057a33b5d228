import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './fixtures/accounts';
import { booksRemovedAfterEach } from './fixtures/books';
import { linkInMailTo } from './fixtures/outbox';
import { signIn } from './fixtures/session';
import { expect, test } from './fixtures/test';

const leftovers = booksRemovedAfterEach();

/** A book with an English edition (3 copies) and an Urdu one (2), added through the API as the desk's form does. */
async function addBook(page: Page, token: string, name: string): Promise<string> {
  const cover = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#0f4c3a' } })
    .png()
    .toBuffer();
  const res = await page.request.post('/api/books', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      name,
      author: 'Shaykh Table',
      description: 'Made by the books table journey.',
      price: '275',
      editions: JSON.stringify([
        { language: 'english', stock: 3, price: '' },
        { language: 'urdu', stock: 2, price: '' },
      ]),
      images: { name: 'cover.png', mimeType: 'image/png', buffer: cover },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

/** From the table: search the book, open its editor from its row. */
async function openEditor(page: Page, name: string) {
  await page.goto('/manage-books');
  await page.getByRole('searchbox', { name: 'Search books' }).fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/manage-books\?search=/);
  const table = page.getByRole('table', { name: /Books by name/ });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/admin\/books\/[0-9a-f-]+$/);
  return { form: page.getByRole('form', { name: `Edit ${name}` }), row };
}

const englishStock = (page: Page) =>
  page.getByRole('group', { name: 'English edition' }).getByLabel('Stock (copies)');

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

test.describe('at 390 px, the table then on a desktop', () => {
  test.use({ viewport: PHONE });

  test('the desk finds a book in the table, edits its details and stock; a waiting reader is mailed once it is back', async ({
    page,
  }) => {
    const name = `Table Book ${Date.now()}`;
    const session = await signIn(page, {
      email: E2E_ADMIN.email,
      password: E2E_ADMIN.password,
      role: 'admin',
    });
    const bookId = await addBook(page, session.accessToken, name);
    leftovers.add(bookId, session.accessToken);

    // The table finds it by search; its row shows both editions with their stock.
    const { form } = await openEditor(page, name);
    // The images are thumbnails with their place and alt text, not stored file names.
    const images = form.getByRole('list', { name: 'Chosen images' }).getByRole('listitem');
    await expect(images).toHaveCount(1);
    await expect(images.first()).toContainText('Position 1 of 1');
    await expect(images.first()).toContainText(`Alt text: Cover of ${name}`);
    await expect(images.first()).not.toContainText('.png');

    // A wrong ISBN is refused beside its field, with its message.
    const isbn = form.getByLabel('ISBN');
    await isbn.fill('978-0-306-40615-8');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(isbn).toHaveAttribute('aria-invalid', 'true');
    await expect(isbn).toHaveAccessibleDescription(/check digit does not match/);

    await form.getByLabel('Pages').fill('320');
    await form.getByLabel('Binding').selectOption('hardcover');
    await isbn.fill('978-0-306-40615-7');
    await form.getByLabel('Publisher').fill('Darul Ilm Press');
    await englishStock(page).fill('0');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Book updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/manage-books/);

    // The table marks the English edition out of stock.
    await page.getByRole('searchbox', { name: 'Search books' }).fill(name);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    await expect(row.getByRole('listitem').filter({ hasText: 'English' })).toContainText('Out of stock');
    await expect(row.getByRole('listitem').filter({ hasText: 'Urdu' })).toContainText('2 in stock');
    // On a desktop (resized in place) the table says the same.
    await page.setViewportSize(DESKTOP);
    await expect(row.getByRole('listitem').filter({ hasText: 'English' })).toContainText('Out of stock');
    await expect(row.getByRole('listitem').filter({ hasText: 'Urdu' })).toContainText('2 in stock');
    await page.setViewportSize(PHONE);

    // A reader (signed out) asks to be told when the English edition is back.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/book/${bookId}`);
    await page.getByRole('radio', { name: /English/ }).check();
    const details = page.getByRole('region', { name: 'Product details' });
    await expect(details.locator('dd')).toHaveText(['320', 'Hardcover', '978-0306406157', 'Darul Ilm Press']);
    const reader = `reader-${Date.now()}@example.com`;
    const ask = page.getByRole('form', { name: 'Notify me when it is back' });
    await ask.getByLabel('Email').fill(reader);
    await ask.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByRole('status').filter({ hasText: `We will email ${reader} once` })).toBeVisible();

    // The desk sets the English stock to 5: the reader gets one mail with the book's link.
    await signIn(page, { email: E2E_ADMIN.email, password: E2E_ADMIN.password, role: 'admin' });
    const again = await openEditor(page, name);
    await expect(englishStock(page)).toHaveValue('0');
    await englishStock(page).fill('5');
    await again.form.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/manage-books/);
    const link = await linkInMailTo(reader, new RegExp(`https?://\\S+/book/${bookId}`), 'back-in-stock');
    expect(link).toContain(`/book/${bookId}`);
  });
});
