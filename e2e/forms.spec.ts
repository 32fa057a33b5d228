import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { signIn } from './fixtures/session';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** As a guest: the first book of the shop into the cart from its page, and the notification that says so. */
async function addFirstBookAsGuest(page: Page) {
  const res = await page.request.get('/api/books');
  const book = ((await res.json()) as { data: { _id: string }[] }).data[0]!;
  await page.goto(`/book/${book._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to guest cart!')).toBeVisible();
}

/** The field is marked invalid and described by this message, which shows right below it. */
async function expectMarked(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  const error = field.locator('xpath=following-sibling::p[@role="alert"]');
  await expect(error).toHaveText(message);
  await expect(error).toBeInViewport();
}

/** The field has the focus, on screen and not under the sticky header. */
async function expectFocusedOnScreen(page: Page, field: Locator) {
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  const header = await page.getByRole('banner').boundingBox();
  const box = await field.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** No notification on screen covers the cart badge or the Account menu. */
async function expectHeaderClear(page: Page) {
  const toasts = page.locator('[data-sonner-toast]');
  await expect(toasts.first()).toBeVisible();
  const header = page.getByRole('banner');
  const covered = [
    header.getByRole('link', { name: /^Cart, / }),
    header.getByRole('button', { name: /^Cart, / }),
    header.getByTestId('cart-badge'),
    header.getByRole('button', { name: 'Account' }),
  ];
  await expect(header.getByTestId('cart-badge')).toBeVisible();
  for (const toast of await toasts.all()) {
    // Where it rests: a notification slides in from above, over about 0.4 s.
    let last = Number.NaN;
    await expect
      .poll(
        async () => {
          const y = (await toast.boundingBox())!.y;
          const still = y === last;
          last = y;
          return still;
        },
        { intervals: [150] },
      )
      .toBe(true);
    const box = (await toast.boundingBox())!;
    for (const target of covered) {
      for (const element of await target.all()) {
        const under = (await element.boundingBox())!;
        expect(overlaps(box, under), `a notification covers ${String(target)}`).toBe(false);
      }
    }
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the guest checkout marks every wrong field beside it and moves to the first', async ({ page }) => {
    await addFirstBookAsGuest(page);
    // Added, a panel leads on to the cart (not a notification).
    await expect(page.getByRole('dialog', { name: 'Added to guest cart!' })).toBeVisible();

    await page.goto('/guest/checkout');
    const name = page.getByLabel('Full Name *');
    const email = page.getByLabel('Email *');
    const pincode = page.getByLabel('Pincode *');
    await email.fill('imran.guest@');
    await page.getByLabel('Phone *').fill('9831122334');
    await page.getByLabel('Address Line 1 *').fill('9 Elliot Road');
    await page.getByLabel('City *').fill('Kolkata');
    await page.getByLabel('State *').selectOption('Delhi');
    await pincode.fill('700016');
    const proceed = page.getByRole('button', { name: 'Proceed to Payment' });
    await proceed.scrollIntoViewIfNeeded();
    await proceed.click();

    // Every wrong field at once, the first one focused and on screen.
    await expectFocusedOnScreen(page, name);
    await expectMarked(name, 'Please enter your name');
    await expectMarked(email, 'Please enter a valid email address');
    await expect(pincode).toHaveAttribute('aria-invalid', 'true');
    await expect(pincode).toHaveAccessibleDescription('This pincode is not in Delhi');
    for (const label of ['Phone *', 'Address Line 1 *', 'City *', 'State *']) {
      await expect(page.getByLabel(label)).not.toHaveAttribute('aria-invalid');
    }
    await expectHeaderClear(page);

    // Fixed, the name and email lose their marks; the pincode, far down the page, is brought into view.
    await name.fill('Imran Sheikh');
    await email.fill('imran.guest@example.com');
    await expect(name).not.toHaveAttribute('aria-invalid');
    await proceed.scrollIntoViewIfNeeded();
    await proceed.click();
    await expectFocusedOnScreen(page, pincode);
    await expectMarked(pincode, 'This pincode is not in Delhi');
    // The last attempt's notification went when the form was sent again.
    await expect(page.locator('[data-sonner-toast]', { hasText: 'Please enter your name' })).toHaveCount(0);
    await expect(
      page.locator('[data-sonner-toast]', { hasText: 'This pincode is not in Delhi' }),
    ).toBeVisible();
  });

  test('the address form marks every wrong field beside it and moves to the first', async ({ page }) => {
    const email = `forms.${Date.now()}@example.com`;
    const password = 'forms-pass-1';
    const registered = await page.request.post('/api/auth/register', {
      data: { name: 'Sana Qureshi', email, phone: '9830011111', password },
    });
    expect(registered.status()).toBe(201);
    await signIn(page, { email, password, role: 'user' });

    await page.goto('/addresses/new');
    const line1 = page.getByLabel('Address Line 1 *');
    const state = page.getByLabel('State *');
    const pincode = page.getByLabel('Pincode *');
    await page.getByLabel('City *').fill('Kolkata');
    await state.selectOption('Delhi');
    await pincode.fill('700016');
    await page.getByRole('button', { name: 'Save Address' }).click();

    await expectFocusedOnScreen(page, line1);
    await expectMarked(line1, 'Please fill all required fields');
    await expectMarked(pincode, 'This pincode is not in Delhi');
    await expect(page.getByLabel('City *')).not.toHaveAttribute('aria-invalid');

    await line1.fill('9 Elliot Road');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expectFocusedOnScreen(page, pincode);
    await expectMarked(pincode, 'This pincode is not in Delhi');

    await state.selectOption('West Bengal');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=addresses$/);
    await expect(page.getByText('Address added successfully')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Home address' })).toContainText('700016');
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('notifications stay clear of the cart and the Account menu', async ({ page }) => {
    await addFirstBookAsGuest(page);
    await page.goto('/guest/checkout');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expectHeaderClear(page);
  });
});
