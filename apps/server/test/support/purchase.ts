import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/client';
import type { TestContext } from './app';

export const guestBuyer = {
  name: 'Imran Sheikh',
  email: 'imran@example.com',
  phone: '9831122334',
  address: { addressLine1: '5 Zakaria Street', city: 'Kolkata', state: 'West Bengal', pincode: '700073' },
};

/** A line of a checkout: a book, how many copies, and its edition (English unless named). */
export interface CartItem {
  bookId: string;
  quantity: number;
  selectedLanguage?: string;
}

let buyers = 0;

/**
 * Posts a guest's checkout `payload` as the browser does, each from an address of its own (the per-address limit
 * has its own tests): the answer, as it came.
 */
export function postCheckout(ctx: Pick<TestContext, 'app'>, payload: object) {
  buyers += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/create-razorpay-order',
    payload,
    remoteAddress: `10.77.${(buyers >> 8) & 255}.${buyers & 255}`,
  });
}

/**
 * Opens a guest checkout for `cartItems` and answers the Razorpay order id.
 */
export async function openCheckout(
  ctx: Pick<TestContext, 'app'>,
  cartItems: CartItem[],
  guestInfo: object = guestBuyer,
): Promise<string> {
  const res = await postCheckout(ctx, {
    guestInfo,
    cartItems: cartItems.map(({ bookId, quantity, selectedLanguage }) => ({
      book: bookId,
      quantity,
      ...(selectedLanguage ? { selectedLanguage } : {}),
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().orderId as string;
}

/** Sends the browser's proof of payment (what the sandbox's "Pay" answered): the answer, as it came. */
export function sendPaymentProof(ctx: Pick<TestContext, 'app'>, proof: object) {
  return ctx.app.inject({ method: 'POST', url: '/api/payments/verify-razorpay-payment', payload: proof });
}

/**
 * Pays a checkout in the sandbox as its window's "Pay" does. With `webhook: false` no webhook follows; the
 * browser's proof of payment is answered either way.
 */
export async function payInSandbox(
  ctx: Pick<TestContext, 'app'>,
  razorpayOrderId: string,
  options: { webhook?: boolean; outcome?: 'success' | 'failure' } = {},
) {
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/orders/${razorpayOrderId}/pay`,
    payload: { outcome: options.outcome ?? 'success', webhook: options.webhook ?? false },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json<{
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  }>();
}

/** A guest buys `cartItems` through the whole payment path (checkout, sandbox payment, verify): the order. */
export async function buyAsGuest(ctx: Pick<TestContext, 'app'>, cartItems: CartItem[]) {
  const proof = await payInSandbox(ctx, await openCheckout(ctx, cartItems));
  const verified = await sendPaymentProof(ctx, proof);
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().order as {
    _id: string;
    amount: number;
    orderNumber: string;
    txnId: string;
    backordered: boolean;
    items: { bookId?: string; selectedLanguage?: string; quantity: number }[];
  };
}

/** The desk refunds order `orderId`: `payload` names the reason, and the amount unless all that was paid. */
export function requestRefund(
  ctx: Pick<TestContext, 'app'>,
  orderId: string,
  payload: object,
  headers: Record<string, string>,
) {
  return ctx.app.inject({ method: 'POST', url: `/api/orders/admin/${orderId}/refunds`, headers, payload });
}

/**
 * The desk's net revenue (stat cards, all dates) is what was paid less what was refunded: the orders' amounts less
 * the refunds that did not fail, read straight from the tables (RTO orders left out, as the stats leave them out).
 */
export async function expectNetRevenue(
  ctx: Pick<TestContext, 'app' | 'database'>,
  adminHeaders: Record<string, string>,
): Promise<number> {
  const [row] = await queryRows<{ paid: string; refunded: string }>(
    ctx.database.db,
    sql`SELECT
      (SELECT coalesce(sum(amount_paise), 0) FROM orders WHERE status <> 'RTO') AS paid,
      (SELECT coalesce(sum(r.amount_paise), 0) FROM refunds r JOIN orders o ON o.id = r.order_id
        WHERE r.status <> 'failed' AND o.status <> 'RTO') AS refunded`,
  );
  const expected = (Number(row!.paid) - Number(row!.refunded)) / 100;
  const res = await ctx.app.inject({ url: '/api/orders/admin/all', headers: adminHeaders });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.stats.totalRevenue, 'net revenue = paid - refunded').toBe(expected);
  return expected;
}
