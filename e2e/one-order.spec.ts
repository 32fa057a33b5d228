import type { Browser, Page } from '@playwright/test';
import { E2E_ADMIN } from './fixtures/accounts';
import { messages } from './fixtures/messages';
import { linkInMailTo } from './fixtures/outbox';
import { signIn } from './fixtures/session';
import { customerWithCart, withCashOnDelivery } from './fixtures/shop';
import { expect, test } from './fixtures/test';

/**
 * One order, one truth (docs/decisions/058), in the browser: a customer on the Bengali pages of a phone orders two
 * copies of a book's Bengali edition with the demo's WELCOME10, once paying by card and once cash on delivery; the
 * success page, the order in the account, the tracking page of the mail's link and the desk's order page then show
 * the same sums in the same order — subtotal, delivery, discount, fee, and the total last — the reader's pages in
 * Bengali digits; and the desk shows cash on delivery as due, with no refund of cash nobody has received.
 */
const bn = messages('bn');
const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/**
 * The sums of the page's money summary, label and figure, in the order they are shown; read once the summary has
 * its rows (the page may still be drawing it).
 */
async function sumsOn(page: Page): Promise<[string, string][]> {
  const rows = page.getByTestId('money-summary').first().locator('dl').first().locator(':scope > div');
  const read = () =>
    rows.evaluateAll((found) =>
      found.map((row): [string, string] => [
        (row.querySelector('dt')?.textContent ?? '').trim(),
        (row.querySelector('dd')?.textContent ?? '').trim(),
      ]),
    );
  // Subtotal, delivery, discount and total at least.
  await expect.poll(async () => (await read()).length).toBeGreaterThanOrEqual(4);
  return read();
}

/** A figure as a number: Bengali digits read as such, the rupee sign, separators and direction marks dropped. */
const amountOf = (figure: string) =>
  Number(
    [...figure]
      .map((c) => (BENGALI_DIGITS.includes(c) ? String(BENGALI_DIGITS.indexOf(c)) : c))
      .join('')
      .replace(/[^\d.−-]/g, '')
      .replace('−', '-'),
  );

const amountsOn = (sums: [string, string][]) => sums.map(([, figure]) => amountOf(figure));
const rupees = (n: number) => `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(n)}`;

/** The desk's page of the order, in a browser of the owner's own, as wide as the customer's. */
async function openOnDesk(browser: Browser, page: Page, orderId: string) {
  const context = await browser.newContext({ viewport: page.viewportSize() });
  const desk = await context.newPage();
  await signIn(desk, { ...E2E_ADMIN, role: 'admin' });
  await desk.goto(`/admin/orders/${orderId}`);
  await expect(desk.getByRole('heading', { name: /^Order ORD-/ })).toBeVisible();
  return desk;
}

test.describe('one order, one truth, on a phone in Bengali', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const method of ['card', 'cod'] as const) {
    test(`paid ${method === 'cod' ? 'cash on delivery' : 'by card'}, with a coupon: the success, order, tracking and desk pages show the same sums, the total last`, async ({
      page,
      request,
      browser,
    }) => {
      await withCashOnDelivery(request, 40, async () => {
        const customer = await customerWithCart(page, {
          name: 'Amina Khatun',
          language: 'bengali',
          quantity: 2,
        });

        await page.goto('/bn/checkout');
        await page.getByLabel(bn('coupons.field')).fill('welcome10');
        await page.getByRole('button', { name: 'প্রয়োগ করুন', exact: true }).click();
        await expect(page.getByText(bn('coupons.applied').replace('{code}', 'WELCOME10'))).toBeVisible();
        if (method === 'cod') {
          await page.getByRole('radio', { name: /ক্যাশ অন ডেলিভারি/ }).check();
        }
        const atCheckout = await sumsOn(page);
        // One total, last, at the checkout already.
        expect(atCheckout.filter(([label]) => label === bn('shop.summary.total'))).toHaveLength(1);
        expect(atCheckout.at(-1)![0]).toBe(bn('shop.summary.total'));
        const total = amountOf(atCheckout.at(-1)![1]);

        if (method === 'cod') {
          await page.getByRole('button', { name: bn('coupons.placeOrder') }).click();
        } else {
          await page.getByRole('button', { name: bn('shop.checkout.pay') }).click();
          const window = page.getByRole('dialog', { name: 'Razorpay Sandbox' });
          await expect(window).toBeVisible();
          await expect(window).toContainText(total.toFixed(2));
          await window.getByRole('button', { name: 'Pay', exact: true }).click();
        }
        await expect(
          page.getByRole('heading', {
            name: bn(method === 'cod' ? 'shop.success.placedTitle' : 'shop.success.title'),
          }),
        ).toBeVisible({ timeout: 15_000 });
        const onSuccess = await sumsOn(page);
        const figures = amountsOn(onSuccess);
        // Subtotal, delivery, discount (and the fee): the lines above the total add up to it, and it is last.
        expect(onSuccess.at(-1)![0]).toBe(bn('shop.summary.total'));
        expect(onSuccess).toHaveLength(method === 'cod' ? 5 : 4);
        expect(figures.slice(0, -1).reduce((sum, figure) => sum + figure, 0)).toBeCloseTo(total, 2);
        expect(figures.at(-1)).toBeCloseTo(total, 2);
        for (const [, figure] of onSuccess) expect(figure).toMatch(/^[^0-9]*$/);
        const cash = page.getByTestId('money-cod');
        if (method === 'cod') await expect(cash).toContainText(onSuccess.at(-1)![1]);
        else await expect(cash).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

        await page.getByRole('link', { name: bn('shop.success.viewOrder') }).click();
        await expect(page).toHaveURL(/\/bn\/order-details\/[0-9a-f-]{36}$/);
        // The order's own page, drawn: the success page's summary is gone with its heading.
        await expect(page.getByRole('heading', { level: 1, name: /ORD-\d{8}-/ })).toBeVisible();
        const orderId = /\/order-details\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
        expect(amountsOn(await sumsOn(page)), 'the order in the account').toEqual(figures);

        const link = await linkInMailTo(
          customer.email,
          /http:\/\/[^\s"<>]+\/track\/ORD-[^\s"<>]+/,
          'order mail',
        );
        await page.goto(new URL(link).pathname + new URL(link).search);
        await expect(page).toHaveURL(/\/bn\/track\//);
        const onTracking = await sumsOn(page);
        expect(amountsOn(onTracking), 'the tracking page').toEqual(figures);
        expect(onTracking.map(([, figure]) => figure)).toEqual(onSuccess.map(([, figure]) => figure));

        const desk = await openOnDesk(browser, page, orderId);
        const onDesk = await sumsOn(desk);
        expect(onDesk.at(-1)![0]).toBe('Total');
        expect(amountsOn(onDesk), "the desk's figures").toEqual(figures);
        const payment = desk.getByRole('region', { name: 'Payment' });
        if (method === 'cod') {
          await expect(payment).toContainText(`COD – ${rupees(total)} due, not collected`);
          await expect(payment.getByRole('button', { name: 'Refund' })).toHaveCount(0);
        } else {
          await expect(payment).toContainText(`Card – ${rupees(total)} paid`);
          await expect(payment.getByRole('button', { name: 'Refund' })).toBeVisible();
        }
        await desk.context().close();
      });
    });
  }
});
