import type { Locator, Page } from '@playwright/test';
import { FATWAH_CATEGORIES } from '@scholar/shared';
import { E2E_ADMIN } from './fixtures/accounts';
import { signIn } from './fixtures/session';
import { expect, test } from './fixtures/test';

/** A scholar's long answer: far taller than any screen. */
const LONG_ANSWER = Array.from(
  { length: 40 },
  (_, i) =>
    `${i + 1}. The scholars differ on this point, and each view has its evidence from the Quran and the Sunnah; the stronger view is explained here at length.`,
).join('\n\n');

/** The whole element lies inside the viewport, and is what a click at its centre reaches (nothing covers it). */
async function expectInSight(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'on screen').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  const onTop = await element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (hit === node || node.contains(hit));
  });
  expect(onTop, 'not covered').toBe(true);
}

for (const [label, viewport] of [
  ['a 1280 × 800 screen', { width: 1280, height: 800 }],
  ['a 390 px phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`the answer form on ${label}`, () => {
    test.use({ viewport });

    test('keeps its Save button in sight with a long answer, and works from the keyboard', async ({
      page,
    }) => {
      const session = await signIn(page, {
        email: E2E_ADMIN.email,
        password: E2E_ADMIN.password,
        role: 'admin',
      });
      const word = `Desk${Date.now().toString(36)}${viewport.width}`;
      const question = `Is the ${word} arrangement permissible for a family business run by three brothers?`;
      const created = await page.request.post('/api/fatwahs', {
        headers: { authorization: `Bearer ${session.accessToken}` },
        data: { question, answer: LONG_ANSWER, categories: ['Business', 'Family'], status: 'pending' },
      });
      expect(created.status()).toBe(201);

      await page.goto('/admin/fatwah');
      await page.locator('#admin-fatwah-search').fill(word);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const card = page.getByRole('listitem', { name: question });
      await card.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Fatwah' });
      await expect(dialog.getByLabel('Answer')).toHaveValue(LONG_ANSWER);

      // As it opens: the long answer makes the form taller than the dialog, and Save is in sight all the same.
      const save = dialog.getByRole('button', { name: 'Update Fatwah' });
      const body = dialog.locator('form').locator('..');
      expect(await body.evaluate((node) => node.scrollHeight > node.clientHeight)).toBe(true);
      await expectInSight(page, save);
      await expectInSight(page, dialog.getByRole('button', { name: 'Cancel' }));

      // From the keyboard: the answer's language and the fatwah it translates, every category in turn and not
      // hidden behind the buttons, then Save.
      await dialog.getByLabel('Answer').focus();
      await page.keyboard.press('Tab');
      await expect(dialog.getByLabel('Language', { exact: true })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(dialog.getByLabel('Translation of')).toBeFocused();
      for (const name of FATWAH_CATEGORIES) {
        await page.keyboard.press('Tab');
        await expect(dialog.getByRole('button', { name, exact: true })).toBeFocused();
      }
      await expectInSight(page, dialog.getByRole('button', { name: FATWAH_CATEGORIES.at(-1), exact: true }));
      await page.keyboard.press('Tab');
      await expect(dialog.getByLabel('Status')).toBeFocused();
      await expectInSight(page, dialog.getByLabel('Status'));
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(save).toBeFocused();
      await expectInSight(page, save);
      await page.keyboard.press('Enter');
      await expect(page.getByText('Fatwah updated successfully')).toBeVisible();
      await expect(dialog).toHaveCount(0);
    });
  });
}
