import { mailsTo } from './fixtures/outbox';
import { customerWithCart, downloadBill, payAtCheckout } from './fixtures/shop';
import { expect, test } from './fixtures/test';

/** The bill's number as its PDF names itself (`/Title (Bill of Supply BOS/2026-27/000001)`). */
const BILL_TITLE = /\(Bill of Supply (BOS\/\d{4}-\d{2}\/\d{6})\)/;

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a customer pays with the sandbox, downloads the bill of supply from the order page, and finds it in the mail', async ({
    page,
  }) => {
    const customer = await customerWithCart(page, {
      name: 'Farhana Begum',
      language: 'english',
      quantity: 1,
    });
    await payAtCheckout(page);
    await page.getByRole('link', { name: 'View this order in your account' }).click();
    await expect(page).toHaveURL(/\/order-details\/[0-9a-f-]{36}$/);

    // The bill is a PDF download named by its number, for this customer's order.
    await expect(page.getByRole('button', { name: 'Download bill' })).toHaveAccessibleDescription(
      /Bill of supply/,
    );
    const { response, pdf, suggestedFilename } = await downloadBill(page);
    const number = BILL_TITLE.exec(pdf.toString('latin1'))?.[1];
    expect(number, 'the PDF names its bill').toBeTruthy();
    const fileName = `${number!.replace(/\//g, '-')}.pdf`;
    expect(response.headers()['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(suggestedFilename).toBe(fileName);
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
