import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBook } from '../../../test/support/factories';
import { openCheckout, payInSandbox } from '../../../test/support/purchase';
import { mimePart, type ReceivedMail } from '../../../test/support/smtp';
import { signInAdmin, useTestApp } from '../../../test/support/use-test-app';
import { emailVerificationTokens, orders } from '../../db/schema';
import { EMAIL_PROOF_RESENDS } from '../auth/email-proof.service';
import { hashToken } from '../auth/tokens';
import { TRACK_LOOKUPS_PER_IP } from './track.routes';

/** Orders without an account (docs/decisions/054): tracking, the signed link, the email proof. */
const { ctx, smtp } = useTestApp({ smtp: true, env: { LOG_LEVEL: 'silent' } });

/** Each request from an address of its own, unless a test names one: the limits have their own tests. */
let caller = 0;
const nextAddress = () => {
  caller += 1;
  return `10.54.${caller >> 8}.${caller & 255}`;
};

const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers, remoteAddress: nextAddress() });

interface PlacedOrder {
  _id: string;
  orderNumber: string;
}

/** A guest's paid order through the sandbox, with this email and phone (as typed). */
async function guestOrder(email: string, phone = '9831122334'): Promise<PlacedOrder> {
  const book = await createBook(ctx.database.db, { name: 'Riyad as-Salihin', price: 400 });
  const razorpayOrderId = await openCheckout(ctx, [{ bookId: book.id, quantity: 1 }], {
    name: 'Nadia Rahman',
    email,
    phone,
    address: {
      addressLine1: '14 Ripon Street',
      addressLine2: 'Second floor',
      city: 'Kolkata',
      state: 'West Bengal',
      pincode: '700016',
    },
  });
  const proof = await payInSandbox(ctx, razorpayOrderId);
  const verified = await post('/api/payments/verify-razorpay-payment', proof);
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().order as PlacedOrder;
}

const text = (mail: ReceivedMail) => mimePart(mail.raw, 'text/plain') ?? '';

