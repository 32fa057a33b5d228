import { paths } from '@scholar/shared';
import { linkInMailTo } from './fixtures/outbox';
import { expect, test } from './fixtures/test';

interface ApiBook {
  _id: string;
  name: string;
  price: number;
  editions: { language: string; stock: number | null }[];
}

/**
 * Orders without an account (docs/decisions/054), on a phone: a guest buys, tracks the order by its number and the
 * phone written as '+91 …', opens the signed link of the confirmation mail, then registers with the same email,
 * confirms it from the verification mail, and finds the order in My Orders.
 */
test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // The lookup with a wrong phone is answered 404 on purpose.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('a guest tracks an order, and finds it in My Orders once the email is confirmed', async ({ page }) => {
    const stamp = Date.now();
    const email = `guest.track.${stamp}@example.com`;
    const books = (await (await page.request.get('/api/books')).json()).data as ApiBook[];
    const book = books.find((each) => each.editions.some((edition) => edition.stock !== 0))!;

    // The guest buys one copy through the sandbox.
    await page.goto(paths.book(book._id));
    await expect(page.getByRole('heading', { level: 1, name: book.name })).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Added to guest cart!').first()).toBeVisible();
    await page.goto(paths.guestCheckout);
    await page.getByLabel('Full Name *').fill('Nadia Rahman');
    await page.getByLabel('Email *').fill(email);
    await page.getByLabel('Phone *').fill('9820022222');
    await page.getByLabel('Address Line 1 *').fill('14 Ripon Street');
    await page.getByLabel('City *').fill('Kolkata');
    await page.getByLabel('State *').selectOption('West Bengal');
    await page.getByLabel('Pincode *').fill('700016');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const sandbox = page.getByRole('dialog', { name: 'Razorpay Sandbox' });
    await sandbox.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
    const orderNumber = (await page.getByRole('region', { name: 'Order' }).textContent())?.match(
      /ORD-\d{8}-[0-9A-Z]{6}/,
    )?.[0];
    expect(orderNumber).toBeTruthy();

    // From the success page to "Track your order": the number and the phone as '+91 …' with spaces.
    await page.getByRole('link', { name: /Track this order any time/ }).click();
    await expect(page).toHaveURL(/\/track$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
    await page.getByLabel('Order number').fill(orderNumber!.toLowerCase());
    await page.getByLabel('Email or phone number').fill('+91 98200 22222');
    await page.getByRole('button', { name: 'Track order' }).click();
    await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
    const progress = page.getByRole('list', { name: 'Order progress' });
    await expect(progress.getByRole('listitem')).toHaveText([
      /Ordered \(done\)/,
      /Shipped \(not yet\)/,
      /Out for delivery \(not yet\)/,
      /Delivered \(not yet\)/,
    ]);
    await expect(
      page.getByRole('row', { name: new RegExp(book.name.slice(0, 15).replace(/[()]/g, '.')) }),
    ).toBeVisible();
    // A lookup shows where the order goes, never the address.
    const main = page.getByRole('main');
    await expect(main.getByText('Kolkata, West Bengal 700016')).toBeVisible();
    await expect(main.getByText('14 Ripon Street')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A wrong phone is the same not-found as a wrong number.
    await page.getByLabel('Email or phone number').fill('+91 98200 22223');
    await page.getByRole('button', { name: 'Track order' }).click();
    await expect(page.getByRole('alert')).toHaveText(/We could not find an order with that number/);

    // The footer has the page too.
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Track your order' }),
    ).toHaveAttribute('href', paths.trackOrder);

    // The confirmation mail's signed link opens the whole order without typing anything.
    const link = await linkInMailTo(
      email,
      /https?:\/\/[^\s"<>]+\/track\/ORD-[^\s"<>]+\?t=[\w-]+/,
      'confirmation',
    );
    await page.goto(link);
    await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
    await expect(main.getByText('14 Ripon Street')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Order progress' })).toBeVisible();

    // The guest registers with the same email, written in capitals: welcomed, and asked to confirm it.
    await page.goto(paths.register);
    await page.getByLabel('Full Name').fill('Nadia Rahman');
    await page.getByLabel('Phone Number').fill('9820022222');
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('sabr-12345');
    await page.getByLabel('Confirm Password').fill('sabr-12345');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Welcome, Nadia Rahman!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome, Nadia Rahman' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Please confirm your email to see orders placed as a guest' }),
    ).toBeVisible();
    await page.goto(`${paths.dashboard}?tab=orders`);
    await expect(page.getByText('No orders yet')).toBeVisible();

    // The verification mail's link asks before it confirms (mail scanners open links).
    const verify = await linkInMailTo(
      email,
      /https?:\/\/[^\s"<>]+\/verify-email\?token=[\w-]+/,
      'verification',
    );
    await page.goto(verify);
    await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(page.getByText('Thank you: your email is confirmed.')).toBeVisible();
    await expect(page.getByText('1 order you placed as a guest is now in your account.')).toBeVisible();
    await page.getByRole('link', { name: 'See my orders' }).click();
    await expect(page.getByRole('listitem', { name: `Order ${orderNumber}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Please confirm your email/ })).toHaveCount(0);
  });
});
