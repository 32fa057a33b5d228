import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './fixtures/accounts';
import { openSignedIn, registerCustomer } from './fixtures/customers';
import { bookWithCopiesIn, customerWithCart, payAtCheckout } from './fixtures/shop';
import { expect, test } from './fixtures/test';

const rupees = (n: number) => `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(n)}`;

/** The horizontal gap between two boxes (negative when they overlap). */
async function gapBetween(page: Page, left: string, right: string) {
  return page.evaluate(
    ({ a, b }) => {
      const first = document.querySelector(a)!.getBoundingClientRect();
      const second = document.querySelector(b)!.getBoundingClientRect();
      return second.left - first.right;
    },
    { a: left, b: right },
  );
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test.describe('after paying', () => {
    // Another customer's order is refused with 404 on purpose.
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test('a customer reads the lines, follows the link to the order, and finds it in My Orders', async ({
      page,
      browser,
    }) => {
      // A book printed in Urdu, bought in its Urdu edition.
      const book = await bookWithCopiesIn(page.request, 'urdu');
      const price = book.editions.find((edition) => edition.language === 'urdu')!.price;
      await customerWithCart(page, { name: 'Zainab Siddiqui', language: 'urdu', quantity: 2 });
      await payAtCheckout(page);

      // Each figure of a line is labelled and stands apart: 'Qty 2 × ₹…' under the name, the line total in its
      // own column, nothing wider than the phone.
      const order = page.getByRole('region', { name: 'Order' });
      const each = order.getByText(`Qty 2 × ${rupees(price)}`);
      await expect(each).toBeVisible();
      const lineTotal = order.getByRole('cell', { name: rupees(price * 2), exact: true });
      await expect(lineTotal).toBeVisible();
      await expect(order.getByRole('columnheader', { name: 'Total' })).toBeVisible();
      await expect(order.getByText('Language: Urdu')).toBeVisible();
      await each.evaluate((el) => el.setAttribute('data-probe', 'each'));
      await lineTotal.evaluate((el) => el.setAttribute('data-probe', 'total'));
      expect(await gapBetween(page, '[data-probe="each"]', '[data-probe="total"]')).toBeGreaterThanOrEqual(8);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const orderNumber = (await order.textContent())?.match(/ORD-\d{8}-[0-9A-Z]{6}/)?.[0];
      expect(orderNumber).toBeTruthy();

      // The link goes to the order's own page in the account.
      await page.getByRole('link', { name: 'View this order in your account' }).click();
      await expect(page).toHaveURL(/\/order-details\/[0-9a-f-]{36}$/);
      const orderUrl = page.url();
      await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
      const items = page.getByRole('region', { name: 'Items' });
      await expect(
        items.getByRole('row', { name: new RegExp(book.name.slice(0, 20).replace(/[()]/g, '.')) }),
      ).toContainText('Language: Urdu');
      await expect(items).toContainText(`Subtotal${rupees(price * 2)}`);
      await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText('9 Elliot Road');
      const status = page.getByRole('region', { name: 'Status and tracking' });
      await expect(status).toContainText('Paid · preparing to ship');
      await expect(status).not.toContainText(/pending/i);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // My Orders says the same and links each order to its page.
      await page.goto('/dashboard?tab=orders');
      const card = page.getByRole('listitem', { name: `Order ${orderNumber}` });
      await expect(card).toContainText('Paid · preparing to ship');
      await expect(card).toContainText('(Urdu)');
      await expect(card).not.toContainText(/pending/i);
      await card.getByRole('link', { name: `View details of order ${orderNumber}` }).click();
      await expect(page).toHaveURL(orderUrl);

      // Once the shop ships it, the page shows the courier and a way to follow the parcel.
      const admin = await page.request.post('/api/auth/login', { data: { ...E2E_ADMIN, role: 'admin' } });
      const adminAuth = { authorization: `Bearer ${(await admin.json()).data.accessToken}` };
      const orderId = orderUrl.split('/').pop()!;
      const shipped = await page.request.patch(`/api/orders/admin/${orderId}/fulfillment`, {
        headers: adminAuth,
        data: {
          status: 'shipped',
          shippingProvider: 'India Post',
          trackingNumber: 'EE987654321IN',
          trackingUrl: 'https://www.indiapost.gov.in/track?id=EE987654321IN',
        },
      });
      expect(shipped.status()).toBe(200);
      await page.reload();
      await expect(status).toContainText('Shipped');
      await expect(status).toContainText('India Post');
      await expect(status).toContainText('EE987654321IN');
      await expect(status.getByRole('link', { name: /Track parcel/ })).toHaveAttribute(
        'href',
        'https://www.indiapost.gov.in/track?id=EE987654321IN',
      );

      // Someone else following the same link finds nothing.
      const other = await registerCustomer(page.request, { name: 'Bilal Ahmed' });
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const stranger = await context.newPage();
      await openSignedIn(stranger, other);
      await stranger.goto(orderUrl);
      await expect(stranger.getByRole('heading', { name: 'Order not found' })).toBeVisible();
      await expect(stranger.getByText(orderNumber!)).toHaveCount(0);
      await context.close();
    });
  });

  test('the dashboard has one menu, and a new account is welcomed rather than welcomed back', async ({
    page,
  }) => {
    const email = `maryam.${Date.now()}@example.com`;
    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Maryam Khan');
    await page.getByLabel('Phone Number').fill('9830033333');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('maryam-pass-1');
    await page.getByLabel('Confirm Password').fill('maryam-pass-1');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Maryam Khan' })).toBeVisible();

    // The tabs are on the page itself; the only menu button is the site header's.
    const tabs = page.getByRole('navigation', { name: 'Account' });
    for (const name of ['Profile', 'Orders', 'Addresses'])
      await expect(tabs.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: /menu/i })).toHaveCount(0);
    await tabs.getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=orders$/);
    await expect(page.getByText('No orders yet')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome, Maryam Khan' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A later visit is a return.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome back, Maryam Khan' })).toBeVisible();
  });
});