describe('Track your order', () => {
  it('finds an order by its number (any case) and the email (any case) or the phone in any form', async () => {
    const order = await guestOrder('nadia.rahman@example.com', '+91 98311 22334');
    for (const contact of [
      'Nadia.Rahman@Example.com',
      '+91 98311 22334',
      '09831122334',
      '9831122334',
      '+91-98311-22334',
    ]) {
      const res = await post('/api/order-tracking', {
        orderNumber: order.orderNumber.toLowerCase(),
        contact,
      });
      expect(res.statusCode, `${contact}: ${res.body}`).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({
        orderNumber: order.orderNumber,
        status: 'pending',
        items: [{ name: 'Riyad as-Salihin', quantity: 1, price: 400 }],
        destination: { city: 'Kolkata', state: 'West Bengal', pincode: '700016' },
        // A lookup never shows the address or the name.
        shippingAddress: null,
        name: null,
      });
      expect(res.body).not.toContain('Ripon Street');
      expect(res.body).not.toContain('Nadia Rahman');
    }
  });

  it('answers a wrong number and a wrong email or phone with the same not-found', async () => {
    const order = await guestOrder('farid@example.com');
    const other = await guestOrder('someone.else@example.com', '9000011111');
    const answers = await Promise.all(
      [
        { orderNumber: 'ORD-20260101-XXXXXX', contact: 'farid@example.com' },
        { orderNumber: order.orderNumber, contact: 'farida@example.com' },
        { orderNumber: order.orderNumber, contact: '9000011111' },
        { orderNumber: order.orderNumber, contact: 'not a phone' },
        // Another order's email with this order's number.
        { orderNumber: order.orderNumber, contact: 'someone.else@example.com' },
        { orderNumber: other.orderNumber, contact: 'farid@example.com' },
      ].map((body) => post('/api/order-tracking', body)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(answers[0]!.json());
    }
    expect(answers[0]!.json().code).toBe('ORDER_TRACK_NOT_FOUND');
  });

  it('limits lookups per network address', async () => {
    const ip = '10.54.250.1';
    for (let i = 0; i < TRACK_LOOKUPS_PER_IP; i += 1) {
      const res = await post(
        '/api/order-tracking',
        { orderNumber: `ORD-X-${i}`, contact: 'a@example.com' },
        {},
        ip,
      );
      expect(res.statusCode).toBe(404);
    }
    const refused = await post(
      '/api/order-tracking',
      { orderNumber: 'ORD-X', contact: 'a@example.com' },
      {},
      ip,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });

  it('opens the whole order, address included, through the signed link of its confirmation mail', async () => {
    const order = await guestOrder('signed.link@example.com');
    const mail = await smtp.waitFor('signed.link@example.com');
    const link = `${ctx.config.publicUrl}${ctx.app.orderLinks.trackPath(order)}`;
    expect(text(mail)).toContain(link);
    expect(mimePart(mail.raw, 'text/html')).toContain(`href="${link}"`);
    expect(text(mail)).not.toContain('/dashboard');

    const t = new URL(link).searchParams.get('t')!;
    const res = await get(`/api/order-tracking/${order.orderNumber}?t=${t}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      orderNumber: order.orderNumber,
      name: 'Nadia Rahman',
      shippingAddress: { addressLine1: '14 Ripon Street', addressLine2: 'Second floor', pincode: '700016' },
    });

    // A changed signature, or another order's, opens nothing.
    const other = await guestOrder('other.link@example.com');
    for (const wrong of [
      `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`,
      ctx.app.orderLinks.sign(other._id),
      'x',
    ]) {
      const refused = await get(`/api/order-tracking/${order.orderNumber}?t=${wrong}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('ORDER_TRACK_LINK_INVALID');
    }
  });

  it('links the shipped mail of an account holder to the signed page too', async () => {
    const order = await guestOrder('shipped.mail@example.com');
    const shipped = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/admin/${order._id}/fulfillment`,
      headers: await signInAdmin(ctx),
      payload: { status: 'shipped', shippingProvider: 'DHL', trackingNumber: 'EE123456789IN' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const mail = await smtp.waitFor('shipped.mail@example.com', (m) => m.subject.includes('on its way'));
    expect(text(mail)).toContain(`${ctx.config.publicUrl}${ctx.app.orderLinks.trackPath(order)}`);
  });
});

interface Registered {
  userId: string;
  headers: Record<string, string>;
}

async function register(email: string, name = 'Sara Ali'): Promise<Registered> {
  const res = await post('/api/auth/register', { name, email, phone: '9876543210', password: 'sabr-12345' });
  expect(res.statusCode, res.body).toBe(201);
  const { data } = res.json();
  return { userId: data.user._id, headers: { authorization: `Bearer ${data.accessToken}` } };
}

const myOrders = async (user: Registered) => {
  const res = await get(`/api/orders/${user.userId}`, user.headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.orders as PlacedOrder[]).map((order) => order.orderNumber);
};

/** The token of the newest verification mail to `email`. */
async function mailedToken(email: string, after = 0): Promise<string> {
  const mail = await smtp.waitFor(
    email,
    (m) => m.subject === 'Confirm your email' && smtp.inbox.indexOf(m) >= after,
  );
  const link = /\/verify-email\?token=([\w-]+)/.exec(text(mail));
  expect(link, text(mail)).not.toBeNull();
  return link![1]!;
}

describe('The email proof', () => {
  it('attaches a guest order of the same email (another case) only once the email is confirmed', async () => {
    const order = await guestOrder('Sara.Ali@Example.com');
    const user = await register('sara.ali@EXAMPLE.com');
    // Before the proof: nothing of the guest's, and the dashboard is told to ask.
    expect(await myOrders(user)).toEqual([]);
    const state = await get('/api/auth/email-verification', user.headers);
    expect(state.json().data).toEqual({ verified: false, email: 'sara.ali@example.com' });

    const token = await mailedToken('sara.ali@example.com');
    const confirmed = await post('/api/auth/verify-email', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toEqual({ attachedOrders: 1 });
    expect(await myOrders(user)).toEqual([order.orderNumber]);
    expect((await get('/api/auth/email-verification', user.headers)).json().data.verified).toBe(true);

    // Used once: refused after, with its own message.
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'EMAIL_PROOF_USED',
      error: expect.stringMatching(/already been used/),
    });
  });

  it("never attaches another email's orders, nor another account's", async () => {
    const strangers = await guestOrder('stranger@example.com');
    const owned = await guestOrder('owner@example.com');
    const owner = await register('owner@example.com');
    await post('/api/auth/verify-email', { token: await mailedToken('owner@example.com') });
    expect(await myOrders(owner)).toEqual([owned.orderNumber]);

    const other = await register('other@example.com', 'Other');
    const confirmed = await post('/api/auth/verify-email', { token: await mailedToken('other@example.com') });
    expect(confirmed.json().data).toEqual({ attachedOrders: 0 });
    expect(await myOrders(other)).toEqual([]);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, strangers._id));
    expect(row?.userId).toBeNull();
    expect(await myOrders(owner)).toEqual([owned.orderNumber]);
  });

  it('gives an order placed as a guest with a confirmed email (another case) to that account at once, and never to an unconfirmed one', async () => {
    const confirmedUser = await register('hafsa@example.com');
    await post('/api/auth/verify-email', { token: await mailedToken('hafsa@example.com') });
    const later = await guestOrder('Hafsa@Example.com');
    expect(await myOrders(confirmedUser)).toEqual([later.orderNumber]);

    const unconfirmed = await register('yusuf@example.com');
    const waiting = await guestOrder('yusuf@example.com');
    expect(await myOrders(unconfirmed)).toEqual([]);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, waiting._id));
    expect(row?.userId).toBeNull();
  });

  it('stores only the hash; refuses an expired token and an unknown one, each with a clear message', async () => {
    await register('late@example.com');
    const token = await mailedToken('late@example.com');
    const [stored] = await ctx.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.tokenHash, hashToken(token)));
    expect(stored?.email).toBe('late@example.com');
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(47 * 3600_000);
    await ctx.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.tokenHash, hashToken(token)));
    const expired = await post('/api/auth/verify-email', { token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      code: 'EMAIL_PROOF_EXPIRED',
      error: expect.stringMatching(/expired/),
    });

    const unknown = await post('/api/auth/verify-email', { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('EMAIL_PROOF_INVALID');
  });

  it('lets the account sign in unconfirmed and send the link again, within a limit', async () => {
    const user = await register('resend@example.com');
    const login = await post('/api/auth/login', { email: 'resend@example.com', password: 'sabr-12345' });
    expect(login.statusCode).toBe(200);
    for (let i = 0; i < EMAIL_PROOF_RESENDS.perUser; i += 1) {
      const before = smtp.inbox.length;
      const res = await post('/api/auth/email-verification/resend', {}, user.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ sent: true });
      await mailedToken('resend@example.com', before);
    }
    const refused = await post('/api/auth/email-verification/resend', {}, user.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('EMAIL_PROOF_RATE_LIMITED');
    const anonymous = await post('/api/auth/email-verification/resend', {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('writes the verification mail in the language of the page the account was made on', async () => {
    const res = await post(
      '/api/auth/register',
      { name: 'Karim', email: 'karim.bn@example.com', phone: '9876543211', password: 'sabr-12345' },
      { 'x-site-locale': 'bn' },
    );
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor('karim.bn@example.com');
    expect(mail.subject).toBe('আপনার ইমেল নিশ্চিত করুন');
    expect(text(mail)).toContain(`${ctx.config.publicUrl}/bn/verify-email?token=`);
  });
});
