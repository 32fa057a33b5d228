import type { Page } from '@playwright/test';
import { logInAsAdmin } from './fixtures/session';
import { expectNotificationsClear } from './fixtures/placement';
import { expect, test } from './fixtures/test';

test.use({ viewport: { width: 390, height: 844 } });

interface ApiBook {
  _id: string;
  name: string;
  price: number;
  stock: number | null;
}

async function aBookInStock(page: Page): Promise<ApiBook> {
  const books = (await (await page.request.get('/api/books')).json()).data as ApiBook[];
  return books.find((book) => book.stock === null || book.stock > 2)!;
}

test('a guest adds a book, goes on from the panel, and checks out with a phone written the Indian way', async ({
  page,
  browser,
}) => {
  const book = await aBookInStock(page);

  // The book page: Add to Cart opens the panel, with the focus in it.
  await page.goto(`/book/${book._id}`);
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await add.click();
  const panel = page.getByRole('dialog', { name: 'Added to guest cart!' });
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused();
  await expect(panel).toContainText(book.name);
  await expect(panel).toContainText('1 book in your cart');
  await expect(panel.getByRole('link', { name: 'View cart' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Checkout' })).toBeVisible();
  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(add).toBeFocused();
  // No notification says it besides the panel.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);

  // A card of the books list adds one more, and its panel leads to the cart.
  await page.goto('/books');
  await page.getByRole('button', { name: `Add to Cart: ${book.name}` }).click();
  const again = page.getByRole('dialog', { name: 'Added to guest cart!' });
  await expect(again).toContainText('2 books in your cart');
  await again.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/guest\/checkout$/);

  // Every empty field says what it needs; the notification covers no heading, button or header menu.
  const proceed = page.getByRole('button', { name: 'Proceed to Payment' });
  await proceed.click();
  const name = page.getByLabel('Full Name *');
  const phone = page.getByLabel('Phone *');
  await expect(name).toBeFocused();
  await expectNotificationsClear(page);
  await expect(name).toHaveAccessibleDescription('Please enter your name');
  await expect(page.getByLabel('Email *')).toHaveAccessibleDescription('Please enter your email address');
  await expect(phone).toHaveAccessibleDescription(/^Please enter your mobile number/);
  await expect(page.getByLabel('City *')).toHaveAccessibleDescription('Please enter your city or town');
  await expect(page.getByLabel('Pincode *')).toHaveAccessibleDescription('Please enter your 6-digit pincode');

  // A 9-digit number is refused with its own message.
  await name.fill('Imran Sheikh');
  await page.getByLabel('Email *').fill('imran.phone@example.com');
  await phone.fill('98200 2222');
  await page.getByLabel('Address Line 1 *').fill('5 Zakaria Street');
  await page.getByLabel('City *').fill('Kolkata');
  await page.getByLabel('State *').selectOption('West Bengal');
  await page.getByLabel('Pincode *').fill('700073');
  await expect(phone).toHaveAttribute('inputmode', 'tel');
  await expect(phone).toHaveAttribute('autocomplete', 'tel');
  await proceed.click();
  await expect(phone).toBeFocused();
  await expectNotificationsClear(page);
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription(/^Enter a 10-digit mobile number/);

  // Back to the cart and here again: everything typed is still there.
  await phone.fill('+91 98200 22222');
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Cart, / })
    .click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/guest\/checkout$/);
  await expect(name).toHaveValue('Imran Sheikh');
  await expect(phone).toHaveValue('+91 98200 22222');
  await expect(page.getByLabel('State *')).toHaveValue('West Bengal');
  await expect(page.getByLabel('Pincode *')).toHaveValue('700073');

  // '+91 98200 22222' is taken, as its 10 digits.
  await proceed.click();
  const sandbox = page.getByRole('dialog', { name: 'Razorpay Sandbox' });
  await expect(sandbox).toBeVisible();
  await sandbox.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
  const order = page.getByRole('region', { name: 'Order' });
  await expect(order).toContainText('9820022222');
  const orderNumber = (await order.textContent())!.match(/ORD-\d{8}-[0-9A-Z]{6}/)![0];
  // Nothing of the form is kept once the order is placed.
  expect(await page.evaluate(() => sessionStorage.getItem('guestCheckoutDraft'))).toBeNull();

  // The desk finds the order by the phone written any way.
  const desk = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await logInAsAdmin(desk);
  const found = desk.getByRole('link', { name: `View order ${orderNumber}` });
  for (const written of ['+91 98200 22222', '098200-22222']) {
    await desk.getByLabel('Search orders').fill('nobody-ordered-this');
    await expect(found).toBeHidden();
    await desk.getByLabel('Search orders').fill(written);
    await expect(found).toBeVisible();
  }
  await desk.context().close();
});
