import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook } from '../../../test/support/factories';
import { checkouts, orders, sandboxOrders } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/support/app';
import { freePort } from '../../../test/support/pg-cluster';

// The production path: the shop talks to Razorpay over HTTP. Here "Razorpay" is a second server, listening on a
// loopback port, whose built-in sandbox answers the Orders and Payments API.
let razorpay: TestContext;
let apiBase: string;

beforeAll(async () => {
  razorpay = await createTestApp({ RAZORPAY_SANDBOX: 'true' });
  await razorpay.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = razorpay.app.server.address() as AddressInfo;
  apiBase = `http://127.0.0.1:${port}/api/payments/sandbox`;
});
afterAll(async () => {
  await razorpay.close();
});

/** A shop in real Razorpay mode, whose API base is the other server's sandbox. */
const shopWith = (keySecret: string) =>
  createTestApp({
    RAZORPAY_SANDBOX: 'false',
    RAZORPAY_API_BASE: apiBase,
    RAZORPAY_KEY_ID: razorpay.config.razorpay.keyId,
    RAZORPAY_KEY_SECRET: keySecret,
    RAZORPAY_WEBHOOK_SECRET: razorpay.config.razorpay.webhookSecret,
  });

const guestInfo = {
  name: 'Imran Sheikh',
  email: 'imran@example.com',
  phone: '9831122334',
  address: { addressLine1: '5 Zakaria Street', city: 'Kolkata', state: 'West Bengal', pincode: '700073' },
};

const countOf = async (ctx: TestContext, table: typeof orders | typeof sandboxOrders) =>
  (await ctx.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('the Razorpay client over real HTTP', () => {
  it('creates the order at the provider, verifies the payment with it and makes exactly one order', async () => {
    const shop = await shopWith(razorpay.config.razorpay.keySecret);
    try {
      expect(shop.config.razorpay.sandbox).toBe(false);
      const book = await createBook(shop.database.db, { name: 'The Sealed Nectar', price: 475 });
      const created = await shop.app.inject({
        method: 'POST',
        url: '/api/payments/create-razorpay-order',
        payload: { cartItems: [{ book: book.id, quantity: 2 }], guestInfo },
      });
      expect(created.statusCode, created.body).toBe(200);
      const { orderId, amount, key } = created.json();
      expect(amount).toBe(100000);
      expect(key).toBe(razorpay.config.razorpay.keyId);
      // The order exists at the provider, not in the shop's own sandbox (it has none).
      const [providerOrder] = await razorpay.database.db
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.id, orderId));
      expect(providerOrder).toMatchObject({ id: orderId, amount: 100000 });
      expect(
        (await shop.app.inject({ method: 'POST', url: `/api/payments/sandbox/orders/${orderId}/pay` }))
          .statusCode,
      ).toBe(404);

      // The buyer pays in the provider's checkout window.
      const paid = await fetch(`${apiBase}/orders/${orderId}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ outcome: 'success', webhook: false }),
      });
      expect(paid.status).toBe(200);
      const ids = (await paid.json()) as Record<string, string>;

      const verify = () =>
        shop.app.inject({ method: 'POST', url: '/api/payments/verify-razorpay-payment', payload: ids });
      const first = await verify();
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().order).toMatchObject({ txnId: ids.razorpay_payment_id, amount: 1000 });
      const again = await verify();
      expect(again.json().order._id).toBe(first.json().order._id);
      expect(await countOf(shop, orders)).toBe(1);
      expect(await countOf(razorpay, orders)).toBe(0);
    } finally {
      await shop.close();
    }
  });

  it('with a wrong key secret, the provider refuses and no order is made', async () => {
    const shop = await shopWith('not-the-key-secret');
    try {
      const book = await createBook(shop.database.db);
      const providerOrders = await countOf(razorpay, sandboxOrders);
      const created = await shop.app.inject({
        method: 'POST',
        url: '/api/payments/create-razorpay-order',
        payload: { cartItems: [{ book: book.id, quantity: 1 }], guestInfo },
      });
      expect(created.statusCode).toBe(502);
      expect(created.json()).toEqual({
        success: false,
        error: 'Failed to create payment order',
        code: 'PAYMENT_PROVIDER_ERROR',
      });
      expect(await shop.database.db.select({ status: checkouts.status }).from(checkouts)).toEqual([
        { status: 'failed' },
      ]);
      expect(await countOf(shop, orders)).toBe(0);
      expect(await countOf(razorpay, sandboxOrders)).toBe(providerOrders);
    } finally {
      await shop.close();
    }
  });

  it('with the provider unreachable, the buyer is told to try again (503 with Retry-After), not a 502', async () => {
    const port = await freePort();
    const shop = await createTestApp({
      RAZORPAY_SANDBOX: 'false',
      RAZORPAY_API_BASE: `http://127.0.0.1:${port}/v1-nothing-listens`,
      RAZORPAY_KEY_ID: 'rzp_test_unreachable',
      RAZORPAY_KEY_SECRET: 'unreachable-secret',
      RAZORPAY_WEBHOOK_SECRET: 'unreachable-webhook-secret',
    });
    try {
      const book = await createBook(shop.database.db);
      const created = await shop.app.inject({
        method: 'POST',
        url: '/api/payments/create-razorpay-order',
        payload: { cartItems: [{ book: book.id, quantity: 1 }], guestInfo },
      });
      expect(created.statusCode).toBe(503);
      expect(created.headers['retry-after']).toBe('5');
      expect(created.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(created.json().error).toMatch(/Nothing was charged/);
      expect(await shop.database.db.select({ status: checkouts.status }).from(checkouts)).toEqual([
        { status: 'failed' },
      ]);
    } finally {
      await shop.close();
    }
  });
});
