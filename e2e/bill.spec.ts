import fs from 'node:fs';
import { openSignedIn, registerCustomer } from './fixtures/customers';
import { mailsTo } from './fixtures/outbox';
import { expect, test } from './fixtures/test';

interface ApiBook {
  _id: string;
  editions: { language: string; stock: number | null }[];
}

/** The bill's number as its PDF names itself (`/Title (Bill of Supply BOS/2026-27/000001)`). */
const BILL_TITLE = /\(Bill of Supply (BOS\/\d{4}-\d{2}\/\d{6})\)/;

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a customer pays with the sandbox, downloads the bill of supply from the order page, and finds it in the mail', async ({
    page,
  }) => {
    const customer = await registerCustomer(page.request, { name: 'Farhana Begum' });
    const book = ((await (await page.request.get('/api/books')).json()).data as ApiBook[]).find((each) =>
      each.editions.some((edition) => edition.language === 'english' && edition.stock !== 0),
    );
    expect(book, 'a book with English copies in the demo shop').toBeTruthy();
    const added = await page.request.post('/api/cart/add', {
      headers: customer.auth,
      data: { bookId: book!._id, quantity: 1, userId: customer.user._id, selectedLanguage: 'english' },
    });
    expect(added.status()).toBe(200);
    await openSignedIn(page, customer);

    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Make Payment' }).click();
    const sandbox = page.getByRole('dialog', { name: 'Razorpay Sandbox' });
    await sandbox.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('link', { name: 'View this order in your account' }).click();
    await expect(page).toHaveURL(/\/order-details\/[0-9a-f-]{36}$/);

    // The bill is a PDF download named by its number, for this customer's order.
    const button = page.getByRole('button', { name: 'Download bill' });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleDescription(/Bill of supply/);
    const [response, download] = await Promise.all([
      page.waitForResponse((res) => /\/api\/bills\/orders\/[0-9a-f-]{36}$/.test(res.url())),
      page.waitForEvent('download'),
      button.click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    // The file the browser saved.
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const number = BILL_TITLE.exec(pdf.toString('latin1'))?.[1];
    expect(number, 'the PDF names its bill').toBeTruthy();
    const fileName = `${number!.replace(/\//g, '-')}.pdf`;
    expect(response.headers()['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(download.suggestedFilename()).toBe(fileName);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The confirmation mail carries the same bill as a PDF attachment.
    await expect
      .poll(() => mailsTo(customer.email).find((mail) => mail.includes(fileName)), { timeout: 20_000 })
      .toBeTruthy();
    const mail = mailsTo(customer.email).find((each) => each.includes(fileName))!;
    expect(mail).toMatch(/Content-Type: application\/pdf/i);
    expect(mail).toMatch(/Content-Disposition: attachment/i);
  });
});
