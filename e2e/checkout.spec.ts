import type { Page } from '@playwright/test';
import { openSignedIn, registerCustomer } from './fixtures/customers';
import { expect, test } from './fixtures/test';

interface ApiBook {
  _id: string;
  name: string;
  price: number;
}

async function demoBooks(page: Page): Promise<ApiBook[]> {
  const res = await page.request.get('/api/books');
  return (await res.json()).data as ApiBook[];
}

const rupees = (n: number) => `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(n)}`;

async function addToCart(page: Page, book: ApiBook, quantity: number, toast: string) {
  await page.goto(`/book/${book._id}`);
  await expect(page.getByRole('heading', { level: 1, name: book.name })).toBeVisible();
  for (let i = 1; i < quantity; i += 1) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(toast).first()).toBeVisible();
}

/** The sandbox's payment window: check the amount, then Pay or Fail. */
async function settle(page: Page, outcome: 'Pay' | 'Fail', amount: number) {
  const window = page.getByRole('dialog', { name: 'Razorpay Sandbox' });
  await expect(window).toBeVisible();
  await expect(window.getByText(`₹${amount.toFixed(2)}`)).toBeVisible();
  await window.getByRole('button', { name: outcome, exact: true }).click();
}

test('a guest buys 3 copies of one book and 1 of another', async ({ page }) => {
  const [first, second] = await demoBooks(page);
  await addToCart(page, first!, 3, 'Added to guest cart!');
  await addToCart(page, second!, 1, 'Added to guest cart!');

  await page.goto('/cart');
  await expect(page.getByRole('link', { name: 'Login to sync cart' })).toBeVisible();
  const subtotal = first!.price * 3 + second!.price;
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText(rupees(subtotal));
  await expect(summary).toContainText('₹100.00');
  await expect(summary).toContainText(rupees(subtotal + 100));
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/guest\/checkout$/);

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByText('Please enter your name').first()).toBeVisible();
  await page.getByLabel('Full Name *').fill('Imran Sheikh');
  await page.getByLabel('Email *').fill('imran.guest@example.com');
  await page.getByLabel('Phone *').fill('9831122334');
  await page.getByLabel('Address Line 1 *').fill('5 Zakaria Street');
  await page.getByLabel('City *').fill('Kolkata');
  await page.getByLabel('State *').selectOption('West Bengal');
  await page.getByLabel('Pincode *').fill('700073');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await settle(page, 'Pay', subtotal + 100);

  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/payment\/success$/);
  const order = page.getByRole('region', { name: 'Order' });
  await expect(order).toContainText(/ORD-\d{8}-[0-9A-Z]{6}/);
  await expect(
    order.getByRole('row', { name: new RegExp(first!.name.slice(0, 20).replace(/[()]/g, '.')) }),
  ).toContainText('3');
  await expect(order).toContainText(`Subtotal${rupees(subtotal)}`);
  await expect(order).toContainText('Delivery Charges₹100.00');
  await expect(order).toContainText(`Total${rupees(subtotal + 100)}`);
  await expect(order).toContainText('imran.guest@example.com');

  await page.getByRole('button', { name: 'Continue Shopping' }).click();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  // The success page has nothing left to show and sends the visitor back to the cart.
  await page.goto('/payment/success');
  await expect(page.getByRole('heading', { name: 'Payment System Updated' })).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/, { timeout: 6000 });
});

test('a customer with a saved address buys, and the order appears in the dashboard', async ({ page }) => {
  const customer = await registerCustomer(page.request, { name: 'Yusuf Ansari' });
  const { email } = customer;
  await openSignedIn(page, customer);

  const [, , third] = await demoBooks(page);
  await addToCart(page, third!, 2, 'Added to cart successfully!');
  await page.goto('/cart');
  await expect(page.getByRole('listitem', { name: third!.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login to sync cart' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel('Deliver to')).toContainText('9 Elliot Road');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Make Payment' }).click();
  await settle(page, 'Pay', third!.price * 2 + 50);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
  const orderNumber = (await page.getByRole('region', { name: 'Order' }).textContent())?.match(
    /ORD-\d{8}-[0-9A-Z]{6}/,
  )?.[0];
  expect(orderNumber).toBeTruthy();

  await page.goto('/dashboard?tab=orders');
  const card = page.getByRole('listitem', { name: `Order ${orderNumber}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText(rupees(third!.price * 2 + 50));
  await expect(card.getByRole('link', { name: third!.name })).toHaveAttribute('href', `/book/${third!._id}`);
  // The server cart was emptied by the order.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});

test.describe('a failed payment', () => {
  // The forged verification below is refused by the server on purpose.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('shows the failure and keeps the cart', async ({ page }) => {
    const [book] = await demoBooks(page);
    await addToCart(page, book!, 1, 'Added to guest cart!');
    await page.goto('/guest/checkout');
    await page.getByLabel('Full Name *').fill('Maryam');
    await page.getByLabel('Email *').fill('maryam@example.com');
    await page.getByLabel('Phone *').fill('9830066666');
    await page.getByLabel('Address Line 1 *').fill('1 Park Lane');
    await page.getByLabel('City *').fill('Delhi');
    await page.getByLabel('State *').selectOption('Delhi');
    await page.getByLabel('Pincode *').fill('110001');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    // Delhi NCR, a demo delivery zone: ₹40 for every two books (docs/decisions/052).
    await settle(page, 'Fail', book!.price + 40);
    await expect(page.getByText('Payment failed. Please try again.')).toBeVisible();
    await page
      .getByRole('dialog', { name: 'Razorpay Sandbox' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await page.goto('/cart');
    await expect(page.getByRole('listitem', { name: book!.name })).toBeVisible();

    // A forged return to the verification page fails and creates nothing.
    await page.goto(
      '/payment-verification?razorpay_order_id=order_x&razorpay_payment_id=pay_x&razorpay_signature=bad',
    );
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Cart' }).click();
    await expect(page.getByRole('listitem', { name: book!.name })).toBeVisible();
  });
});
