import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './fixtures/accounts';
import { booksRemovedAfterEach } from './fixtures/books';
import { openSignedIn, placeOrder, registerCustomer } from './fixtures/customers';
import { mailsTo } from './fixtures/outbox';
import { signIn } from './fixtures/session';
import { expect, test } from './fixtures/test';

/**
 * A return asked by the customer and taken in steps by the desk (docs/decisions/055), on a phone: approved in part
 * (no money, no stock), the parcel received (the desk puts back on the shelf only what it ticks), then refunded
 * through Razorpay's sandbox; the customer's page says where it stands, and both sides get their mails.
 */
test.use({ viewport: { width: 390, height: 844 } });

const leftovers = booksRemovedAfterEach();

/** A mail's quoted-printable bytes read as UTF-8 (the rupee sign and the dash of "5–7" are written as =XX). */
const readable = (mail: string) =>
  Buffer.from(
    mail.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The mails to `email`, readable. */
const mails = (email: string) => mailsTo(email).map(readable);

/** A book with 5 English copies in stock, added through the API as the desk's form does. */
async function addBook(request: APIRequestContext, token: string, name: string, price: number) {
  const cover = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#3a4c0f' } })
    .png()
    .toBuffer();
  const res = await request.post('/api/books', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      name,
      author: 'Shaykh Returns',
      description: 'Made by the returns journey.',
      price: String(price),
      editions: JSON.stringify([{ language: 'english', stock: 5, price: '' }]),
      images: { name: 'cover.png', mimeType: 'image/png', buffer: cover },
    },
  });
  expect(res.status()).toBe(201);
  const id = ((await res.json()) as { data: { _id: string } }).data._id;
  leftovers.add(id, token);
  return id;
}

async function englishStock(request: APIRequestContext, bookId: string): Promise<number | null> {
  const book = (await (await request.get(`/api/books/${bookId}`)).json()).data as {
    editions: { language: string; stock: number | null }[];
  };
  return book.editions.find((edition) => edition.language === 'english')!.stock;
}

