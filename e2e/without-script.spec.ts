import { LOCALES, localizePath, paths, type Locale } from '@scholar/shared';
import { messages } from './fixtures/messages';
import { expect, test } from './fixtures/test';

/**
 * The public actions as a browser without JavaScript does them (the script blocked, failed, or not arrived yet on
 * a slow phone): real forms the server answers, and a menu that opens without a script (docs/decisions/063).
 */
test.use({
  javaScriptEnabled: false,
  viewport: { width: 390, height: 844 },
  // The form refused on purpose answers 400, which the browser notes.
  allowedConsoleErrors: [/status of 400/],
});

/** A reader's address of each language, for the forms' limits per address. */
const readerOf = (locale: Locale, n: number) => `198.51.100.${LOCALES.indexOf(locale) * 10 + n}`;

for (const locale of LOCALES) {
  const t = messages(locale);

  test(`${locale}: the phone menu opens and leads to the books, a question is asked and its reference shown, and an address subscribed`, async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': readerOf(locale, 1) });
    await page.goto(localizePath(locale, paths.home));
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();
    await page.getByLabel(t('nav.menu'), { exact: true }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: t('nav.books'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(locale, paths.books)}$`));

    // The question, with the category the form starts with.
    await page.goto(localizePath(locale, paths.askFatwah));
    await page
      .getByLabel(t('fatwahs.ask.question'))
      .fill(`Is a journey of ${locale} without a script valid?`);
    await page.getByRole('button', { name: t('fatwahs.ask.submit') }).click();
    await expect(page.getByRole('heading', { name: t('fatwahs.ask.sent.title') })).toBeVisible();
    await expect(page.getByTestId('fatwah-reference')).toHaveText(/^[A-Z0-9-]{6,}$/);

    // A refusal comes back beside its field, with what was typed kept.
    await page.goto(localizePath(locale, paths.home));
    const form = page.getByRole('form', { name: t('subscriptions.form.label') });
    await form.getByLabel(t('subscriptions.form.email')).fill('not-an-address');
    await form.getByRole('button', { name: t('subscriptions.form.submit') }).click();
    await expect(form.getByLabel(t('subscriptions.form.email'))).toHaveValue('not-an-address');
    await expect(form.getByLabel(t('subscriptions.form.email'))).toHaveAccessibleDescription(
      t('subscriptions.form.invalidEmail'),
    );

    const email = `no-script-${locale}-${Date.now().toString(36)}@example.com`;
    await form.getByLabel(t('subscriptions.form.email')).fill(email);
    await form.getByRole('button', { name: t('subscriptions.form.submit') }).click();
    await expect(page.getByTestId('subscribe-sent')).toContainText(email);
  });
}
