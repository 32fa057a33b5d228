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

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.describe('the answer editor on a 390 px phone, then a 1280 × 800 screen', () => {
  test.use({ viewport: PHONE });

  test('keeps Save draft and Publish in sight with a long answer, and works from the keyboard', async ({
    page,
  }) => {
    const session = await signIn(page, {
      email: E2E_ADMIN.email,
      password: E2E_ADMIN.password,
      role: 'admin',
    });
    const word = `Desk${Date.now().toString(36)}`;
    const question = `Is the ${word} arrangement permissible for a family business run by three brothers?`;
    const created = await page.request.post('/api/fatwahs', {
      headers: { authorization: `Bearer ${session.accessToken}` },
      data: { question, answer: LONG_ANSWER, categories: ['Business', 'Family'], status: 'pending' },
    });
    expect(created.status()).toBe(201);

    // Answered and not published: its queue, then its own page.
    await page.goto('/admin/fatwah?queue=answered');
    await page.locator('#admin-fatwah-search').fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByRole('listitem', { name: question });
    await card.getByRole('link', { name: `Review and publish: ${question}` }).click();
    const answer = page.getByLabel('Answer (Markdown)');
    await expect(answer).toHaveValue(LONG_ANSWER);

    // As it opens: the long answer makes the page taller than the screen, and the buttons are in sight all the
    // same.
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    const save = page.getByRole('button', { name: 'Save draft' });
    await expectInSight(page, save);
    await expectInSight(page, page.getByRole('button', { name: 'Publish' }));

    // From the keyboard: the preview, every category in turn and not hidden behind the buttons, the answer's
    // language and the fatwah it translates, then Save draft.
    await answer.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Preview' })).toBeFocused();
    for (const name of FATWAH_CATEGORIES) {
      await page.keyboard.press('Tab');
      await expect(page.getByRole('checkbox', { name, exact: true })).toBeFocused();
      await expectInSight(page, page.getByRole('checkbox', { name, exact: true }));
    }
    await page.keyboard.press('Tab');
    await expect(page.locator('#fatwah-language')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Translation of')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(save).toBeFocused();
    await expectInSight(page, save);

    // Resized in place to a desktop's screen, the page is still taller than it and the buttons still in sight.
    await page.setViewportSize(DESKTOP);
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    await expectInSight(page, save);
    await expectInSight(page, page.getByRole('button', { name: 'Publish' }));
    await expect(save).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Answer saved')).toBeVisible();
  });
});