test('a customer returns a book; the desk approves part of it, receives the parcel, restocks what it chose, then refunds', async ({
  page,
  browser,
}) => {
  // The desk's token, for the books and the status changes the desk makes.
  const login = await page.request.post('/api/auth/login', { data: { ...E2E_ADMIN, role: 'admin' } });
  const admin = { authorization: `Bearer ${(await login.json()).data.accessToken as string}` };
  const stamp = Date.now();
  const first = `Kitab al-Adab ${stamp}`;
  const second = `Kitab al-Ilm ${stamp}`;
  const firstId = await addBook(page.request, admin.authorization.slice(7), first, 275);
  const secondId = await addBook(page.request, admin.authorization.slice(7), second, 350);

  // Bought through the sandbox: two copies of one book and one of another.
  const customer = await registerCustomer(page.request, { name: 'Sumayya Rahman' });
  const order = await placeOrder(page.request, customer, [
    { book: firstId, quantity: 2 },
    { book: secondId, quantity: 1 },
  ]);
  expect(await englishStock(page.request, firstId)).toBe(3);

  // The desk ships it and marks it delivered.
  for (const status of ['shipped', 'delivered']) {
    const moved = await page.request.patch(`/api/orders/admin/${order._id}/status`, {
      headers: admin,
      data: { status },
    });
    expect(moved.status()).toBe(200);
  }

  // The customer asks to return both copies of the first book, with a reason.
  await openSignedIn(page, customer);
  await page.goto(`/order-details/${order._id}`);
  const returns = page.getByRole('region', { name: 'Return or cancel' });
  await expect(returns).toContainText('within 30 days of delivery');
  await returns.getByRole('button', { name: 'Ask to return books' }).click();
  const form = returns.getByRole('form', { name: 'Your request' });
  // Nothing chosen: said at once, nothing sent.
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Choose at least one book and how many copies')).toBeVisible();
  await form.getByLabel(`Copies of ${first} to return`).selectOption('2');
  await form.getByLabel('Reason').fill('Both copies arrived with water damage on the cover');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(returns).toContainText('Your request has been sent');
  await expect(returns).toContainText('to return books. We will answer by email.');
  await expect(returns.getByRole('button', { name: 'Ask to return books' })).toHaveCount(0);

  // Both sides are told: the customer, and the shop at the site's contact address.
  const shopEmail = (
    (await (await page.request.get('/api/settings')).json()).data as { contactEmail: string }
  ).contactEmail;
  await expect
    .poll(() =>
      mails(customer.email).some((m) => m.includes(`We have your request for order ${order.orderNumber}`)),
    )
    .toBe(true);
  await expect
    .poll(() => mails(shopEmail).some((m) => m.includes(`Return request for order ${order.orderNumber}`)))
    .toBe(true);

  // The desk approves one of the two copies: nothing is refunded and nothing goes back on the shelf yet.
  const desk = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(desk, { ...E2E_ADMIN, role: 'admin' });
  await desk.goto('/admin/dashboard');
  const waiting = desk.getByRole('region', { name: /Returns and cancellations waiting/ });
  await waiting.getByRole('link', { name: order.orderNumber }).click();
  await expect(desk.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
  const requests = desk.getByRole('region', { name: 'Customer requests' });
  await expect(requests).toContainText('Both copies arrived with water damage on the cover');
  await requests.getByRole('button', { name: 'Approve' }).click();
  const dialog = desk.getByRole('dialog', { name: `Approve the return of ${order.orderNumber}` });
  const copies = dialog.getByRole('combobox', { name: `Copies of ${first} to approve` });
  await expect(copies).toBeFocused();
  await expect(dialog.getByRole('checkbox')).toHaveCount(0);
  await copies.selectOption('1');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(
    dialog.getByText(
      'Approve the return of 1 copy? The customer is asked to send them back; nothing is refunded yet.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(dialog).toBeHidden();
  await expect(requests).toContainText('Approved: waiting for the books to come back');
  await expect(requests).toContainText('(approved 1)');

  const refundsOf = async () => {
    const read = await page.request.get(`/api/orders/admin/${order._id}`, { headers: admin });
    const { refunds } = (await read.json()).data.order as { refunds: { amount: number; status: string }[] };
    return refunds.map((r) => `${r.amount} ${r.status}`);
  };
  expect(await refundsOf()).toEqual([]);
  expect(await englishStock(page.request, firstId)).toBe(3);

  // The customer is asked to send the book back, by mail and on the order page.
  await expect
    .poll(() =>
      mails(customer.email).find((m) => m.includes(`Your return for order ${order.orderNumber} is approved`)),
    )
    .toBeTruthy();
  const approved = mails(customer.email).find((m) => m.includes('is approved'))!;
  expect(approved).toContain('Please send the books back to us');
  await page.reload();
  const state = page.getByRole('region', { name: 'Return or cancel' });
  await expect(state).toContainText('Status: Approved: send the books back');

  // The parcel comes back: the desk ticks the copy back to stock (nothing is ticked for it).
  await requests.getByRole('button', { name: 'Parcel received' }).click();
  const parcel = desk.getByRole('dialog', { name: `The returned parcel of ${order.orderNumber}` });
  await expect(parcel.getByRole('combobox', { name: `Copies of ${first} received` })).toBeFocused();
  const restock = parcel.getByRole('checkbox', { name: `Return to stock (${first})` });
  await expect(restock).not.toBeChecked();
  await restock.check();
  await parcel.getByRole('button', { name: 'Record parcel received' }).click();
  await expect(parcel).toBeHidden();
  await expect(requests).toContainText('Parcel received: to refund');
  await expect(requests).toContainText('(approved 1, received 1, 1 back to stock)');
  expect(await englishStock(page.request, firstId)).toBe(4);
  expect(await refundsOf()).toEqual([]);
  await page.reload();
  await expect(state).toContainText('Status: Received');

  // Then the refund of the copy received, asked before any money moves.
  await requests.getByRole('button', { name: 'Refund ₹275.00' }).click();
  const refund = desk.getByRole('dialog', { name: `Refund the return of ${order.orderNumber}` });
  await expect(refund.getByText("Refund ₹275.00 to the customer's card?")).toBeVisible();
  await refund.getByRole('button', { name: 'Yes, refund ₹275.00' }).click();
  await expect(refund).toBeHidden();
  await expect(requests).toContainText('Return · Refunded');

  // The refund goes through the sandbox and is settled; the copy went back to the shelf once.
  await expect.poll(refundsOf, { timeout: 15_000 }).toEqual(['275 processed']);
  expect(await englishStock(page.request, firstId)).toBe(4);
  expect(await englishStock(page.request, secondId)).toBe(4);

  // The customer is told the amount and when it arrives.
  await expect
    .poll(() =>
      mails(customer.email).find((m) => m.includes(`Your return for order ${order.orderNumber} is refunded`)),
    )
    .toBeTruthy();
  const refunded = mails(customer.email).find((m) => m.includes('is refunded'))!;
  expect(refunded).toContain('₹275.00');
  expect(refunded).toContain('5–7 business days');

  // The customer's page says so.
  await page.reload();
  await expect(state).toContainText('Status: Refunded');
  await expect(state).toContainText('Your return is refunded: ₹275.00');
  await desk.close();
});
