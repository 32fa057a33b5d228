import { E2E_ADMIN } from './fixtures/accounts';
import { linkInMailTo } from './fixtures/outbox';
import { signIn } from './fixtures/session';
import { expect, test } from './fixtures/test';

test('an admin invites a scholar, who signs in on the admin login and works only at the fatwah and article desks', async ({
  page,
  browser,
}) => {
  const email = `new.scholar.${Date.now()}@example.com`;
  await signIn(page, { ...E2E_ADMIN, role: 'admin' });
  await page.goto('/admin/admins');
  await expect(page.getByRole('heading', { name: 'Admins', level: 1 })).toBeVisible();

  await page.getByLabel('Email of the new staff member').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('scholar');
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email} (Scholar)`)).toBeVisible();
  const pending = page.getByRole('region', { name: 'Pending invitations' }).getByRole('listitem').filter({
    hasText: email,
  });
  await expect(pending.getByText('Scholar', { exact: true })).toBeVisible();

  // The scholar, in a browser of their own, opens the mailed link and accepts.
  const link = await linkInMailTo(
    email,
    /https?:\/\/[^\s"<>]+\/admin\/invite\?token=[A-Za-z0-9_-]+/,
    'invitation',
  );
  const context = await browser.newContext();
  const scholar = await context.newPage();
  await scholar.goto(link);
  await scholar.getByLabel('Full Name').fill('Mufti Bilal');
  await scholar.getByLabel('Password', { exact: true }).fill('hikmah-123');
  await scholar.getByLabel('Confirm Password').fill('hikmah-123');
  await scholar.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(scholar).toHaveURL(/\/admin\/login$/);

  // The admin login takes the scholar, who starts at the fatwah desk.
  await scholar.getByLabel('Email').fill(email);
  await scholar.getByLabel('Password').fill('hikmah-123');
  await scholar.getByRole('button', { name: 'Login' }).click();
  await expect(scholar).toHaveURL(/\/admin\/fatwah$/);

  // Their menu holds their two desks and nothing else: no orders, books, admins, settings or cart.
  const nav = scholar.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Manage Fatwahs' }).first()).toBeAttached();
  await expect(nav.getByRole('link', { name: 'Manage Articles' }).first()).toBeAttached();
  for (const other of ['Orders', 'Manage Books', 'Admins', 'Site Settings']) {
    await expect(nav.getByRole('link', { name: other, exact: true })).toHaveCount(0);
  }
  await expect(nav.getByRole('link', { name: /cart/i })).toHaveCount(0);

  // The orders desk's address sends them back to their own desk.
  await scholar.goto('/admin/dashboard');
  await expect(scholar).toHaveURL(/\/admin\/fatwah$/);
  await scholar.goto('/admin/admins');
  await expect(scholar).toHaveURL(/\/admin\/fatwah$/);

  // The admin sees them on the staff list as a scholar.
  await page.reload();
  const member = page.getByRole('region', { name: 'Current staff' }).getByRole('listitem').filter({
    hasText: email,
  });
  await expect(member.getByText('Scholar', { exact: true })).toBeVisible();
  await context.close();
});
