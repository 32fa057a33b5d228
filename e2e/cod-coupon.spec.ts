import { customerWithCart, downloadBill, withCashOnDelivery } from './fixtures/shop';
import { expect, test } from './fixtures/test';

/**
 * Coupons and cash on delivery (docs/decisions/051) on a phone: the owner offers cash on delivery, a customer
 * applies the demo's WELCOME10, chooses cash on delivery, places the order without the payment window and finds
 * the discount and "Cash on delivery" on the success page and the order page; once the desk has the cash, the
 * order's bill is a PDF to download.
 */
test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a customer applies WELCOME10, pays cash on delivery and sees the discount and the cash to pay on the order', async ({
    page,
    request,
  }) => {
    await withCashOnDelivery(request, 40, async (admin) => {
      await customerWithCart(page, { name: 'Farhana Begum', language: 'english', quantity: 1 });

      await page.goto('/checkout');
      await page.getByLabel('Coupon code').fill('welcome10');
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await expect(page.getByText('Coupon WELCOME10 applied')).toBeVisible();
      await expect(page.getByText('Discount (WELCOME10)')).toBeVisible();

      const cash = page.getByRole('radio', { name: /Cash on delivery \(\+₹40\.00\)/ });
      await cash.check();
      await expect(page.getByText('Cash-on-delivery fee')).toBeVisible();
      const total = (await page.getByTestId('order-total').textContent())!.trim();
      expect(total).toMatch(/^₹[\d,]+\.\d{2}$/);
      await page.getByRole('button', { name: 'Place order' }).click();

      // No payment window: the order is placed and the success page says what to pay the courier.
      await expect(page.getByRole('heading', { name: 'Order Placed!' })).toBeVisible({
        timeout: 15_000,
      });
      const summary = page.getByTestId('money-summary');
      await expect(summary).toContainText('Discount (WELCOME10)');
      await expect(summary).toContainText('Cash on delivery');
      await expect(summary).toContainText(`Pay ${total} in cash on delivery`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page.getByRole('link', { name: 'View this order in your account' }).click();
      await expect(page).toHaveURL(/\/order-details\/[0-9a-f-]{36}$/);
      const onOrder = page.getByTestId('money-summary');
      await expect(onOrder).toContainText('Discount (WELCOME10)');
      await expect(onOrder).toContainText('Cash on delivery');
      await expect(onOrder).toContainText(`Pay ${total} in cash on delivery`);
      const orderId = /\/order-details\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

      // The desk ships it and collects the cash: the bill of supply is issued, and the customer downloads it.
      const shipped = await request.patch(`/api/orders/admin/${orderId}/status`, {
        headers: admin,
        data: { status: 'shipped' },
      });
      expect(shipped.status()).toBe(200);
      const collected = await request.post(`/api/orders/admin/${orderId}/cod-collected`, { headers: admin });
      expect(collected.status(), await collected.text()).toBe(200);
      await page.reload();
      await expect(page.getByTestId('order-payment')).toContainText('Cash received');
      await downloadBill(page);
    });
  });
});
