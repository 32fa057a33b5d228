import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './fixtures/accounts';
import { openSignedIn, placeOrder, registerCustomer } from './fixtures/customers';
import { expect, test } from './fixtures/test';

const outbox = () => path.join(process.env.E2E_DATA_DIR ?? 'data/e2e', 'outbox');

/** A customer who paid for an order through the sandbox, over HTTP as the browser would. */
async function customerWithOrder(request: APIRequestContext) {
  const customer = await registerCustomer(request, { name: 'Hafsa Qureshi' });
  const books = (await (await request.get('/api/books')).json()).data as { _id: string }[];
  const order = await placeOrder(request, customer, [{ book: books[0]!._id, quantity: 1 }]);
  return { ...customer, order };
}

function mailsTo(email: string): string[] {
  if (!fs.existsSync(outbox())) return [];
  return fs
    .readdirSync(outbox())
    .map((file) => fs.readFileSync(path.join(outbox(), file), 'utf8').replace(/=\r?\n/g, ''))
    .filter((raw) => new RegExp(`^To: ${email}`, 'mi').test(raw));
}

test('an admin ships an order with tracking, exports the CSV, and the customer sees it', async ({
  page,
  browser,
}) => {
  const customer = await customerWithOrder(page.request);
  const { orderNumber } = customer.order;

  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByText('Total Orders')).toBeVisible();
  await expect(page.getByRole('img', { name: /Revenue per day over the last 30 days/ })).toBeVisible();

  await page.getByLabel('Status').selectOption('pending');
  await page.getByLabel('Search this page').fill(orderNumber);
  const row = page.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Hafsa Qureshi');
  await expect(page.getByText(/Showing 1 to \d+ of \d+ orders/)).toBeVisible();
  await row.getByRole('link', { name: `View order ${orderNumber}` }).click();

  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  const fulfillment = page.getByRole('region', { name: 'Fulfillment' });
  await fulfillment.getByRole('button', { name: 'Edit' }).click();
  await fulfillment.getByLabel('Status').selectOption('shipped');
  await fulfillment.getByLabel('Shipping Provider').selectOption('India Post');
  await fulfillment.getByLabel('Tracking Number').fill('EE123456789IN');
  await fulfillment.getByLabel('Tracking URL').fill('https://www.indiapost.gov.in/track?n=EE123456789IN');
  await fulfillment.getByLabel('Estimated Delivery').fill('2026-12-05');
  await fulfillment.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Order fulfillment updated successfully!')).toBeVisible();
  await expect(fulfillment).toContainText('EE123456789IN');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Shipped');

  // The export, downloaded and read.
  await page.goto('/admin/dashboard');
  await page.getByLabel('Status').selectOption('shipped');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders_export_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('Order Number,Date,Status');
  expect(csv).toContain(orderNumber);
  expect(csv).toContain('EE123456789IN');
  await expect(page.getByText('CSV file downloaded successfully!')).toBeVisible();

  // The customer is told by mail, and sees the tracking in the dashboard.
  await expect
    .poll(() => mailsTo(customer.email).some((m) => /is on its way/.test(m) && m.includes('EE123456789IN')))
    .toBe(true);
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await openSignedIn(shopper, customer);
  await shopper.goto('/dashboard?tab=orders');
  const card = shopper.getByRole('listitem', { name: `Order ${orderNumber}` });
  await expect(card).toContainText('Shipped');
  await expect(card).toContainText('India Post tracking: EE123456789IN');
  await context.close();
});
