import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from './fixtures/axe';
import { openSignedIn, placeOrder, registerCustomer } from './fixtures/customers';
import { expect, test } from './fixtures/test';

/**
 * The customer's pages, as a customer meets them (with a cart, with errors on the forms, with an order), checked by
 * axe at a phone's width and a laptop's: no violation of any impact; and nothing a guest does breaks the
 * Content-Security-Policy.
 */

const WIDTHS = [390, 1280];

/**
 * The page as it stands, checked at a phone's width and at a laptop's (resized in place, so that a form keeps the
 * errors it shows): the violations found, by width.
 */
async function violationsAtEachWidth(page: Page) {
  const found: Record<string, Awaited<ReturnType<typeof axeViolations>>> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const seen = await axeViolations(page);
    if (seen.length > 0) found[`${width}px`] = seen;
  }
  await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
  return found;
}

async function firstBook(request: APIRequestContext) {
  const books = (await (await request.get('/api/books')).json()).data as { _id: string; name: string }[];
  return books[0]!;
}

/** A registered customer with a saved address and one paid order, made through the API and the sandbox. */
async function customerWithOrder(request: APIRequestContext) {
  const customer = await registerCustomer(request, { name: 'Maryam Axe' });
  const order = await placeOrder(request, customer, [{ book: (await firstBook(request))._id, quantity: 2 }]);
  return { customer, order };
}

test.describe("the customer's pages at 390 and 1280 px", () => {
  // An unknown path answers 404 on purpose.
  test.use({ viewport: { width: 390, height: 900 }, allowedConsoleErrors: [/status of 404/] });

  test('a guest: books, cart, checkout with its errors, the sign-in forms, the ask form, fatwahs, a 404', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // What Chrome reports against the Content-Security-Policy (its Issues panel), e.g. a schema library trying eval.
    const cspIssues: string[] = [];
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Audits.enable');
    cdp.on('Audits.issueAdded', ({ issue }) => {
      if (issue.code === 'ContentSecurityPolicyIssue')
        cspIssues.push(`${page.url()} ${JSON.stringify(issue.details)}`);
    });
    const book = await firstBook(request);
    await page.goto(`/book/${book._id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Added to guest cart!').first()).toBeVisible();

    const found: Record<string, Awaited<ReturnType<typeof violationsAtEachWidth>>> = {};
    const visit = async (path: string, ready: () => Promise<void>, submit?: string) => {
      await page.goto(path);
      await ready();
      if (submit) await page.getByRole('button', { name: submit }).click();
      const seen = await violationsAtEachWidth(page);
      if (Object.keys(seen).length > 0) found[path] = seen;
    };
    const heading = (name: string | RegExp) => () =>
      expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await visit('/books', heading('Books'));
    await visit('/cart', async () => {
      await expect(page.getByTestId('order-total')).toBeVisible();
    });
    await visit('/guest/checkout', heading('Guest Checkout'), 'Proceed to Payment');
    await visit('/login', heading(/Login|Sign in|Welcome/i), 'Login');
    await visit('/register', heading(/Register|Create/i), 'Register');
    await visit('/forgot-password', heading(/Forgot/i));
    await visit('/ask-fatwah', heading(/Ask/i));
    await visit('/reset-password/not-a-real-token', heading(/Reset/i), 'Reset Password');
    await visit('/fatwah', heading(/Fatwa/i));
    const fatwahs = (await (await request.get('/api/fatwahs/public')).json()).data as { _id: string }[];
    await visit(`/fatwah/${fatwahs[0]!._id}`, async () => {
      await expect(page.getByText('Answered by')).toBeVisible();
    });
    await visit('/no-such-page', heading(/not found/i));
    expect(found).toEqual({});
    expect(cspIssues).toEqual([]);
  });

  test('a customer: checkout, a new address with its errors, My Orders and the order page', async ({
    page,
    request,
  }) => {
    const { customer, order } = await customerWithOrder(request);
    await openSignedIn(page, customer);
    const book = await firstBook(request);
    await page.goto(`/book/${book._id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Added to cart successfully!').first()).toBeVisible();

    await page.goto('/checkout');
    await expect(page.getByTestId('order-total')).toBeVisible();
    expect(await violationsAtEachWidth(page), '/checkout').toEqual({});

    await page.goto('/addresses/new');
    await page.getByLabel('City *').fill('Kolkata');
    await page.getByLabel('State *').selectOption('Delhi');
    await page.getByLabel('Pincode *').fill('700016');
    await page
      .getByRole('button', { name: /Save|Add/ })
      .first()
      .click();
    await expect(page.getByText('This pincode is not in Delhi')).toBeVisible();
    expect(await violationsAtEachWidth(page), '/addresses/new').toEqual({});

    await page.goto('/dashboard?tab=orders');
    await expect(page.getByRole('link', { name: /ORD-/ }).first()).toBeVisible();
    expect(await violationsAtEachWidth(page), '/dashboard?tab=orders').toEqual({});

    // The success page, as the verification leaves it.
    await page.evaluate((stored) => localStorage.setItem('successOrder', JSON.stringify(stored)), order);
    await page.goto('/payment/success');
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    expect(await violationsAtEachWidth(page), '/payment/success').toEqual({});

    await page.goto(`/order-details/${order._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/ORD-|Order/);
    expect(await violationsAtEachWidth(page), '/order-details').toEqual({});
  });
});
