import type { Page } from '@playwright/test';
import { openSignedIn, registerCustomer } from './fixtures/customers';
import { expectNotificationsClear } from './fixtures/placement';
import { E2E_ADMIN } from './fixtures/accounts';
import { expect, test } from './fixtures/test';

/** The pointer on the notification holds it (sonner pauses its timer) while the page is looked at. */
async function hold(page: Page) {
  await page.locator('[data-sonner-toast]').first().hover();
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The page resized in place to a desktop's width, the notification held again where it now rests. */
async function toDesktop(page: Page) {
  await page.setViewportSize(DESKTOP);
  await hold(page);
}

/**
 * Notifications sit at the foot of the screen (docs/decisions/057): on the pages where they used to cover
 * something, at a phone's width and then, resized in place, a desktop's, none covers a heading, a button or the
 * header's menus.
 */
test.describe(`at ${PHONE.width} px, then ${DESKTOP.width} px`, () => {
  test.use({ viewport: PHONE });

  async function guestWithABook(page: Page) {
    const books = (await (await page.request.get('/api/books')).json()).data as { _id: string }[];
    await page.goto(`/book/${books[0]!._id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Added to guest cart!' })).toBeVisible();
  }

  test('the guest checkout: the notification leaves the heading and Proceed to Payment in sight', async ({
    page,
  }) => {
    await guestWithABook(page);
    await page.goto('/guest/checkout');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await hold(page);
    await expect(page.getByLabel('Full Name *')).toBeFocused();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNotificationsClear(page, [page.getByRole('button', { name: 'Proceed to Payment' })]);
    await toDesktop(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNotificationsClear(page, [page.getByRole('button', { name: 'Proceed to Payment' })]);
  });

  test('the order desk: the notification leaves Orders and Export CSV in sight', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Admin login successful!')).toBeVisible();
    await hold(page);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await expectNotificationsClear(page, [page.getByRole('button', { name: 'Export CSV' })]);
    await toDesktop(page);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await expectNotificationsClear(page, [page.getByRole('button', { name: 'Export CSV' })]);
  });

  test("the header's Account menu: the notification leaves Logout in sight", async ({ page }) => {
    const customer = await registerCustomer(page.request, { name: 'Nusrat Jahan', withAddress: false });
    await openSignedIn(page, customer);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Phone').fill('+91 98300 44444');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await hold(page);
    // The keyboard opens the menu, so that the pointer stays on the notification.
    await page.getByRole('banner').getByRole('button', { name: 'Account' }).focus();
    await page.keyboard.press('Enter');
    const logout = page.getByRole('banner').getByRole('button', { name: 'Logout' });
    await expect(logout).toBeVisible();
    await expectNotificationsClear(page, [logout]);
    await toDesktop(page);
    await expect(logout).toBeVisible();
    await expectNotificationsClear(page, [logout]);
    // The number was kept as its 10 digits.
    await expect(page.getByRole('region', { name: 'Profile' })).toContainText('9830044444');
  });
});
