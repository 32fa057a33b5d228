import { E2E_ADMIN } from './fixtures/accounts';
import { linkInMailTo } from './fixtures/outbox';
import { logInAsAdmin } from './fixtures/session';
import { expect, notificationsGone, test } from './fixtures/test';

test.describe('an account', () => {
  // A wrong current password is refused with 400 on purpose.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('a customer registers, manages the profile and addresses, and resets the password', async ({
    page,
  }) => {
    const email = `amina.${Date.now()}@example.com`;
    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Amina Rahman');
    await page.getByLabel('Phone Number').fill('9830012345');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
    await page.getByLabel('Confirm Password').fill('first-pass-1');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Welcome, Amina Rahman!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Amina Rahman' })).toBeVisible();

    await notificationsGone(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('first-pass-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Profile: view, edit, save.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Full Name').fill('Amina R. Rahman');
    await page.getByLabel('Phone').fill('+91 98300 99999');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Profile' }).getByText('Amina R. Rahman')).toBeVisible();
    // The next save says the same: this notification goes first, so that the next one is told apart.
    await notificationsGone(page);

    // A new email asks for the current password, said next to its field.
    const newEmail = `amina.r.${Date.now()}@example.com`;
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    await page.getByRole('button', { name: 'Save' }).click();
    const currentPassword = page.getByLabel('Current password');
    await expect(currentPassword).toBeFocused();
    await expect(currentPassword).toHaveAccessibleDescription(
      /Please enter your current password to change your email/,
    );
    await currentPassword.fill('not-the-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(currentPassword).toHaveAccessibleDescription(/Your current password is incorrect/);
    await currentPassword.fill('first-pass-1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Profile' }).getByText(newEmail)).toBeVisible();

    // Addresses: two, the second made default, the first deleted.
    await page.goto('/dashboard?tab=addresses');
    await expect(page.getByText('No addresses added yet')).toBeVisible();
    await page.getByRole('link', { name: 'Add New Address' }).click();
    await expect(page).toHaveURL(/\/addresses\/new$/);
    await expect(page.getByLabel('State *')).toHaveValue('');
    await expect(page.getByLabel('Address Type')).toHaveValue('Home');
    await page.getByLabel('Address Line 1 *').fill('14 Ripon Street');
    await page.getByLabel('City *').fill('Kolkata');
    await page.getByLabel('State *').selectOption('West Bengal');
    await page.getByLabel('Pincode *').fill('70001');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect(page.getByText('Pincode must be exactly 6 digits').first()).toBeVisible();
    await page.getByLabel('Pincode *').fill('700016');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect(page.getByText('Address added successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\?tab=addresses$/);

    await page.getByRole('link', { name: 'Add New Address' }).click();
    await page.getByLabel('Address Type').selectOption('Work');
    await page.getByLabel('Address Line 1 *').fill('2 Linking Road');
    await page.getByLabel('City *').fill('Mumbai');
    await page.getByLabel('State *').selectOption('Maharashtra');
    await page.getByLabel('Pincode *').fill('400050');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=addresses$/);

    const homeCard = page.getByRole('listitem', { name: 'Home address' });
    const workCard = page.getByRole('listitem', { name: 'Work address' });
    await expect(homeCard.getByText('Default')).toBeVisible();
    await workCard.getByRole('button', { name: 'Edit Work address' }).click();
    await page.getByLabel('Set as default address').check();
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect(page.getByText('Address updated successfully')).toBeVisible();
    await expect(workCard.getByText('Default')).toBeVisible();
    await expect(homeCard.getByText('Default')).toHaveCount(0);

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to delete this address?');
      void dialog.accept();
    });
    await homeCard.getByRole('button', { name: 'Delete Home address' }).click();
    await expect(page.getByText('Address deleted successfully')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Home address' })).toHaveCount(0);
    await expect(workCard.getByText('Default')).toBeVisible();

    // Forgot password → the mailed link → a new password → log in with it.
    await notificationsGone(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Check your email for reset instructions')).toBeVisible();
    // The link as mailed: PUBLIC_URL is this server's address.
    const link = await linkInMailTo(
      newEmail,
      /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/,
      'reset',
    );
    await page.goto(link);
    await expect(page).toHaveURL(link);
    await page.getByLabel('New Password').fill('second-pass-2');
    await page.getByLabel('Confirm Password').fill('second-pass-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password reset successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    await page.getByLabel('Password').fill('second-pass-2');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Amina R. Rahman' })).toBeVisible();
  });
});

test('an admin on the user login page is told to use the admin login and stays logged out', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('form', { name: 'Login' }).getByRole('alert')).toHaveText(
    'Please use the admin login page',
  );
  await expect(page).toHaveURL(/\/login$/);
  // Neither token nor the user is stored, in either storage.
  const stored = await page.evaluate(() =>
    ['accessToken', 'refreshToken', 'user'].flatMap((key) => [
      localStorage.getItem(key),
      sessionStorage.getItem(key),
    ]),
  );
  expect(stored).toEqual([null, null, null, null, null, null]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);

  // The admin login page accepts the same account.
  await logInAsAdmin(page);
});
