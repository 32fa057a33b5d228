// @database: payments recorded once under parallel webhooks
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createAddress, createBook, createUser } from '../../../test/support/factories';
import {
  books,
  cartItems,
  checkouts,
  orderItems,
  orders,
  payments,
  sandboxOrders,
  webhookEvents,
} from '../../db/schema';
import { hmacHex } from '../../payments/signature';
import { authHeader, createTestApp, type TestContext } from '../../../test/support/app';
import { useTestApp } from '../../../test/support/use-test-app';

const { ctx, smtp } = useTestApp({ smtp: true });

const guestInfo = {
  name: 'Imran Sheikh',
  email: 'imran@example.com',
  phone: '9831122334',
  address: { addressLine1: '5 Zakaria Street', city: 'Kolkata', state: 'West Bengal', pincode: '700073' },
};

const orderCount = async () => (await ctx.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

/** Each checkout from an address of its own: the per-address limit has its own tests (payments-limits.test.ts). */
let buyers = 0;
async function createPaymentOrder(payload: object, headers: Record<string, string> = {}) {
  buyers += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/create-razorpay-order',
    payload,
    headers,
    remoteAddress: `10.30.${buyers >> 8}.${buyers & 255}`,
  });
}

/** Settles the sandbox payment as the checkout window would ("Pay" or "Fail"). */
async function pay(orderId: string, outcome: 'success' | 'failure' = 'success', webhook = false) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/orders/${orderId}/pay`,
    payload: { outcome, webhook },
  });
  return res.json<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }>();
}

const verify = (ids: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/payments/verify-razorpay-payment', payload: ids, headers });

function webhook(body: object, secret = ctx.config.razorpay.webhookSecret, eventId = `evt_${Math.random()}`) {
  const raw = JSON.stringify(body);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay-webhook',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(secret, raw),
      'x-razorpay-event-id': eventId,
    },
  });
}

/** An admin deletes the book through the API, as the Manage Books page does. */
async function deleteBookAsAdmin(bookId: string) {
  const admin = await createUser(ctx.database.db, { role: 'admin' });
  const res = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/books/${bookId}`,
    headers: await authHeader(ctx, admin),
  });
  expect(res.statusCode).toBe(200);
}

async function sandboxPayment(paymentId: string) {
  const auth = Buffer.from(`${ctx.config.razorpay.keyId}:${ctx.config.razorpay.keySecret}`).toString(
    'base64',
  );
  const res = await ctx.app.inject({
    url: `/api/payments/sandbox/v1/payments/${paymentId}`,
    headers: { authorization: `Basic ${auth}` },
  });
  return res.json();
}

