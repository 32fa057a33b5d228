import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { E2E_ADMIN } from './fixtures/accounts';
import { axeViolations } from './fixtures/axe';
import { openSignedIn, placeOrder, registerCustomer, type Customer } from './fixtures/customers';
import { signIn } from './fixtures/session';
import { expect, test } from './fixtures/test';

const rupees = (n: number) => `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(n)}`;

/**
 * Razorpay's sandbox settles a refund a moment after it answers `pending`; the desk reads the order again every
 * REFUND_POLL_MS (2 s for a reader, less for the journeys' server: scripts/lib/e2e-server.mjs).
 */
const SETTLED = { timeout: 15_000 };

interface PaidOrder {
  _id: string;
  orderNumber: string;
  amount: number;
}

/** A customer who paid for two copies of a book through the sandbox, over HTTP as the browser would. */
async function customerWithOrder(request: APIRequestContext, name: string) {
  const customer = await registerCustomer(request, { name });
  const books = (await (await request.get('/api/books')).json()).data as { _id: string }[];
  const placed = await placeOrder(request, customer, [{ book: books[0]!._id, quantity: 2 }]);
  const order: PaidOrder = {
    _id: placed._id,
    orderNumber: placed.orderNumber,
    amount: Number(placed.amount),
  };
  return { customer, order };
}

/** The owner on the desk's page of the order. */
async function openOnDesk(page: Page, order: PaidOrder) {
  await signIn(page, { ...E2E_ADMIN, role: 'admin' });
  await page.goto(`/admin/orders/${order._id}`);
  await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
}

