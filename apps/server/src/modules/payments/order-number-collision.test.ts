// @database: a taken order number seen as a unique violation
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createBook, createOrder } from '../../../test/support/factories';
import { orders } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/support/app';

// The order numbers drawn, in turn: the first two are taken already.
const drawn = vi.hoisted(() => ['ORD-20261122-TAKEN0', 'ORD-20261122-TAKEN0', 'ORD-20261122-FRESH1']);
vi.mock('../orders/order-number', () => ({ newOrderNumber: () => drawn.shift() ?? 'ORD-20261122-OTHER9' }));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

it('a paid order whose random number is taken is saved under another, not refused', async () => {
  const earlier = await createOrder(ctx.database.db);
  await ctx.database.db
    .update(orders)
    .set({ orderNumber: 'ORD-20261122-TAKEN0' })
    .where(eq(orders.id, earlier.id));
  const book = await createBook(ctx.database.db, { price: 100 });
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/create-razorpay-order',
    payload: {
      cartItems: [{ book: book.id, quantity: 1 }],
      guestInfo: {
        name: 'Farhan Ali',
        email: 'farhan@example.com',
        phone: '9830012345',
        address: {
          addressLine1: '1 Lindsay Street',
          city: 'Kolkata',
          state: 'West Bengal',
          pincode: '700087',
        },
      },
    },
  });
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/orders/${created.json().orderId}/pay`,
    payload: { outcome: 'success', webhook: false },
  });
  const verified = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/verify-razorpay-payment',
    payload: paid.json(),
  });
  expect(verified.statusCode, verified.body).toBe(200);
  expect(verified.json().order.orderNumber).toBe('ORD-20261122-FRESH1');
  expect(await ctx.database.db.select().from(orders)).toHaveLength(2);
});
