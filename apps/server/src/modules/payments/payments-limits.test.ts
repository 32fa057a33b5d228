import { BOOK_PRICE_MAX, MAX_LINE_QUANTITY } from '@scholar/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBook, createUser } from '../../../test/support/factories';
import { checkouts, orderItems, orders, payments, sandboxOrders } from '../../db/schema';
import { SANDBOX_MAX_AMOUNT_PAISE } from '../../razorpay-sandbox/routes';
import { authHeader, expectValidationError } from '../../../test/support/app';
import { CHECKOUTS_LIMITED, CHECKOUTS_PER_ADDRESS } from './payments.routes';
import { AMOUNT_NOT_ACCEPTED } from '../checkout/checkout.service';
import { useTestApp } from '../../../test/support/use-test-app';

const { ctx } = useTestApp();

const guestInfo = {
  name: 'Imran Sheikh',
  email: 'imran@example.com',
  phone: '+91 98311 22334',
  address: { addressLine1: '5 Zakaria Street', city: 'Kolkata', state: 'West Bengal', pincode: '700073' },
};

/** A checkout from an address of its own, unless one is given: the per-address limit is tested on its own. */
let buyers = 0;
function checkout(cartItems: unknown[], options: { from?: string; headers?: Record<string, string> } = {}) {
  buyers += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/create-razorpay-order',
    payload: { cartItems, guestInfo },
    headers: options.headers ?? {},
    remoteAddress: options.from ?? `10.40.${buyers >> 8}.${buyers & 255}`,
  });
}

const stored = async () => ({
  checkouts: (await ctx.database.db.select().from(checkouts)).length,
  providerOrders: (await ctx.database.db.select().from(sandboxOrders)).length,
});

describe('copies of one book', () => {
  it('counts the lines of one book together: past the limit of a line is a 400 naming the line', async () => {
    const book = await createBook(ctx.database.db, { price: 100 });
    const lines = Array.from({ length: 100 }, () => ({ book: book.id, quantity: MAX_LINE_QUANTITY }));
    const flood = await checkout(lines);
    expectValidationError(flood, 'body.cartItems.1.quantity');
    expect(flood.json().error).toBe(`At most ${MAX_LINE_QUANTITY} copies of a book per order`);

    // The same book under its id and under its object, or in capitals, is still one book.
    const mixed = await checkout([
      { book: book.id, quantity: 60 },
      { book: { _id: book.id.toUpperCase(), name: 'anything' }, quantity: 41 },
    ]);
    expectValidationError(mixed, 'body.cartItems.1.quantity');
    expect(await stored()).toEqual({ checkouts: 0, providerOrders: 0 });

    // Up to the limit, in one line or several, is fine; another book has its own limit.
    const other = await createBook(ctx.database.db, { price: 10 });
    const full = await checkout([
      { book: book.id, quantity: 40 },
      { book: other.id, quantity: MAX_LINE_QUANTITY },
      { book: { _id: book.id }, quantity: 60 },
    ]);
    expect(full.statusCode, full.body).toBe(200);
    // 100 × ₹100 + 100 × ₹10 + shipping for 200 books (100 pairs × ₹50).
    expect(full.json().amount).toBe((100 * 100 + 100 * 10 + 100 * 50) * 100);
    const [row] = await ctx.database.db.select().from(checkouts);
    expect(row!.lines.map((line) => [line.bookId, line.quantity]).sort()).toEqual(
      [
        [book.id, 100],
        [other.id, 100],
      ].sort(),
    );
  });
});

describe('book ids', () => {
  it('a book that is not a UUID is a 400 with the field named, never a 500', async () => {
    const book = await createBook(ctx.database.db);
    const bad: unknown[] = [
      '-'.repeat(36),
      'f'.repeat(36),
      `${book.id.slice(0, 35)}g`,
      `${book.id} `,
      "1' OR '1'='1",
      '',
      { _id: '-'.repeat(36) },
      { _id: 12 },
      {},
      null,
    ];
    for (const value of bad) {
      const res = await checkout([{ book: value, quantity: 1 }]);
      const label = JSON.stringify(value);
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      const paths = (res.json().details as { path: string }[]).map((d) => d.path);
      expect(
        paths.some((path) => path.startsWith('body.cartItems.0.book')),
        `${label}: ${paths.join(', ')}`,
      ).toBe(true);
    }
    expect(await stored()).toEqual({ checkouts: 0, providerOrders: 0 });
    expect((await checkout([{ book: book.id, quantity: 1 }])).statusCode).toBe(200);
  });
});