test.describe('an unknown path', () => {
  // The browser reports the 404 of the page itself.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("answers 404 with the site's not-found page, kept out of search results; the screens answer 200", async ({
    page,
  }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    for (const path of ['/cart', '/dashboard', '/order-details/x', '/payment/success']) {
      expect((await page.request.get(path)).status(), path).toBe(200);
    }
  });
});

test.describe('leaving a page while its reads are on their way', () => {
  /**
   * Holds the fatwah reads for a while, so that the visitor leaves before they answer. `allAnswered` settles once
   * every read held so far has been let through.
   */
  async function holdFatwahReads(page: Page) {
    const held: Promise<void>[] = [];
    await page.route('**/api/fatwahs/**', (route) => {
      const answered = new Promise((resolve) => setTimeout(resolve, 1500)).then(() =>
        route.continue().catch(() => undefined),
      );
      held.push(answered);
      return answered;
    });
    return { allAnswered: async () => void (await Promise.all(held)) };
  }

  const screens = [
    {
      path: '/fatwah',
      link: (page: Page) =>
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fatwahs' }),
    },
    {
      path: '/ask-fatwah',
      link: (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'Ask a Question' }),
    },
  ];

  for (const { path, link } of screens) {
    test(`${path}: no console error and no notification`, async ({ page }) => {
      await page.goto('/about');
      const reads = await holdFatwahReads(page);
      for (let i = 0; i < 3; i += 1) {
        // Into the page within the app, and straight out again once its reads have started.
        const categories = page.waitForRequest('**/api/fatwahs/categories');
        await link(page).click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await categories;
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
        await expect(page).toHaveURL(/\/about$/);
        // And as a fresh load, left before it has finished.
        await page.goto(path, { waitUntil: 'commit' });
        await page.goto('/about');
      }
      // Let every held read answer the page that asked and was left, and the app settle, before the fixture checks
      // the console.
      await reads.allAnswered();
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  }
});
