import { expect as apiExpect, type APIRequestContext, type Page } from '@playwright/test';
import { openSignedIn, registerCustomer, type Customer } from './fixtures/customers';
import { expect, test } from './fixtures/test';

/**
 * Delivery by pincode (docs/decisions/052), at phone width: the demo's zones are Delhi NCR (110001–110099, ₹40
 * for every two books, 1–3 days) and the islands not served yet (744101–744304); every other pincode is the
 * default zone (₹50, 4–8 days).
 */
test.use({ viewport: { width: 390, height: 844 } });

interface ApiBook {
  _id: string;
  name: string;
  price: number;
}

async function firstBook(page: Page): Promise<ApiBook> {
  const res = await page.request.get('/api/books');
  const books = (await res.json()).data as (ApiBook & { stock?: number | null })[];
  return books.find((book) => book.stock === undefined || book.stock === null || book.stock > 2) ?? books[0]!;
}

async function addAddress(
  request: APIRequestContext,
  customer: Customer,
  address: { addressLine1: string; city: string; state: string; pincode: string },
): Promise<string> {
  const saved = await request.post('/api/addresses', {
    headers: customer.auth,
    data: { userId: customer.user._id, address: { addressType: 'Home', ...address } },
  });
  apiExpect(saved.status()).toBe(201);
  const addresses = (await saved.json()).data.user.addresses as { _id: string; pincode: string }[];
  return addresses.find((each) => each.pincode === address.pincode)!._id;
}

/** Today's India date plus `days`, as the order page writes it (en-IN: "30 Nov 2026"). */
function indiaDatePlus(days: number): string {
  const date = new Date(Date.now() + 5.5 * 3600_000 + days * 86_400_000);
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

test("the book page answers a pincode's delivery days, or that it is not served yet", async ({ page }) => {
  const book = await firstBook(page);
  await page.goto(`/book/${book._id}`);
  const box = page.getByRole('region', { name: 'Check delivery' });
  await expect(box).toBeVisible();
  const pincode = box.getByLabel('Pincode');
  await pincode.fill('110001');
  await expect(box.getByText('Delivery in 1–3 days to 110001')).toBeVisible();
  await expect(box).toContainText('₹40.00');
  await pincode.fill('744101');
  await expect(box.getByText('We do not deliver to this pincode yet')).toBeVisible();
  await pincode.fill('700016');
  await expect(box.getByText('Delivery in 4–8 days to 700016')).toBeVisible();
  await expect(box).toContainText('₹50.00');
});

test('at checkout an unserviceable pincode is refused before paying; a served one shows its days, is paid and the order expects delivery', async ({
  page,
}) => {
  const customer = await registerCustomer(page.request, { name: 'Farhan Siddiqui', withAddress: false });
  // The first address saved is the default: the islands, which the shop does not serve yet.
  await addAddress(page.request, customer, {
    addressLine1: '4 Aberdeen Bazaar',
    city: 'Port Blair',
    state: 'Andaman and Nicobar Islands',
    pincode: '744101',
  });
  const delhi = await addAddress(page.request, customer, {
    addressLine1: '12 Connaught Place',
    city: 'New Delhi',
    state: 'Delhi',
    pincode: '110001',
  });
  const book = await firstBook(page);
  const added = await page.request.post('/api/cart/add', {
    headers: customer.auth,
    data: { userId: customer.user._id, bookId: book._id, quantity: 1 },
  });
  apiExpect(added.status()).toBe(200);

  await openSignedIn(page, customer);
  await page.goto('/checkout');
  await expect(page.getByLabel('Deliver to')).toContainText('744101');
  const pay = page.getByRole('button', { name: 'Make Payment' });
  await expect(page.getByText('We do not deliver to pincode 744101 yet')).toBeVisible();
  await expect(pay).toBeDisabled();

  await page.getByLabel('Deliver to').selectOption(delhi);
  await expect(page.getByText('Delivery in 1–3 days to 110001')).toBeVisible();
  await expect(page.getByText('We do not deliver to pincode 744101 yet')).toHaveCount(0);
  const total = book.price + 40;
  await expect(page.getByTestId('order-total')).toHaveText(`₹${total.toFixed(2)}`);
  await expect(pay).toBeEnabled();
  await pay.click();

  const window = page.getByRole('dialog', { name: 'Razorpay Sandbox' });
  await expect(window).toBeVisible();
  await expect(window.getByText(`₹${total.toFixed(2)}`)).toBeVisible();
  await window.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });

  const orders = await page.request.get(`/api/orders/${customer.user._id}`, { headers: customer.auth });
  const [order] = (await orders.json()).data.orders as {
    _id: string;
    fulfillment: { estimatedDelivery: string | null };
  }[];
  apiExpect(order!.fulfillment.estimatedDelivery).toBeTruthy();
  await page.goto(`/order-details/${order!._id}`);
  await expect(page.getByText('Expected delivery')).toBeVisible();
  await expect(page.getByText(indiaDatePlus(3)).first()).toBeVisible();
});
