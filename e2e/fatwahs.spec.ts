import { E2E_ADMIN } from './fixtures/accounts';
import { expect, test } from './fixtures/test';

test('a guest asks, an admin answers and publishes, a guest finds it despite a typo', async ({
  page,
  browser,
}) => {
  const word = `Quarbani${Date.now().toString(36)}`;
  const question = `Is the ${word} sacrifice valid if it is shared between seven brothers?`;

  // A guest asks.
  await page.goto('/ask-fatwah');
  await expect(page.getByRole('checkbox', { name: 'Other' })).toBeChecked();
  await page.getByRole('button', { name: 'Submit Question' }).click();
  await expect(page.getByText('Please enter your question').first()).toBeVisible();
  await page.getByLabel('Your Question *').fill(question);
  await page.getByRole('checkbox', { name: 'Other' }).click();
  await page.getByRole('checkbox', { name: 'Worship' }).click();
  await page.getByRole('checkbox', { name: 'Family' }).click();
  await page.getByLabel('Your Name (optional)').fill('Bilal');
  await page.getByLabel('Your Email (optional)').fill('bilal@example.com');
  await expect(page.getByLabel('Show my name with the question')).not.toBeChecked();
  await page.getByLabel('Show my name with the question').check();
  await page.getByRole('button', { name: 'Submit Question' }).click();
  await expect(page.getByRole('heading', { name: 'Question Submitted Successfully!' })).toBeVisible();
  const reference = (await page.getByTestId('fatwah-reference').textContent()) ?? '';
  expect(reference).toMatch(/^Q-\d{4}-\d{5}$/);
  await expect(page.getByText('we will send the link to bilal@example.com')).toBeVisible();

  // Not public before review.
  await page.goto(`/fatwah?search=${word}`);
  await expect(page.getByText('No fatwahs found')).toBeVisible();

  // An admin finds it in the Unanswered queue, answers it on its own page, saves a draft, then publishes it
  // from the Answered queue.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/admin/fatwah');
  await expect(admin).toHaveURL(/\/admin\/login$/);
  await admin.getByLabel('Email').fill(E2E_ADMIN.email);
  await admin.getByLabel('Password').fill(E2E_ADMIN.password);
  await admin.getByRole('button', { name: 'Login' }).click();
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto('/admin/fatwah');
  // What waits is listed the oldest first: the question just asked is found with the newest first.
  await expect(admin.getByLabel('Order')).toHaveValue('oldest');
  await admin.getByLabel('Order').selectOption('newest');
  const card = admin.getByRole('listitem', { name: question });
  await expect(card).toBeVisible();
  await expect(card).toContainText(reference);
  await expect(card).toContainText('Not answered yet');
  await card.getByRole('link', { name: `Answer: ${question}` }).click();
  await expect(admin.getByText('bilal@example.com')).toBeVisible();

  await admin.getByRole('button', { name: 'Save draft' }).click();
  await expect(admin.getByText('Answer is required for existing fatwahs')).toBeVisible();
  await admin
    .getByLabel('Answer (Markdown)')
    .fill(
      'Yes. A cow or a camel may be shared by up to seven people.\n\nEach share must be intended as a sacrifice.',
    );
  await admin.getByRole('button', { name: 'Save draft' }).click();
  await expect(admin.getByText('Answer saved')).toBeVisible();
  await admin.getByRole('link', { name: 'Back to the desk' }).click();
  await expect(admin).toHaveURL(/\/admin\/fatwah\?queue=answered$/);
  await admin.getByLabel('Order').selectOption('newest');
  const answered = admin.getByRole('listitem', { name: question });
  await expect(answered).toBeVisible();
  await answered.getByRole('link', { name: `Review and publish: ${question}` }).click();
  await admin.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByText('Published. The asker is told by email when they gave one.')).toBeVisible();
  await adminContext.close();

  // A guest searches with a misspelt word and reads it.
  await page.goto('/fatwah');
  await page.getByLabel('Search fatwahs').fill(word.replace('Quarbani', 'Qurbani'));
  await page.getByRole('button', { name: 'Search' }).click();
  const result = page.getByRole('list', { name: 'Fatwahs' }).getByRole('link').first();
  await expect(result).toContainText(question);
  await expect(result).toContainText('By: E2E Admin');
  // In the same tab (decision 018).
  await result.click();
  const detail = page;
  await expect(page).toHaveURL(/\/fatwah\/[0-9a-f-]{36}$/);
  await expect(detail.getByRole('heading', { level: 1 })).toHaveText(question);
  await expect(detail.getByText('Each share must be intended as a sacrifice.')).toBeVisible();
  await expect(detail.getByText('Answered by')).toBeVisible();
  await expect(detail.getByText('Asked by')).toBeVisible();
  await expect(detail.getByText('bilal@example.com')).toHaveCount(0);
  await expect(detail.getByRole('heading', { name: 'Have a Question?' })).toBeVisible();
});

test.describe('a missing fatwah', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('says so, and the back link leads to the list', async ({ page }) => {
    await page.goto('/fatwah/0190b0a0-0000-7000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Fatwah not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Fatwahs' }).click();
    await expect(page).toHaveURL(/\/fatwah$/);
    await expect(page.getByRole('heading', { name: 'Islamic Fatwahs' })).toBeVisible();
  });
});