/** The customer's own page of the order, in a browser of their own, as wide as the owner's. */
async function openAsCustomer(browser: Browser, page: Page, customer: Customer, order: PaidOrder) {
  const context = await browser.newContext({ viewport: page.viewportSize() });
  const theirs = await context.newPage();
  await openSignedIn(theirs, customer);
  await theirs.goto(`/order-details/${order._id}`);
  await expect(theirs.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
  return theirs;
}

/** Nothing is wider than the screen. */
async function expectNoSideways(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

interface Screen {
  name: string;
  viewport: { width: number; height: number };
}

const SCREENS: readonly Screen[] = [
  { name: 'a desktop', viewport: { width: 1280, height: 900 } },
  { name: 'a phone', viewport: { width: 390, height: 844 } },
];

/** `check` on a desktop, then on a phone (the page resized in place), and the page back on the desktop after. */
async function onEachScreen(page: Page, check: (screen: Screen) => Promise<void>) {
  for (const screen of SCREENS) {
    await page.setViewportSize(screen.viewport);
    await test.step(`on ${screen.name}`, () => check(screen));
  }
  await page.setViewportSize(SCREENS[0]!.viewport);
}

/** Nothing is wider than the screen and axe finds nothing wrong, on each screen. */
async function expectFitsEachScreen(page: Page) {
  await onEachScreen(page, async () => {
    await expectNoSideways(page);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test.describe('on a desktop and a phone', () => {
  test.use({ viewport: SCREENS[0]!.viewport });

  test('the owner refunds part of an order, sees it settle, and the customer sees the refund', async ({
    page,
    browser,
  }) => {
    const { customer, order } = await customerWithOrder(page.request, 'Maryam Ansari');
    await openOnDesk(page, order);
    const payment = page.getByRole('region', { name: 'Payment' });
    await expect(payment).toContainText(`Paid${rupees(order.amount)}Refunded₹0.00Net${rupees(order.amount)}`);

    await payment.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${order.orderNumber}` });
    // The dialog opens on the books; an amount is the other choice.
    await expect(dialog.getByRole('combobox').first()).toBeFocused();
    await dialog.getByRole('radio', { name: 'Refund an amount' }).check();
    // A refund from this dialog is not a return's: the desk says so, the box unticked until then.
    const notAReturn = dialog.getByRole('checkbox', {
      name: 'This refund is not tied to a returned parcel',
    });
    await expect(notAReturn).not.toBeChecked();
    await notAReturn.check();
    const amount = dialog.getByLabel('Amount (₹)');
    await expect(amount).toHaveValue(String(order.amount));
    // More than was paid is refused beside the field, before anything is sent.
    await amount.fill(String(order.amount + 1));
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog.getByText(`At most ${rupees(order.amount)} can still be refunded`)).toBeVisible();
    await expect(dialog.getByText('Please give a reason')).toBeVisible();
    await onEachScreen(page, async () => expect(await axeViolations(page)).toEqual([]));
    await amount.fill('100');
    await dialog.getByLabel('Reason').fill('One copy arrived with a torn cover');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    // A second step before any money moves.
    await expect(dialog.getByText("Refund ₹100.00 to the customer's card?")).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, refund ₹100.00' }).click();
    await expect(dialog).toBeHidden();

    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText('Reason: One copy arrived with a torn cover');
    await expect(timeline).toContainText('Refunded₹100.00', SETTLED);
    await expect(payment).toContainText(
      `Paid${rupees(order.amount)}Refunded₹100.00Net${rupees(order.amount - 100)}`,
    );
    await expect(payment).not.toContainText('A refund is in progress');
    await expectFitsEachScreen(page);

    // The list says what was refunded of it.
    await page.goto(`/admin/dashboard?search=${order.orderNumber}`);
    await onEachScreen(page, async (screen) => {
      const listed =
        screen.viewport.width < 768
          ? page.getByRole('listitem', { name: `Order ${order.orderNumber}` })
          : page.getByRole('row', { name: new RegExp(order.orderNumber) });
      await expect(listed).toContainText(`Card – ₹100.00 of ${rupees(order.amount)} refunded`);
      await expect(page.getByText('Net of refunds', { exact: true })).toBeVisible();
    });

    const theirs = await openAsCustomer(browser, page, customer, order);
    const refunds = theirs.getByRole('region', { name: 'Refunds' });
    await expect(refunds).toContainText('₹100.00 refunded on');
    await expect(refunds).not.toContainText('torn cover');
    await expect(theirs.getByRole('region', { name: 'Items' })).toContainText(
      `Refunded−₹100.00Net paid${rupees(order.amount - 100)}`,
    );
    await expectFitsEachScreen(theirs);
    await theirs.context().close();
  });

  test('the owner cancels a pending order; the customer sees it cancelled and refunded', async ({
    page,
    browser,
  }) => {
    const { customer, order } = await customerWithOrder(page.request, 'Bilal Hashmi');
    await openOnDesk(page, order);
    const payment = page.getByRole('region', { name: 'Payment' });
    await payment.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${order.orderNumber}` });
    await expect(dialog).toContainText(
      `The customer gets a full refund of ${rupees(order.amount)}, and the copies go back to stock.`,
    );
    await dialog.getByLabel('Reason').fill('The customer ordered the wrong edition');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Order cancelled and refunded')).toBeVisible();

    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText('CancelledReason: The customer ordered the wrong edition');
    await expect(timeline).toContainText(`Refunded${rupees(order.amount)}`, SETTLED);
    await expect(payment).toContainText(`Net₹0.00`);
    await expect(payment.getByRole('button')).toHaveCount(0);
    const fulfillment = page.getByRole('region', { name: 'Fulfillment' });
    await expect(fulfillment).toContainText('Cancelled');
    await expect(fulfillment.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expectFitsEachScreen(page);

    const theirs = await openAsCustomer(browser, page, customer, order);
    const status = theirs.getByRole('region', { name: 'Status and tracking' });
    await expect(status).toContainText('Cancelled');
    await expect(status).toContainText('Reason: The customer ordered the wrong edition');
    await expect(theirs.getByRole('region', { name: 'Refunds' })).toContainText(
      `${rupees(order.amount)} refunded on`,
    );
    await expect(theirs.getByRole('region', { name: 'Items' })).toContainText('Net paid₹0.00');
    await expectFitsEachScreen(theirs);
    await theirs.context().close();
  });
});

test('a refund Razorpay fails is said plainly on the desk, and the customer is not told of money on its way', async ({
  page,
  browser,
}) => {
  const { customer, order } = await customerWithOrder(page.request, 'Ruqayya Khan');
  await openOnDesk(page, order);
  const payment = page.getByRole('region', { name: 'Payment' });
  await payment.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order ${order.orderNumber}` });
  await dialog.getByRole('radio', { name: 'Refund an amount' }).check();
  await dialog.getByRole('checkbox', { name: 'This refund is not tied to a returned parcel' }).check();
  await dialog.getByLabel('Amount (₹)').fill('50');
  // The sandbox fails a refund whose reason carries this marker, as Razorpay's test mode has failing cards.
  await dialog.getByLabel('Reason').fill('Goodwill sandbox:fail-refund');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await dialog.getByRole('button', { name: 'Yes, refund ₹50.00' }).click();
  await expect(dialog).toBeHidden();

  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText(
    'Refund failed — nothing was refunded; you can try again₹50.00',
    SETTLED,
  );
  await expect(payment).toContainText(`Refunded₹0.00Net${rupees(order.amount)}`);
  await expect(payment.getByRole('button', { name: 'Refund' })).toBeVisible();

  const theirs = await openAsCustomer(browser, page, customer, order);
  await expect(theirs.getByRole('region', { name: 'Status and tracking' })).toContainText(
    'Paid · preparing to ship',
  );
  await expect(theirs.getByRole('region', { name: 'Refunds' })).toHaveCount(0);
  await expect(theirs.getByRole('region', { name: 'Items' })).not.toContainText('Net paid');
  await theirs.context().close();
});
