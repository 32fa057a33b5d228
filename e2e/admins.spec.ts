import { E2E_ADMIN } from './fixtures/accounts';
import { linkInMailTo } from './fixtures/outbox';
import { signIn } from './fixtures/session';
import { expect, notificationsGone, test } from './fixtures/test';

test('an admin invites another, who accepts, signs in and sets a display name; then is removed', async ({
  page,
  browser,
}) => {
  const email = `new.admin.${Date.now()}@example.com`;
  await signIn(page, { ...E2E_ADMIN, role: 'admin' });
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Admins' }).first().click();
  await expect(page).toHaveURL(/\/admin\/admins$/);
  await expect(page.getByRole('heading', { name: 'Admins', level: 1 })).toBeVisible();

  await page.getByLabel('Email of the new staff member').fill(email);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email} (Admin)`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pending invitations' }).getByText(email)).toBeVisible();

  // The invitee, in a browser of their own, opens the mailed link.
  const link = await linkInMailTo(
    email,
    /https?:\/\/[^\s"<>]+\/admin\/invite\?token=[A-Za-z0-9_-]+/,
    'invitation',
  );
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: 'Become an admin' })).toBeVisible();
  // The token is read once and leaves the address bar.
  await expect(invitee).toHaveURL(/\/admin\/invite$/);
  await invitee.getByLabel('Full Name').fill('Yusuf Ahmed');
  await invitee.getByLabel('Password', { exact: true }).fill('hikmah-123');
  await invitee.getByLabel('Confirm Password').fill('hikmah-123');
  await invitee.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(invitee).toHaveURL(/\/admin\/login$/);
  await expect(invitee.getByText('Your admin account is ready. Please log in.')).toBeVisible();

  // The new admin signs in on the admin login page.
  await invitee.getByLabel('Email').fill(email);
  await invitee.getByLabel('Password').fill('hikmah-123');
  await invitee.getByRole('button', { name: 'Login' }).click();
  await expect(invitee).toHaveURL(/\/admin\/dashboard$/);

  // Their display name, on their profile.
  await invitee.goto('/admin/profile');
  await invitee.getByLabel('Display name', { exact: true }).fill('Maulana Yusuf');
  await invitee.getByRole('button', { name: 'Save Display Name' }).click();
  await expect(invitee.getByText('Display name saved')).toBeVisible();
  await context.close();

  // The first admin sees them, and removes them after a confirmation that Escape cancels.
  await page.reload();
  const admins = page.getByRole('region', { name: 'Current staff' });
  await expect(admins.getByText('Maulana Yusuf')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pending invitations' }).getByText(email)).toHaveCount(0);
  await notificationsGone(page);
  const remove = page.getByRole('button', { name: 'Remove Yusuf Ahmed as admin' });
  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Remove admin?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await remove.click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Yusuf Ahmed is no longer on the staff')).toBeVisible();
  await expect(admins.getByText('Maulana Yusuf')).toHaveCount(0);
});
