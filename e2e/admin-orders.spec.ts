import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { openSignedIn, placeOrder, registerCustomer } from './fixtures/customers';
import { mailsTo } from './fixtures/outbox';
import { logInAsAdmin } from './fixtures/session';
import { expect, test } from './fixtures/test';

/** A customer who paid for an order through the sandbox, over HTTP as the browser would. */
async function customerWithOrder(request: APIRequestContext) {
  const customer = await registerCustomer(request, { name: 'Hafsa Qureshi' });
  const books = (await (await request.get('/api/books')).json()).data as { _id: string }[];
  const order = await placeOrder(request, customer, [{ book: books[0]!._id, quantity: 1 }]);
  return { ...customer, order };
}

test('an admin ships an order with tracking, exports the CSV, and the customer sees it', async ({
  page,
  browser,
}) => {
  const customer = await customerWithOrder(page.request);
  const { orderNumber } = customer.order;

  await logInAsAdmin(page);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByText('Total Orders')).toBeVisible();
  await expect(page.getByRole('img', { name: /Revenue per day over the last 30 days/ })).toBeVisible();

  await page.getByLabel('Status').selectOption('pending');
  await page.getByLabel('Search orders').fill(orderNumber);
  // The server searched every order: the list and its count hold this order alone, and a reload keeps the search.
  await expect(page).toHaveURL(new RegExp(`search=${orderNumber}`));
  await expect(page.getByText('Showing 1 to 1 of 1 orders')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Search orders')).toHaveValue(orderNumber);
  const row = page.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Hafsa Qureshi');
  await expect(row).toContainText('Pending');
  await expect(page.getByText('Showing 1 to 1 of 1 orders')).toBeVisible();
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
  const csv = fs.readFileSync(await download.path(), 'utf8');
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

test('on a phone each order is a card with every column and both actions; from 1280 px a table', async ({
  page,
}) => {
  const customer = await customerWithOrder(page.request);
  const { orderNumber } = customer.order;
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAsAdmin(page);
  // By the customer's email, part of it and in capitals: the server searches every order.
  await page.getByLabel('Search orders').fill(customer.email.split('@')[0]!.toUpperCase());
  await expect(page.getByText('Showing 1 to 1 of 1 orders')).toBeVisible();

  const card = page.getByRole('listitem', { name: `Order ${orderNumber}` });
  await expect(card).toBeVisible();
  await expect(page.getByRole('table', { name: 'Orders' })).toBeHidden();
  for (const text of [orderNumber, '1 item', 'Hafsa Qureshi', customer.email, 'Pending', '₹']) {
    await expect(card).toContainText(text);
  }
  await expect(card).toContainText(/Date.*20\d\d/);
  const copy = card.getByRole('button', { name: `Copy order number ${orderNumber}` });
  const view = card.getByRole('link', { name: `View order ${orderNumber}` });
  for (const action of [copy, view]) {
    await expect(action).toBeVisible();
    const box = (await action.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  // Nothing runs off the side of the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await view.click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();

  await page.goBack();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByLabel('Search orders')).not.toHaveValue('');
  const row = page.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('list', { name: 'Orders' })).toBeHidden();
  for (const text of [orderNumber, 'Hafsa Qureshi', customer.email, 'Pending'])
    await expect(row).toContainText(text);
  await expect(row.getByRole('button', { name: `Copy order number ${orderNumber}` })).toBeVisible();
  await expect(row.getByRole('link', { name: `View order ${orderNumber}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});
