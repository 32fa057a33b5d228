import { createAddress, createBook } from '../../support/factories';
import {
  guestInfo,
  ownerOpenCheckout,
  ownerPaidCheckout,
  sandboxAuth,
  sandboxOrder,
  signedWebhook,
  type World,
} from '../world';
import { all, db, get, type Rows } from './cells';

/**
 * A payment captured in the sandbox (of a sandbox order, not a checkout: checkouts per address are limited), and
 * a refund of part of one, made with the key pair.
 */
async function sandboxPayment(world: World): Promise<string> {
  const pay = await world.ctx.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/orders/${await sandboxOrder(world)}/pay`,
    payload: { outcome: 'success', webhook: false },
  });
  return pay.json().razorpay_payment_id as string;
}
async function sandboxRefund(world: World): Promise<string> {
  const paymentId = await sandboxPayment(world);
  const res = await world.ctx.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/v1/payments/${paymentId}/refund`,
    headers: sandboxAuth(world),
    payload: { amount: 1_000 },
  });
  return res.json().id as string;
}

/** Payments and the Razorpay sandbox: what each caller must get. */
export const paymentsRows: Rows = {
  // Payments: guests and customers pay; the payment of a customer is theirs to verify.
  'GET /api/payments/checkout-config': {
    expect: all(200),
    request: () => get('/api/payments/checkout-config'),
  },
  'POST /api/payments/create-razorpay-order': {
    // Another customer naming the owner's saved address gets the "add an address" answer (400), never the address.
    expect: { guest: 200, user: 200, other: 400, admin: 403 },
    request: async (world) => ({
      method: 'POST',
      url: '/api/payments/create-razorpay-order',
      payload: {
        cartItems: [{ book: (await createBook(db(world))).id, quantity: 1 }],
        selectedAddress: { _id: (await createAddress(db(world), world.owner.id)).id },
        guestInfo,
      },
    }),
  },
  // The owner's unpaid checkout: anyone else is told there is no such checkout.
  'POST /api/payments/release-checkout': {
    name: "the owner's unpaid checkout",
    expect: { guest: 404, user: 200, other: 404, admin: 404 },
    request: async (world) => ({
      method: 'POST',
      url: '/api/payments/release-checkout',
      payload: { razorpay_order_id: await ownerOpenCheckout(world) },
    }),
  },
  'POST /api/payments/verify-razorpay-payment': {
    name: "the owner's payment",
    expect: { guest: 401, user: 200, other: 403, admin: 200 },
    request: async (world) => ({
      method: 'POST',
      url: '/api/payments/verify-razorpay-payment',
      payload: await ownerPaidCheckout(world),
    }),
  },
  // The webhook is authenticated by its signature alone.
  'POST /api/payments/razorpay-webhook': [
    {
      name: 'signed with the webhook secret',
      expect: all(200),
      request: (world) => ({
        method: 'POST',
        url: '/api/payments/razorpay-webhook',
        ...signedWebhook(world, { event: 'payment.authorized', payload: {} }),
      }),
    },
    {
      name: 'signed with another secret',
      expect: all(400),
      request: (world) => ({
        method: 'POST',
        url: '/api/payments/razorpay-webhook',
        ...signedWebhook(world, { event: 'payment.captured', payload: {} }, 'not-the-webhook-secret'),
      }),
    },
  ],

  // The sandbox's Razorpay API takes the key pair (basic auth) only; its checkout page and "Pay" are public.
  'POST /api/payments/sandbox/v1/orders': [
    {
      name: 'with a bearer token or nothing',
      failure: 'razorpay',
      expect: all(401),
      request: () => ({
        method: 'POST',
        url: '/api/payments/sandbox/v1/orders',
        payload: { amount: 10_000, currency: 'INR' },
      }),
    },
    {
      name: 'with the key pair',
      auth: 'basic',
      expect: all(200),
      request: () => ({
        method: 'POST',
        url: '/api/payments/sandbox/v1/orders',
        payload: { amount: 10_000, currency: 'INR' },
      }),
    },
  ],
  'GET /api/payments/sandbox/v1/orders/:id': [
    {
      expect: all(401),
      failure: 'razorpay',
      request: async (world) => get(`/api/payments/sandbox/v1/orders/${await sandboxOrder(world)}`),
    },
    {
      name: 'with the key pair',
      auth: 'basic',
      expect: all(200),
      request: async (world) => get(`/api/payments/sandbox/v1/orders/${await sandboxOrder(world)}`),
    },
  ],
  'GET /api/payments/sandbox/v1/orders/:id/payments': [
    {
      expect: all(401),
      failure: 'razorpay',
      request: async (world) => get(`/api/payments/sandbox/v1/orders/${await sandboxOrder(world)}/payments`),
    },
    {
      name: 'with the key pair',
      auth: 'basic',
      expect: all(200),
      request: async (world) => get(`/api/payments/sandbox/v1/orders/${await sandboxOrder(world)}/payments`),
    },
  ],
  'GET /api/payments/sandbox/v1/payments/:id': [
    {
      expect: all(401),
      failure: 'razorpay',
      request: async (world) =>
        get(`/api/payments/sandbox/v1/payments/${(await ownerPaidCheckout(world)).razorpay_payment_id}`),
    },
    {
      name: 'with the key pair',
      auth: 'basic',
      expect: all(200),
      request: async (world) =>
        get(`/api/payments/sandbox/v1/payments/${(await ownerPaidCheckout(world)).razorpay_payment_id}`),
    },
  ],
  'POST /api/payments/sandbox/v1/payments/:id/refund': [
    {
      expect: all(401),
      failure: 'razorpay',
      request: async (world) => ({
        method: 'POST',
        url: `/api/payments/sandbox/v1/payments/${await sandboxPayment(world)}/refund`,
        payload: { amount: 1_000, notes: { reason: 'matrix' }, receipt: 'matrix' },
      }),
    },
    {
      name: 'with the key pair',
      auth: 'basic',
      expect: all(200),
      request: async (world) => ({
        method: 'POST',
        url: `/api/payments/sandbox/v1/payments/${await sandboxPayment(world)}/refund`,
        payload: { amount: 1_000, notes: { reason: 'matrix' }, receipt: 'matrix' },
      }),
    },
  ],
  'GET /api/payments/sandbox/v1/payments/:id/refunds': [
    {
      expect: all(401),
      failure: 'razorpay',
      request: async (world) =>
        get(`/api/payments/sandbox/v1/payments/${await sandboxPayment(world)}/refunds`),
    },
    {
      name: 'with the key pair',
      auth: 'basic',
      expect: all(200),
      request: async (world) =>
        get(`/api/payments/sandbox/v1/payments/${await sandboxPayment(world)}/refunds`),
    },
  ],
  'GET /api/payments/sandbox/v1/refunds/:id': [
    {
      expect: all(401),
      failure: 'razorpay',
      request: async (world) => get(`/api/payments/sandbox/v1/refunds/${await sandboxRefund(world)}`),
    },
    {
      name: 'with the key pair',
      auth: 'basic',
      expect: all(200),
      request: async (world) => get(`/api/payments/sandbox/v1/refunds/${await sandboxRefund(world)}`),
    },
  ],
  'GET /api/payments/sandbox/checkout.js': {
    expect: all(200),
    request: () => get('/api/payments/sandbox/checkout.js'),
  },
  'POST /api/payments/sandbox/orders/:orderId/pay': {
    expect: all(200),
    request: async (world) => ({
      method: 'POST',
      url: `/api/payments/sandbox/orders/${await sandboxOrder(world)}/pay`,
      payload: { outcome: 'success', webhook: false },
    }),
  },
};
