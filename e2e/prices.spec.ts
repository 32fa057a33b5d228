import type { APIRequestContext, Page, Response } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './fixtures/accounts';
import { openSignedIn, registerCustomer } from './fixtures/customers';
import { expect, test } from './fixtures/test';

/**
 * What the customer is shown is what they pay: a price changed by the shop after the book went into the cart is
 * named on the line, every total uses the current price, and the amount of the payment order is the total the page
 * showed, for a guest and for a customer.
 */

interface Made {
  _id: string;
  name: string;
}
let made: Made[] = [];
let adminToken = '';

async function admin(request: APIRequestContext) {
  if (adminToken) return { authorization: `Bearer ${adminToken}` };
  const res = await request.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(res.status()).toBe(200);
  adminToken = ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
  return { authorization: `Bearer ${adminToken}` };
}

async function makeBook(request: APIRequestContext, name: string, price: number): Promise<Made> {
  const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#0f4c3a' } })
    .png()
    .toBuffer();
  const res = await request.post('/api/books', {
    headers: await admin(request),
    multipart: {
      name,
      author: 'Shaykh E2E',
      description: 'A book whose price the shop changes while it sits in a cart.',
      price: String(price),
      images: { name: 'cover.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(res.status()).toBe(201);
  const book = ((await res.json()) as { data: Made }).data;
  made.push(book);
  return book;
}

async function setPrice(request: APIRequestContext, book: Made, price: number) {
  const res = await request.put(`/api/books/${book._id}`, {
    headers: await admin(request),
    data: { name: book.name, author: 'Shaykh E2E', description: 'Repriced by the shop.', price },
  });
  expect(res.status()).toBe(200);
}

async function removeBook(request: APIRequestContext, book: Made) {
  await request.delete(`/api/books/${book._id}`, { headers: await admin(request) });
  made = made.filter((b) => b._id !== book._id);
}

// Leave the catalogue as it was found (the smoke journey counts the demo books).
test.afterEach(async ({ request }) => {
  for (const book of [...made]) await removeBook(request, book);
});

async function addToCart(page: Page, book: Made) {
  await page.goto(`/book/${book._id}`);
  await expect(page.getByRole('heading', { level: 1, name: book.name })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/Added to (guest )?cart/).first()).toBeVisible();
}

const rupees = (n: number) => `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(n)}`;

/** The total the summary shows, in paise. */
async function shownTotalPaise(page: Page): Promise<number> {
  const text = (await page.getByTestId('order-total').textContent()) ?? '';
  return Math.round(Number(text.replace(/[₹,\s]/g, '')) * 100);
}

/** Waits for the next payment order the page creates, and answers its status and amount (paise). */
function nextPaymentOrder(page: Page): Promise<{ status: number; amount?: number }> {
  return page
    .waitForResponse(
      (res: Response) =>
        res.url().endsWith('/api/payments/create-razorpay-order') && res.request().method() === 'POST',
    )
    .then(async (res) => ({
      status: res.status(),
      amount: ((await res.json()) as { amount?: number }).amount,
    }));
}

async function pay(page: Page, amount: number) {
  const window = page.getByRole('dialog', { name: 'Razorpay Sandbox' });
  await expect(window).toBeVisible();
  await expect(window.getByText(`₹${amount.toFixed(2)}`)).toBeVisible();
  await window.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a guest sees the new price and a removed book before paying, and pays the total shown', async ({
    page,
    request,
  }) => {
    const stamp = Date.now();
    const raised = await makeBook(request, `Raised ${stamp}`, 100);
    const dropped = await makeBook(request, `Dropped ${stamp}`, 80);
    await addToCart(page, raised);
    await addToCart(page, dropped);

    // The shop raises one price and stops selling the other book while they sit in the guest's browser.
    await setPrice(request, raised, 200);
    await removeBook(request, dropped);

    await page.goto('/cart');
    const raisedLine = page.getByRole('listitem', { name: raised.name });
    await expect(raisedLine).toContainText('Price changed from ₹100.00 to ₹200.00');
    await expect(raisedLine).toContainText('₹200.00 each');
    const droppedLine = page.getByRole('listitem', { name: dropped.name });
    await expect(droppedLine).toContainText('No longer available');
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    await expect(page.getByTestId('order-total')).toHaveText(rupees(250));
    await droppedLine.getByRole('button', { name: `Remove ${dropped.name}` }).click();
    await expect(droppedLine).toHaveCount(0);
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();

    await expect(page).toHaveURL(/\/guest\/checkout$/);
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByRole('list', { name: 'Items' })).toContainText(raised.name);
    await expect(summary).toContainText('Qty 1 × ₹200.00');
    await expect(summary).toContainText('Price changed from ₹100.00 to ₹200.00');
    await expect(summary).toContainText('₹50 for every two books');
    await expect(page.getByTestId('order-total')).toHaveText(rupees(250));
    await page.getByLabel('Full Name *').fill('Imran Sheikh');
    await page.getByLabel('Email *').fill('imran.prices@example.com');
    await page.getByLabel('Phone *').fill('9831122334');
    await page.getByLabel('Address Line 1 *').fill('5 Zakaria Street');
    await page.getByLabel('City *').fill('Kolkata');
    await page.getByLabel('State *').selectOption('West Bengal');
    await page.getByLabel('Pincode *').fill('700073');
    const shown = await shownTotalPaise(page);
    const created = nextPaymentOrder(page);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    expect(await created).toEqual({ status: 200, amount: shown });
    expect(shown).toBe(25000);
    await pay(page, 250);
  });
});

test.describe('a customer whose price changes while the checkout is open', () => {
  // The payment order opened at the old total is refused on purpose.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('is shown the new total and pays exactly it', async ({ page, request }) => {
    const stamp = Date.now();
    const book = await makeBook(request, `Repriced ${stamp}`, 100);
    await openSignedIn(page, await registerCustomer(request, { name: 'Zainab Prices' }));
    await addToCart(page, book);

    // Raised while the book is in the customer's server cart: the cart names it.
    await setPrice(request, book, 200);
    const sessionChecked = page.waitForResponse((response) => response.url().endsWith('/api/auth/me'));
    await page.goto('/cart');
    await expect(page.getByRole('listitem', { name: book.name })).toContainText(
      'Price changed from ₹100.00 to ₹200.00',
    );
    await expect(page.getByTestId('order-total')).toHaveText(rupees(250));
    // The checkout reads the cart afresh as it opens.
    const cartRead = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/cart' && response.request().method() === 'GET',
    );
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('order-total')).toHaveText(rupees(250));
    // The page has done its reads (the session's check would otherwise read the cart again when it answers).
    await sessionChecked;
    await cartRead;

    // Raised again while the checkout page is open: the payment is not opened at a total the page did not show.
    await setPrice(request, book, 300);
    const refused = nextPaymentOrder(page);
    await page.getByRole('button', { name: 'Make Payment' }).click();
    expect((await refused).status).toBe(409);
    await expect(page.getByRole('alert')).toContainText('The price of a book in your cart has changed');
    await expect(page.getByTestId('order-total')).toHaveText(rupees(350));

    const shown = await shownTotalPaise(page);
    const created = nextPaymentOrder(page);
    await page.getByRole('button', { name: 'Make Payment' }).click();
    expect(await created).toEqual({ status: 200, amount: shown });
    await pay(page, 350);
  });
});
