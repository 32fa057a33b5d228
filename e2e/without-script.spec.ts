import { COOKIE_CART, LOCALE_INFO, LOCALES, localizePath, paths, type Locale } from '@scholar/shared';
import { messages } from './fixtures/messages';
import { bookNameIn, bookWithCopiesIn, type ApiBook } from './fixtures/shop';
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

    // The account menu and the language menu open without a script too; the language menu leads to this page in
    // the next language.
    const account = page.locator('#account-menu');
    await expect(account).toBeHidden();
    await page.locator('details:has(#account-menu) > summary').click();
    await expect(account.getByRole('link', { name: t('nav.login'), exact: true })).toBeVisible();
    const next = LOCALES[(LOCALES.indexOf(locale) + 1) % LOCALES.length]!;
    await page.getByLabel(`${t('language.label')}: ${LOCALE_INFO[locale].name}`).click();
    await page.locator('#language-menu').getByRole('link', { name: LOCALE_INFO[next].name }).click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(next, paths.books)}$`));

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

/** A message with its `{name}` filled in. */
const named = (message: string, name: string) => message.replace('{name}', name);

for (const locale of LOCALES) {
  const t = messages(locale);

  test(`${locale}: a guest adds a book from its page and another from the books, sees both in the cart, and changes them there`, async ({
    page,
  }) => {
    const books = (await (await page.request.get('/api/books')).json()).data as ApiBook[];
    const inStock = (book: ApiBook, language: string) =>
      book.editions.some((edition) => edition.language === language && edition.stock !== 0);
    // A book with a Bengali edition besides its English one, and a book of one edition.
    const several = books.find((book) => book.editions.length > 1 && inStock(book, 'bengali'))!;
    const single = books.find((book) => book.editions.length === 1 && inStock(book, 'english'))!;
    expect(several && single, 'the demo shop has both kinds of book').toBeTruthy();

    // From the book's page: the Bengali edition, two copies.
    await page.goto(localizePath(locale, paths.book(several._id)));
    await page.locator('input[name="language"][value="bengali"]').check();
    await page.getByRole('spinbutton', { name: t('quantity.label') }).fill('2');
    await page.getByRole('button', { name: t('book.addToCart'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(locale, paths.cart)}$`));
    const lines = page.getByRole('list', { name: t('shop.cart.items') }).getByRole('listitem');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(bookNameIn(several, locale));
    // Its buttons post the line's next quantities: 2 copies now.
    await expect(lines.first().locator('button[name="quantity"]').first()).toHaveAttribute('value', '1');

    // From the books' list: a card's Add to Cart.
    await page.goto(localizePath(locale, paths.books));
    // The card and the cart's lines name the book in the page's language.
    await page
      .getByRole('button', { name: named(t('cartPanel.addBook'), bookNameIn(single, locale)) })
      .click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(locale, paths.cart)}$`));
    await expect(lines).toHaveCount(2);
    await expect(page.getByRole('list', { name: t('shop.cart.items') })).toContainText(
      bookNameIn(single, locale),
    );

    // One more of the first; the second removed.
    const first = lines.filter({ hasText: bookNameIn(several, locale) });
    await first.locator('button[name="quantity"][value="3"]').click();
    await expect(first.locator('button[name="quantity"][value="4"]')).toHaveCount(1);
    await lines
      .filter({ hasText: bookNameIn(single, locale) })
      .getByRole('button', { name: named(t('shop.cart.removeLine'), bookNameIn(single, locale)) })
      .click();
    await expect(lines).toHaveCount(1);
    await expect(first.locator('button[name="quantity"][value="2"]')).toHaveCount(1);
  });
}

test('the cart kept without the script joins the browser cart when the script runs, and its cookie ends', async ({
  page,
  browser,
}) => {
  const book = await bookWithCopiesIn(page.request, 'english');
  await page.goto(paths.book(book._id));
  await page.locator('form:has(input[value="addToCart"]) button[type="submit"]').first().click();
  await expect(page).toHaveURL(/\/cart$/);

  const withScript = await browser.newContext({
    javaScriptEnabled: true,
    storageState: await page.context().storageState(),
  });
  try {
    const app = await withScript.newPage();
    await app.goto(paths.cart);
    const lines = app.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(book.name);
    await expect
      .poll(async () => (await withScript.cookies()).map((cookie) => cookie.name))
      .not.toContain(COOKIE_CART);
    // Kept by the browser now: another page, and the cart again from there.
    await app.goto(paths.books);
    await app.goto(paths.cart);
    await expect(lines).toHaveCount(1);
    // With the book's fields, though the first page may have been left before they came back: a start fills them.
    await expect
      .poll(async () => JSON.parse((await app.evaluate(() => localStorage.getItem('localCart'))) ?? '[]'))
      .toEqual([expect.objectContaining({ _id: book._id, name: book.name, quantity: 1 })]);
  } finally {
    await withScript.close();
  }
});
