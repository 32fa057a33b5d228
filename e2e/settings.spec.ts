import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './fixtures/accounts';
import { signIn } from './fixtures/session';
import { expect, notificationsGone, test } from './fixtures/test';

/** Every link of the page that goes to a network's home page or to a placeholder site. */
async function placeholderLinks(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  return hrefs.filter((href) =>
    /^https?:\/\/(www\.)?(facebook|instagram|twitter|youtube)\.com\/?$|example\.org/.test(href),
  );
}

/** The settings as they were, put back after the journey (other journeys read the footer). */
let saved: { token: string; settings: unknown } | null = null;

test.afterEach(async ({ request }) => {
  if (!saved) return;
  await request.put('/api/settings', {
    headers: { authorization: `Bearer ${saved.token}` },
    data: saved.settings,
  });
  saved = null;
});

test('no page links to a network home page or a placeholder site before the settings are made', async ({
  page,
}) => {
  for (const path of ['/', '/about', '/initiatives', '/certifications', '/privacy-policy']) {
    await page.goto(path);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: /^\+91/ })).toBeVisible();
    expect(await placeholderLinks(page), path).toEqual([]);
  }
  // The footer has no Follow Us while no network is set; the initiatives all say 'Coming Soon'.
  await expect(page.getByRole('region', { name: 'Follow Us' })).toHaveCount(0);
  await page.goto('/initiatives');
  await expect(page.getByText('Coming Soon')).toHaveCount(5);
});

test('the admin changes the phone and adds a YouTube link; the footer shows them on a phone and a desktop', async ({
  page,
}) => {
  const session = await signIn(page, { email: E2E_ADMIN.email, password: E2E_ADMIN.password, role: 'admin' });
  const before = await page.request.get('/api/settings');
  saved = { token: session.accessToken, settings: (await before.json()).data };

  // The admin menu leads to the screen.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Site Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Site Settings' })).toBeVisible();

  // A link that is not https is marked beside its field, and nothing is saved.
  const youtube = page.getByRole('textbox', { name: 'YouTube' });
  await youtube.fill('http://www.youtube.com/@darulilm');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(youtube).toHaveAttribute('aria-invalid', 'true');
  await expect(youtube).toHaveAccessibleDescription(/starting with https:\/\//);
  await expect(youtube).toBeFocused();

  await youtube.fill('https://www.youtube.com/@darulilm');
  await page.getByLabel('Phone *').fill('+91 98300 12345');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Site settings saved')).toBeVisible();
  await expect(youtube).not.toHaveAttribute('aria-invalid', 'true');
  await notificationsGone(page);

  // A visitor sees them, at both widths, in the footer.
  await page.evaluate(() => localStorage.clear());
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    const phone = footer.getByRole('link', { name: '+91 98300 12345' });
    await phone.scrollIntoViewIfNeeded();
    await expect(phone, `${width}px`).toBeVisible();
    await expect(phone).toHaveAttribute('href', 'tel:+919830012345');
    await expect(footer).not.toContainText('+91 33 4000 1234');
    const follow = footer.getByRole('region', { name: 'Follow Us' });
    await expect(follow.getByRole('link')).toHaveCount(1);
    const link = follow.getByRole('link', { name: 'Darul Ilm on YouTube (opens in a new tab)' });
    await expect(link, `${width}px`).toBeVisible();
    await expect(link).toHaveAttribute('href', 'https://www.youtube.com/@darulilm');
    // Inside the screen's width.
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, `${width}px`).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${width}px`,
    ).toBe(0);
  }

  // The page the server writes carries them too, for crawlers and link previews.
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('"telephone":"+91 98300 12345"');
  expect(html).toContain('"sameAs":["https://www.youtube.com/@darulilm"]');
});