describe('large amounts', () => {
  const admin = async () => authHeader(ctx, await createUser(ctx.database.db, { role: 'admin' }));

  /** A book at the highest price an admin can set, through the edit form's call. */
  async function dearestBook(headers: { authorization: string }) {
    const book = await createBook(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${book.id}`,
      headers,
      payload: {
        name: 'The Gilded Mushaf',
        description: 'Hand-illuminated.',
        author: 'Atelier',
        price: BOOK_PRICE_MAX,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return book;
  }

  /** Checkout, payment in the sandbox, verification: the order as the buyer's browser gets it. */
  async function buy(bookId: string, quantity: number) {
    const created = await checkout([{ book: bookId, quantity }]);
    expect(created.statusCode, created.body).toBe(200);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/orders/${created.json().orderId}/pay`,
      payload: { outcome: 'success', webhook: false },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/verify-razorpay-payment',
      payload: paid.json(),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return { created: created.json(), order: verified.json().order };
  }

  it('three copies at the highest price go through checkout, payment, verification and the order stats', async () => {
    const headers = await admin();
    const book = await dearestBook(headers);
    // ₹3,00,00,000 + ₹100 shipping: 3,00,00,10,000 paise, past the 2,147,483,647 of a 32-bit column.
    const paise = 3 * BOOK_PRICE_MAX * 100 + 100 * 100;
    const { created, order } = await buy(book.id, 3);
    expect(created.amount).toBe(paise);
    expect(order).toMatchObject({ subtotal: 3 * BOOK_PRICE_MAX, shipping: 100, amount: paise / 100 });
    expect(order.items).toEqual([expect.objectContaining({ price: BOOK_PRICE_MAX, quantity: 3 })]);
    const [row] = await ctx.database.db.select().from(orders);
    expect(row).toMatchObject({
      subtotalPaise: 3 * BOOK_PRICE_MAX * 100,
      shippingPaise: 10000,
      amountPaise: paise,
    });
    expect(await ctx.database.db.select({ p: orderItems.pricePaise }).from(orderItems)).toEqual([
      { p: BOOK_PRICE_MAX * 100 },
    ]);
    expect(await ctx.database.db.select({ a: payments.amountPaise }).from(payments)).toEqual([{ a: paise }]);
    const [providerOrder] = await ctx.database.db
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.id, created.orderId));
    expect(providerOrder!.amount).toBe(paise);

    // A second such order: the stats sum past 2^32 paise.
    await buy(book.id, 3);
    const list = await ctx.app.inject({ url: '/api/orders/admin/all', headers });
    expect(list.statusCode, list.body).toBe(200);
    const { stats } = list.json().data;
    expect(stats).toMatchObject({
      totalOrders: 2,
      totalRevenue: (2 * paise) / 100,
      ordersByStatus: { pending: 2 },
    });
    expect(stats.revenueByDay.at(-1)).toMatchObject({ revenue: (2 * paise) / 100, orders: 2 });

    // Shipped, then returned: the stats move the amounts between statuses and revenue leaves the RTO out.
    const status = (value: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/orders/admin/${order._id}/status`,
        headers,
        payload: { status: value },
      });
    expect((await status('shipped')).statusCode).toBe(200);
    expect((await status('RTO')).statusCode).toBe(200);
    const after = (await ctx.app.inject({ url: '/api/orders/admin/all', headers })).json().data.stats;
    expect(after).toMatchObject({
      totalOrders: 2,
      totalRevenue: paise / 100,
      ordersByStatus: { pending: 1, RTO: 1 },
    });
  });

  it('an amount above what Razorpay accepts in one payment is a 400 with a sentence, before any payment', async () => {
    const book = await dearestBook(await admin());
    const copies = Math.floor(SANDBOX_MAX_AMOUNT_PAISE / (BOOK_PRICE_MAX * 100)) + 1;
    const res = await checkout([{ book: book.id, quantity: copies }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ success: false, error: AMOUNT_NOT_ACCEPTED, code: 'AMOUNT_NOT_ACCEPTED' });
    const [row] = await ctx.database.db.select().from(checkouts);
    expect(row).toMatchObject({ status: 'failed', razorpayOrderId: null });
    expect(await ctx.database.db.select().from(sandboxOrders)).toHaveLength(0);
  });
});

describe('the checkout limit per address', () => {
  it(`${CHECKOUTS_PER_ADDRESS * 2} checkouts at once from one address: exactly ${CHECKOUTS_PER_ADDRESS} open a payment`, async () => {
    const book = await createBook(ctx.database.db, { price: 120 });
    const from = '203.0.113.60';
    const results = await Promise.all(
      Array.from({ length: CHECKOUTS_PER_ADDRESS * 2 }, () =>
        checkout([{ book: book.id, quantity: 1 }], { from }),
      ),
    );
    const codes = results.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(CHECKOUTS_PER_ADDRESS);
    expect(codes.filter((code) => code === 429)).toHaveLength(CHECKOUTS_PER_ADDRESS);
    const refused = results.find((res) => res.statusCode === 429)!;
    expect(refused.json()).toEqual({ success: false, error: CHECKOUTS_LIMITED, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored()).toEqual({
      checkouts: CHECKOUTS_PER_ADDRESS,
      providerOrders: CHECKOUTS_PER_ADDRESS,
    });

    // A signed-in buyer on the same address shares its allowance; a buyer elsewhere has their own.
    const user = await createUser(ctx.database.db);
    const signedIn = await checkout([{ book: book.id, quantity: 1 }], {
      from,
      headers: await authHeader(ctx, user),
    });
    expect(signedIn.statusCode).toBe(429);
    expect((await checkout([{ book: book.id, quantity: 1 }], { from: '203.0.113.61' })).statusCode).toBe(200);
  });

  it('counts an IPv6 customer by its /64', async () => {
    const book = await createBook(ctx.database.db, { price: 120 });
    const codes: number[] = [];
    for (let i = 0; i <= CHECKOUTS_PER_ADDRESS; i += 1) {
      const res = await checkout([{ book: book.id, quantity: 1 }], {
        from: `2001:db8:7:7::${(i + 1).toString(16)}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array<number>(CHECKOUTS_PER_ADDRESS).fill(200), 429]);
    expect((await checkout([{ book: book.id, quantity: 1 }], { from: '2001:db8:7:8::1' })).statusCode).toBe(
      200,
    );
  });
});