describe('creating a payment order', () => {
  it('prices the cart from the database, whatever the client sends', async () => {
    const a = await createBook(ctx.database.db, { price: 250 });
    const b = await createBook(ctx.database.db, { price: 199.5 });
    const res = await createPaymentOrder({
      cartItems: [
        { book: { _id: a.id, price: 1, name: 'cheap?' }, quantity: 3 },
        { book: b.id, quantity: 1 },
      ],
      guestInfo,
      amount: 100,
      total: 1,
    });
    expect(res.statusCode).toBe(200);
    // 3 × 250 + 199.50 + shipping for 4 books (2 pairs × 50) = 1049.50 rupees.
    expect(res.json()).toMatchObject({
      success: true,
      amount: 104950,
      currency: 'INR',
      key: ctx.config.razorpay.keyId,
    });
    expect(res.json().orderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    const [checkout] = await ctx.database.db.select().from(checkouts);
    expect(checkout).toMatchObject({
      amountPaise: 104950,
      subtotalPaise: 94950,
      shippingPaise: 10000,
      status: 'pending',
    });
  });

  it('opens nothing when the total the customer saw is not the price of the cart (409 PRICE_CHANGED)', async () => {
    const book = await createBook(ctx.database.db, { price: 200 });
    const cartItems = [{ book: book.id, quantity: 1 }];
    const stale = await createPaymentOrder({ cartItems, guestInfo, expectedTotal: 150 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      success: false,
      code: 'PRICE_CHANGED',
      error: 'The price of a book in your cart has changed. Please check the new total before paying.',
    });
    expect(await ctx.database.db.select().from(checkouts)).toEqual([]);
    const seen = await createPaymentOrder({ cartItems, guestInfo, expectedTotal: 250 });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().amount).toBe(25000);
  });

  it('refuses an empty cart, unknown books, missing guest details and admins', async () => {
    const book = await createBook(ctx.database.db);
    const empty = await createPaymentOrder({ cartItems: [], guestInfo });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Your cart is empty');
    const unknown = await createPaymentOrder({
      cartItems: [{ book: '0190b0a0-0000-7000-8000-000000000000', quantity: 1 }],
      guestInfo,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('BOOK_UNAVAILABLE');
    const noGuest = await createPaymentOrder({ cartItems: [{ book: book.id, quantity: 1 }] });
    expect(noGuest.json().error).toBe('Please fill all contact details');
    const badPin = await createPaymentOrder({
      cartItems: [{ book: book.id, quantity: 1 }],
      guestInfo: { ...guestInfo, address: { ...guestInfo.address, pincode: '123' } },
    });
    expect(badPin.statusCode).toBe(400);
    expect(badPin.json().error).toBe('Pincode must be exactly 6 digits');
    const noLine = await createPaymentOrder({
      cartItems: [{ book: book.id, quantity: 1 }],
      guestInfo: { ...guestInfo, address: { ...guestInfo.address, addressLine1: ' ' } },
    });
    expect(noLine.json().error).toBe('Please fill all address details');
    expect(
      (await createPaymentOrder({ cartItems: [{ book: book.id, quantity: -2 }], guestInfo })).statusCode,
    ).toBe(400);
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    const asAdmin = await createPaymentOrder(
      { cartItems: [{ book: book.id, quantity: 1 }], guestInfo },
      await authHeader(ctx, admin),
    );
    expect(asAdmin.statusCode).toBe(403);
    expect(await ctx.database.db.select().from(checkouts)).toHaveLength(0);
  });

  it('asks for the contact details when name, email or phone is missing, and for the address details when a line of it is', async () => {
    const book = await createBook(ctx.database.db);
    const { address } = guestInfo;
    const cases: [string, object][] = [
      ['Please fill all contact details', { ...guestInfo, name: undefined }],
      ['Please fill all contact details', { ...guestInfo, name: '  ' }],
      ['Please fill all contact details', { ...guestInfo, email: undefined }],
      ['Please fill all contact details', { ...guestInfo, email: '' }],
      ['Please fill all contact details', { ...guestInfo, phone: undefined }],
      ['Please fill all contact details', { ...guestInfo, phone: ' ' }],
      ['Please fill all address details', { ...guestInfo, address: undefined }],
      ['Please fill all address details', { ...guestInfo, address: { ...address, addressLine1: undefined } }],
      ['Please fill all address details', { ...guestInfo, address: { ...address, addressLine1: '' } }],
      ['Please fill all address details', { ...guestInfo, address: { ...address, city: undefined } }],
      ['Please fill all address details', { ...guestInfo, address: { ...address, city: ' ' } }],
      ['Please fill all address details', { ...guestInfo, address: { ...address, state: undefined } }],
      ['Please fill all address details', { ...guestInfo, address: { ...address, state: '' } }],
      ['Please fill all address details', { ...guestInfo, address: { ...address, pincode: undefined } }],
      ['Please fill all address details', { ...guestInfo, address: { ...address, pincode: '' } }],
      // Filled in, but not right: the field's own message.
      ['Please enter a valid email address', { ...guestInfo, email: 'imran@' }],
      ['Enter a 10-digit mobile number', { ...guestInfo, phone: '12' }],
      ['Please choose a state from the list', { ...guestInfo, address: { ...address, state: 'Atlantis' } }],
    ];
    for (const [error, info] of cases) {
      const res = await createPaymentOrder({ cartItems: [{ book: book.id, quantity: 1 }], guestInfo: info });
      expect(res.statusCode, JSON.stringify(info)).toBe(400);
      expect(res.json(), JSON.stringify(info)).toMatchObject({ success: false, error });
    }
    expect(await ctx.database.db.select().from(checkouts)).toHaveLength(0);
  });

  it("needs the user's own saved address", async () => {
    const book = await createBook(ctx.database.db);
    const user = await createUser(ctx.database.db);
    const other = await createUser(ctx.database.db);
    const theirs = await createAddress(ctx.database.db, other.id);
    const headers = await authHeader(ctx, user);
    const none = await createPaymentOrder({ cartItems: [{ book: book.id, quantity: 1 }] }, headers);
    expect(none.json().error).toBe('Please add a delivery address before making payment');
    const notMine = await createPaymentOrder(
      { cartItems: [{ book: book.id, quantity: 1 }], selectedAddress: { _id: theirs.id } },
      headers,
    );
    expect(notMine.statusCode).toBe(400);
  });
});

async function guestCheckoutOfTwoBooks() {
  const book = await createBook(ctx.database.db, { name: 'The Sealed Nectar', price: 475 });
  const kept = await createBook(ctx.database.db, { name: 'Riyad as-Salihin', price: 350 });
  const created = await createPaymentOrder({
    cartItems: [
      { book: book.id, quantity: 2 },
      { book: kept.id, quantity: 1 },
    ],
    guestInfo,
  });
  expect(created.statusCode).toBe(200);
  return { book, created };
}

describe('verifying a payment', () => {
  async function paidGuestOrder() {
    const book = await createBook(ctx.database.db, { name: 'The Sealed Nectar', price: 475 });
    const created = await createPaymentOrder({ cartItems: [{ book: book.id, quantity: 2 }], guestInfo });
    const ids = await pay(created.json().orderId);
    return { book, ids };
  }

  it('creates the order with item snapshots and mails the buyer through SMTP', async () => {
    const { ids } = await paidGuestOrder();
    const res = await verify({ ...ids, cartItems: [], guestInfo });
    expect(res.statusCode).toBe(200);
    const { order } = res.json();
    expect(order).toMatchObject({
      txnId: ids.razorpay_payment_id,
      status: 'pending',
      subtotal: 950,
      shipping: 50,
      amount: 1000,
    });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({
      contactName: 'Imran Sheikh',
      contactEmail: 'imran@example.com',
      contactPhone: '9831122334',
      shippingAddress: { addressLine1: '5 Zakaria Street', city: 'Kolkata', pincode: '700073' },
    });
    expect(order.orderNumber).toMatch(/^ORD-\d{8}-[0-9A-Z]{6}$/);
    expect(order.items).toEqual([
      expect.objectContaining({
        name: 'The Sealed Nectar',
        price: 475,
        quantity: 2,
        book: expect.objectContaining({ name: 'The Sealed Nectar' }),
      }),
    ]);
    const mail = await smtp.waitFor('imran@example.com');
    expect(mail.subject).toBe(`Your order ${order.orderNumber}`);
    expect(mail.text).toContain('2 × The Sealed Nectar');
    expect(mail.text).toContain('Delivery charges: ₹50.00');
    expect(mail.text).toContain('Total: ₹1,000.00');
    expect(mail.text).toContain('5 Zakaria Street');
  });

  it("answers the proof alone with the order's receipt, and the whole order to the buyer's session", async () => {
    const buyerDetails = ['Imran Sheikh', 'imran@example.com', '9831122334', '5 Zakaria Street', '700073'];
    const receiptKeys = [
      '_id',
      'amount',
      'backordered',
      'codFee',
      'couponCode',
      'createdAt',
      'discount',
      'estimatedDelivery',
      'items',
      'money',
      'orderNumber',
      'paymentMethod',
      'shipping',
      'status',
      'subtotal',
      'txnId',
    ];
    const { ids } = await paidGuestOrder();
    const stranger = await authHeader(ctx, await createUser(ctx.database.db));
    const admin = await authHeader(ctx, await createUser(ctx.database.db, { role: 'admin' }));

    // A guest's checkout: the guest, and a customer who is not the buyer, get what the success page shows.
    const asGuest = await verify(ids);
    const asStranger = await verify(ids, stranger);
    for (const res of [asGuest, asStranger]) {
      expect(res.statusCode, res.body).toBe(200);
      const { order } = res.json();
      expect(Object.keys(order).sort()).toEqual(receiptKeys);
      expect(order).toMatchObject({
        txnId: ids.razorpay_payment_id,
        amount: 1000,
        subtotal: 950,
        shipping: 50,
      });
      expect(order.items).toEqual([expect.objectContaining({ name: 'The Sealed Nectar', quantity: 2 })]);
      for (const detail of buyerDetails) expect(res.body).not.toContain(detail);
    }
    expect(asStranger.json().order).toEqual(asGuest.json().order);
    // An admin, who reads every order on the desk, gets the whole order.
    const asAdmin = await verify(ids, admin);
    expect(asAdmin.json().order).toMatchObject({
      _id: asGuest.json().order._id,
      contactDetails: { email: 'imran@example.com' },
    });

    // A signed-in customer's checkout: the whole order to them, nothing to anyone else.
    const user = await createUser(ctx.database.db, { email: 'maryam@example.com', phone: '9830011223' });
    const address = await createAddress(ctx.database.db, user.id);
    const book = await createBook(ctx.database.db, { price: 300 });
    const headers = await authHeader(ctx, user);
    const created = await createPaymentOrder(
      { cartItems: [{ book: book.id, quantity: 1 }], selectedAddress: { _id: address.id } },
      headers,
    );
    const theirs = await pay(created.json().orderId);
    expect((await verify(theirs)).statusCode).toBe(401);
    const refused = await verify(theirs, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('maryam@example.com');
    const own = await verify(theirs, headers);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().order).toMatchObject({
      amount: 350,
      contactDetails: { email: 'maryam@example.com', phone: '9830011223' },
      shippingAddress: { addressLine1: expect.any(String), pincode: expect.any(String) },
    });
  });

  it("records each line's edition on the order, English when the line names none", async () => {
    const urdu = await createBook(ctx.database.db, {
      price: 100,
      editions: [{ language: 'english' }, { language: 'urdu' }],
    });
    const plain = await createBook(ctx.database.db, { price: 100 });
    const created = await createPaymentOrder({
      cartItems: [
        { book: urdu.id, quantity: 1, selectedLanguage: 'urdu' },
        { book: plain.id, quantity: 1 },
      ],
      guestInfo,
    });
    const res = await verify({ ...(await pay(created.json().orderId)), cartItems: [], guestInfo });
    const items = res.json().order.items as { bookId: string; selectedLanguage?: string }[];
    expect(items.find((item) => item.bookId === urdu.id)?.selectedLanguage).toBe('urdu');
    expect(items.find((item) => item.bookId === plain.id)?.selectedLanguage).toBe('english');
  });

  it('a forged signature creates nothing', async () => {
    const { ids } = await paidGuestOrder();
    const forged = await verify({
      ...ids,
      razorpay_signature: hmacHex('not-the-secret', `${ids.razorpay_order_id}|${ids.razorpay_payment_id}`),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      success: false,
      error: 'Payment verification failed',
      code: 'SIGNATURE_INVALID',
    });
    const missing = await verify({ razorpay_order_id: ids.razorpay_order_id });
    expect(missing.statusCode).toBe(400);
    expect(await orderCount()).toBe(0);
  });

  it('a failed payment creates nothing, even with a valid-looking call', async () => {
    const book = await createBook(ctx.database.db);
    const created = await createPaymentOrder({ cartItems: [{ book: book.id, quantity: 1 }], guestInfo });
    const failed = (await pay(created.json().orderId, 'failure')) as unknown as {
      error: { metadata: { payment_id: string } };
    };
    const paymentId = failed.error.metadata.payment_id;
    const orderId = created.json().orderId as string;
    const res = await verify({
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: hmacHex(ctx.config.razorpay.keySecret, `${orderId}|${paymentId}`),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PAYMENT_NOT_CAPTURED');
    expect(await orderCount()).toBe(0);
  });

  it('verifying twice gives the same single order', async () => {
    const { ids } = await paidGuestOrder();
    const first = await verify(ids);
    const second = await verify(ids);
    expect(second.statusCode).toBe(200);
    expect(second.json().order._id).toBe(first.json().order._id);
    expect(await orderCount()).toBe(1);
    expect(await ctx.database.db.select().from(orderItems)).toHaveLength(1);
  });

  it('a book deleted while its buyer pays: the order is created from the snapshot, without the book', async () => {
    const { book, created } = await guestCheckoutOfTwoBooks();
    await deleteBookAsAdmin(book.id);
    const ids = await pay(created.json().orderId);
    const res = await verify(ids);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ bookId: null, name: 'The Sealed Nectar', price: 475, quantity: 2 }),
        expect.objectContaining({
          bookId: expect.any(String),
          name: 'Riyad as-Salihin',
          price: 350,
          quantity: 1,
        }),
      ]),
    );
    expect(res.json().order).toMatchObject({ subtotal: 1300, shipping: 100, amount: 1400 });
    expect(await orderCount()).toBe(1);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'a book deleted at the same moment: the order waits for the delete and is created without the book',
    async () => {
      const { book, created } = await guestCheckoutOfTwoBooks();
      const ids = await pay(created.json().orderId);
      let verifying: ReturnType<typeof verify> | undefined;
      // The delete is under way, not yet committed, when the order is saved.
      await ctx.database.db.transaction(async (tx) => {
        await tx.delete(books).where(eq(books.id, book.id));
        verifying = verify(ids);
        for (let waited = 0; ; waited += 20) {
          const waiting = await queryRows(
            ctx.database.db,
            sql`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          if (waiting.length > 0) break;
          if (waited > 5000) throw new Error('the order never waited for the delete');
          await new Promise((r) => setTimeout(r, 20));
        }
      });
      const res = await verifying!;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ bookId: null, name: 'The Sealed Nectar', quantity: 2 }),
        ]),
      );
      expect(await orderCount()).toBe(1);
    },
  );

  it("a user's order clears the server cart; another user cannot verify it", async () => {
    const book = await createBook(ctx.database.db, { price: 300 });
    const user = await createUser(ctx.database.db);
    const address = await createAddress(ctx.database.db, user.id, { isDefault: true });
    const headers = await authHeader(ctx, user);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers,
      payload: { bookId: book.id, quantity: 2, userId: user.id },
    });
    const created = await createPaymentOrder(
      { cartItems: [{ book: book.id, quantity: 2 }], selectedAddress: { _id: address.id } },
      headers,
    );
    expect(created.json().amount).toBe(65000);
    const ids = await pay(created.json().orderId);
    const stranger = await createUser(ctx.database.db);
    expect((await verify(ids, await authHeader(ctx, stranger))).statusCode).toBe(403);
    const res = await verify(ids, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().order.contactDetails.email).toBe(user.email);
    expect(await ctx.database.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(
      0,
    );
  });
});

describe('the webhook', () => {
  it('creates the order on its own when the browser never returns', async () => {
    const book = await createBook(ctx.database.db, { price: 120 });
    const created = await createPaymentOrder({ cartItems: [{ book: book.id, quantity: 1 }], guestInfo });
    const ids = await pay(created.json().orderId);
    const entity = await sandboxPayment(ids.razorpay_payment_id);
    const res = await webhook({ event: 'payment.captured', payload: { payment: { entity } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, status: 'processed' });
    const [order] = await ctx.database.db.select().from(orders);
    expect(order).toMatchObject({ txnId: ids.razorpay_payment_id, amountPaise: 17000 });
    // The browser comes back later: the same order.
    expect((await verify(ids)).json().order._id).toBe(order!.id);
  });

  it('creates the order from the snapshot when the book was deleted while its buyer paid', async () => {
    const { book, created } = await guestCheckoutOfTwoBooks();
    await deleteBookAsAdmin(book.id);
    const ids = await pay(created.json().orderId);
    const entity = await sandboxPayment(ids.razorpay_payment_id);
    const res = await webhook({ event: 'payment.captured', payload: { payment: { entity } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('processed');
    const items = await ctx.database.db.select().from(orderItems);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ bookId: null, name: 'The Sealed Nectar', pricePaise: 47500, quantity: 2 }),
        expect.objectContaining({ bookId: expect.any(String), name: 'Riyad as-Salihin', quantity: 1 }),
      ]),
    );
    expect(items).toHaveLength(2);
    expect(await orderCount()).toBe(1);
  });

  it('keeps a signed event with a NUL character or half a surrogate pair in it, and still creates the order', async () => {
    const book = await createBook(ctx.database.db, { price: 80 });
    const created = await createPaymentOrder({ cartItems: [{ book: book.id, quantity: 1 }], guestInfo });
    const ids = await pay(created.json().orderId);
    const entity = await sandboxPayment(ids.razorpay_payment_id);
    const res = await webhook({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { ...entity, notes: { 'a\u0000b': 'x\u0000y', ['__proto__']: 'z', half: '\uD800' } },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('processed');
    expect(await orderCount()).toBe(1);
    const [stored] = await ctx.database.db.select().from(webhookEvents);
    expect(JSON.stringify(stored!.payload)).toContain('"a\uFFFDb":"x\uFFFDy"');
    expect(JSON.stringify(stored!.payload)).toContain('"half":"\uFFFD"');
  });

  it('answers 400 to a signed body nested deeper than any event, storing nothing', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i += 1) deep = [deep];
    const res = await webhook({ event: 'payment.captured', payload: { payment: { notes: deep } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'TOO_DEEP' });
    expect(await ctx.database.db.select().from(webhookEvents)).toHaveLength(0);
  });

  it("the sandbox's own signed webhooks create the order", async () => {
    const book = await createBook(ctx.database.db);
    const created = await createPaymentOrder({ cartItems: [{ book: book.id, quantity: 1 }], guestInfo });
    await pay(created.json().orderId, 'success', true);
    for (let i = 0; i < 50 && (await orderCount()) === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(await orderCount()).toBe(1);
  });

  it('refuses a bad signature with 400 and ignores a repeated event', async () => {
    const book = await createBook(ctx.database.db);
    const created = await createPaymentOrder({ cartItems: [{ book: book.id, quantity: 1 }], guestInfo });
    const ids = await pay(created.json().orderId);
    const entity = await sandboxPayment(ids.razorpay_payment_id);
    const body = { event: 'payment.captured', payload: { payment: { entity } } };
    const bad = await webhook(body, 'wrong-secret');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'WEBHOOK_SIGNATURE_INVALID' });
    expect(await orderCount()).toBe(0);
    // A signed body that was altered afterwards fails too.
    const raw = JSON.stringify(body);
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay-webhook',
      payload: raw.replace(String(entity.amount), '100'),
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(ctx.config.razorpay.webhookSecret, raw),
      },
    });
    expect(tampered.statusCode).toBe(400);

    expect((await webhook(body, undefined, 'evt_same')).json().status).toBe('processed');
    expect((await webhook(body, undefined, 'evt_same')).json().status).toBe('duplicate');
    expect(await orderCount()).toBe(1);
  });

  it('50 concurrent verify and webhook calls (retries included) for one payment make exactly one order', async () => {
    const book = await createBook(ctx.database.db, { price: 99 });
    const buyer = { ...guestInfo, email: 'race@example.com' };
    const created = await createPaymentOrder({
      cartItems: [{ book: book.id, quantity: 3 }],
      guestInfo: buyer,
    });
    const ids = await pay(created.json().orderId);
    const entity = await sandboxPayment(ids.razorpay_payment_id);
    // Half are the browser's verify calls; the other half Razorpay's events, each event delivered twice.
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? verify(ids)
        : webhook(
            { event: i % 4 === 1 ? 'payment.captured' : 'order.paid', payload: { payment: { entity } } },
            undefined,
            `evt_race_${Math.floor(i / 4)}`,
          ),
    );
    const results = await Promise.all(calls);
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const orderIds = new Set(results.filter((_, i) => i % 2 === 0).map((r) => r.json().order._id));
    expect(orderIds.size).toBe(1);
    expect(await orderCount()).toBe(1);
    expect(await ctx.database.db.select().from(orderItems)).toHaveLength(1);
    expect(await ctx.database.db.select().from(payments)).toHaveLength(1);
    await smtp.waitFor('race@example.com');
    // Every mail the requests asked for has gone (or failed): no further one can arrive.
    await ctx.app.mailer.idle();
    expect(smtp.inbox.filter((m) => m.to.includes('race@example.com'))).toHaveLength(1);
  });
});

describe('the sandbox', () => {
  it('refuses a wrong or missing key pair with 401, as Razorpay does, and creates nothing', async () => {
    const { keyId, keySecret } = ctx.config.razorpay;
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    const createOrder = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/v1/orders',
        headers,
        payload: { amount: 10000, currency: 'INR', receipt: 'r1' },
      });
    const refused: Record<string, string>[] = [
      { authorization: basic(keyId, 'not-the-key-secret') },
      { authorization: basic('rzp_test_someoneelse0000', keySecret) },
      {},
    ];
    for (const headers of refused) {
      const res = await createOrder(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' },
      });
    }
    expect(await ctx.database.db.select().from(sandboxOrders)).toHaveLength(0);
    const lookup = await ctx.app.inject({
      url: '/api/payments/sandbox/v1/payments/pay_00000000000000',
      headers: { authorization: basic(keyId, 'not-the-key-secret') },
    });
    expect(lookup.statusCode).toBe(401);
    expect((await createOrder({ authorization: basic(keyId, keySecret) })).statusCode).toBe(200);
  });
});

describe('rotating the webhook secret', () => {
  it('accepts events signed with RAZORPAY_WEBHOOK_SECRET_PREVIOUS while it is set, and only then', async () => {
    const rotating = await createTestApp({
      RAZORPAY_WEBHOOK_SECRET: 'the-new-webhook-secret',
      RAZORPAY_WEBHOOK_SECRET_PREVIOUS: 'the-old-webhook-secret',
    });
    const after = await createTestApp({ RAZORPAY_WEBHOOK_SECRET: 'the-new-webhook-secret' });
    try {
      const send = (app: TestContext, secret: string) => {
        const raw = JSON.stringify({ event: 'payment.authorized', payload: {} });
        return app.app.inject({
          method: 'POST',
          url: '/api/payments/razorpay-webhook',
          payload: raw,
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(secret, raw) },
        });
      };
      expect((await send(rotating, 'the-new-webhook-secret')).statusCode).toBe(200);
      expect((await send(rotating, 'the-old-webhook-secret')).statusCode).toBe(200);
      expect((await send(rotating, 'another-secret')).statusCode).toBe(400);
      expect((await send(after, 'the-new-webhook-secret')).statusCode).toBe(200);
      expect((await send(after, 'the-old-webhook-secret')).statusCode).toBe(400);
    } finally {
      await Promise.all([rotating.close(), after.close()]);
    }
  });
});
