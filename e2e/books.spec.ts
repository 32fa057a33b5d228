import sharp from 'sharp';
import { E2E_ADMIN } from './fixtures/accounts';
import { booksRemovedAfterEach } from './fixtures/books';
import { signIn } from './fixtures/session';
import { expect, test } from './fixtures/test';

/** A 600×800 PNG cover of one colour, with a band so the two pictures differ visibly. */
async function cover(background: string, band: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="100%" height="100%" fill="${background}"/><rect y="340" width="600" height="120" fill="${band}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const leftovers = booksRemovedAfterEach();

test('an admin adds, edits and deletes a book; a guest browses its pictures, then finds it gone', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `E2E Book ${Date.now()}`;
  const session = await signIn(page, { email: E2E_ADMIN.email, password: E2E_ADMIN.password, role: 'admin' });

  // Add the book with two images, watching the upload's answer for its id.
  await page.goto('/add-book');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Book' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Author', { exact: true }).fill('Shaykh E2E');
  await page.getByLabel('Price (₹)', { exact: true }).fill('250');
  await page.getByLabel('Description', { exact: true }).fill('A book made by the end-to-end journey.');
  await page.getByLabel('Images').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: await cover('#0f4c3a', '#d4af37') },
    { name: 'back.png', mimeType: 'image/png', buffer: await cover('#7a1f1f', '#f5f5f4') },
  ]);
  const previews = page.getByRole('list', { name: 'Chosen images' }).getByRole('img');
  await expect(previews).toHaveCount(2);
  const created = page.waitForResponse(
    (res) => res.url().endsWith('/api/books') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Add Book' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const bookId = ((await answer.json()) as { data: { _id: string } }).data._id;
  leftovers.add(bookId, session.accessToken);
  await expect(page.getByText('Book added successfully')).toBeVisible();

  // It is in the desk's table on /manage-books; its full-page editor saves a new price (rounded to 2 decimals).
  await expect(page).toHaveURL(/\/manage-books$/);
  const findRow = async () => {
    await page.getByRole('searchbox', { name: 'Search books' }).fill(name);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/manage-books\?search=/);
    return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  };
  const row = await findRow();
  await expect(row).toBeVisible();
  await expect(row.getByText('₹250.00').first()).toBeVisible();
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/books/${bookId}$`));
  const editForm = page.getByRole('form', { name: `Edit ${name}` });
  await expect(editForm.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(editForm.getByLabel('Price (₹)', { exact: true })).toHaveValue('250.00');
  await editForm.getByLabel('Price (₹)', { exact: true }).fill('123.456');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Book updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/manage-books/);
  await expect((await findRow()).getByText('₹123.46').first()).toBeVisible();

  // A guest, in a browser of their own, opens the book and goes through the carousel.
  const guestContext = await browser.newContext({ baseURL });
  const guest = await guestContext.newPage();
  const guestErrors: string[] = [];
  guest.on('console', (message) => {
    if (message.type() === 'error') guestErrors.push(`${message.text()} ${message.location().url}`);
  });
  guest.on('pageerror', (error) => guestErrors.push(error.message));
  await guest.goto(`/book/${bookId}`);
  await expect(guest.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(guest.getByText('Shaykh E2E')).toBeVisible();
  await expect(guest.getByText('₹123.46')).toBeVisible();
  await expect(guest.getByText('A book made by the end-to-end journey.')).toBeVisible();

  const carousel = guest.getByRole('region', { name: `Images of ${name}` });
  const picture = carousel.getByRole('img');
  await expect(picture).toHaveAccessibleName(`${name}, image 1 of 2`);
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The browser picked a resized WebP variant from srcset.
  expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-(400|800)\.webp$/);

  await carousel.getByRole('button', { name: 'Next image' }).click();
  await expect(picture).toHaveAccessibleName(`${name}, image 2 of 2`);
  await expect(carousel.getByRole('button', { name: 'Show image 2 of 2' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await carousel.getByRole('button', { name: 'Previous image' }).click();
  await expect(picture).toHaveAccessibleName(`${name}, image 1 of 2`);
  await carousel.getByRole('button', { name: 'Show image 2 of 2' }).click();
  await expect(picture).toHaveAccessibleName(`${name}, image 2 of 2`);
  await carousel.getByRole('button', { name: 'Show image 1 of 2' }).focus();
  await guest.keyboard.press('Enter');
  await expect(picture).toHaveAccessibleName(`${name}, image 1 of 2`);

  // The guest can put it in the guest cart.
  await guest.getByRole('button', { name: 'Increase quantity' }).click();
  await guest.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(guest.getByText('Added to guest cart!')).toBeVisible();
  const guestCart = await guest.evaluate(
    () => JSON.parse(localStorage.getItem('localCart') ?? '[]') as unknown,
  );
  expect(guestCart).toEqual([expect.objectContaining({ _id: bookId, name, price: 123.46, quantity: 2 })]);

  // The admin deletes the book.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(`Are you sure you want to delete "${name}"?`);
    void dialog.accept();
  });
  await page.goto(`/admin/books/${bookId}`);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByText('Book deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/manage-books/);
  await expect(page.getByRole('rowheader', { name })).toHaveCount(0);
  leftovers.deleted(bookId);

  // The guest's page now says so; the expected failures are the 404s of that book: the page itself (the server
  // keeps a missing book out of search results) and its API call.
  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'Book not found' })).toBeVisible();
  const expected = [`${baseURL}/book/${bookId}`, `${baseURL}/api/books/${bookId}`].map(
    (url) => `status of 404 (Not Found) ${url}`,
  );
  const unexpected = guestErrors.filter((error) => !expected.some((end) => error.endsWith(end)));
  expect(unexpected, 'guest console errors').toEqual([]);
  await guestContext.close();
});
