import { linkInMailTo, mailsTo } from './fixtures/outbox';
import { expect, test } from './fixtures/test';

// The used confirmation link is refused with 404, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 404/] });

test('a reader subscribes from the Urdu home page, confirms by the mailed link, and unsubscribes from the mail', async ({
  page,
}) => {
  const email = `reader-${Date.now().toString(36)}@example.com`;
  await page.goto('/ur');
  const form = page.getByRole('form', { name: 'ای میل کے ذریعے رکنیت' });

  // Errors beside their fields, nothing sent.
  await form.getByLabel('نئے جوابات').uncheck();
  await form.getByLabel('نئے مضامین').uncheck();
  await form.getByRole('button', { name: 'رکنیت لیں' }).click();
  await expect(form.getByLabel('آپ کا ای میل')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('group', { name: 'کیا حاصل کرنا ہے' })).toHaveAccessibleDescription(
    'نئے جوابات، نئے مضامین یا دونوں منتخب کیجیے',
  );

  await form.getByLabel('آپ کا ای میل').fill(email);
  await form.getByLabel('نئے مضامین').check();
  await form.getByLabel('ہفتہ وار خلاصہ').check();
  await form.getByRole('button', { name: 'رکنیت لیں' }).click();
  await expect(page.getByTestId('subscribe-sent')).toContainText(email);

  // The Urdu confirmation mail: its link opens the Urdu confirmation page.
  const confirm = await linkInMailTo(
    email,
    /\/ur\/subscriptions\/confirm\?token=[A-Za-z0-9_-]+/,
    'confirmation',
  );
  const [mail] = mailsTo(email);
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  await page.goto(confirm);
  // The token left the address at once; opening the link confirms nothing until the reader presses the button.
  await expect(page).toHaveURL(/\/ur\/subscriptions\/confirm$/);
  await page.getByRole('button', { name: 'میری رکنیت کی تصدیق کیجیے' }).click();
  await expect(page.getByText('آپ کی رکنیت کی تصدیق ہو گئی ہے۔')).toBeVisible();
  await expect(page.getByText('آپ کو نئے مضامین ہفتہ وار خلاصے میں ملیں گے۔')).toBeVisible();
  // The link works once.
  await page.goto(confirm);
  await page.getByRole('button', { name: 'میری رکنیت کی تصدیق کیجیے' }).click();
  await expect(page.getByText('تصدیق کا یہ لنک اب کارآمد نہیں۔', { exact: false })).toBeVisible();

  // The mail's visible unsubscribe link: the page asks, a press unsubscribes.
  const unsubscribe = await linkInMailTo(
    email,
    /\/ur\/subscriptions\/unsubscribe\?token=[A-Za-z0-9_-]+/,
    'unsubscribe',
  );
  await page.goto(unsubscribe);
  await page.getByRole('button', { name: 'رکنیت ختم کریں' }).click();
  await expect(page.getByText('آپ کی رکنیت ختم ہو گئی ہے۔', { exact: false })).toBeVisible();
});

test('a mail client unsubscribes with one click: the POST of RFC 8058 to the List-Unsubscribe address', async ({
  page,
}) => {
  const email = `oneclick-${Date.now().toString(36)}@example.com`;
  await page.goto('/fatwah');
  const form = page.getByRole('form', { name: 'Subscribe by email' });
  await form.getByLabel('Your email').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByTestId('subscribe-sent')).toBeVisible();

  await linkInMailTo(email, /\/subscriptions\/confirm\?token=[A-Za-z0-9_-]+/, 'confirmation');
  // The header as a mail client reads it: folded lines joined.
  const headers = mailsTo(email)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const target = new URL(/^List-Unsubscribe:\s*<([^>]+)>/m.exec(headers)![1]!);
  const res = await page.request.post(`${target.pathname}${target.search}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(res.status()).toBe(200);
});
