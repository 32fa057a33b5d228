import { createOrder } from '../../support/factories';
import { ownIdOf } from '../world';
import { adminOnly, db, get, owned, type Rows } from './cells';

/** Orders and refunds: what each caller must get. */
export const ordersRows: Rows = {
  // Orders: a customer's own list; the desk is admin-only.
  'GET /api/orders/:userId': {
    expect: owned(),
    request: async (world) => {
      await createOrder(db(world), { userId: world.owner.id });
      return get(`/api/orders/${world.owner.id}?page=1`);
    },
  },
  'GET /api/orders/:userId/:orderId': [
    {
      name: "the owner's order under the owner's id",
      expect: owned(),
      request: async (world) =>
        get(`/api/orders/${world.owner.id}/${(await createOrder(db(world), { userId: world.owner.id })).id}`),
    },
    {
      // Another customer asking under their own id: the order is missing to them, not forbidden.
      name: "the owner's order under the caller's own id",
      expect: { guest: 401, user: 200, other: 404, admin: 404 },
      request: async (world, role) =>
        get(
          `/api/orders/${ownIdOf(world, role)}/${(await createOrder(db(world), { userId: world.owner.id })).id}`,
        ),
    },
  ],
  'GET /api/orders/admin/all': {
    expect: adminOnly(),
    request: () => get('/api/orders/admin/all?page=1&status=all&search=ord'),
  },
  'GET /api/orders/admin/export-csv': {
    expect: adminOnly(),
    request: () => get('/api/orders/admin/export-csv?status=pending'),
  },
  'GET /api/orders/admin/:id': {
    expect: adminOnly(),
    request: async (world) =>
      get(`/api/orders/admin/${(await createOrder(db(world), { userId: world.owner.id })).id}`),
  },
  'PATCH /api/orders/admin/:id/status': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'PATCH',
      url: `/api/orders/admin/${(await createOrder(db(world))).id}/status`,
      payload: { status: 'shipped' },
    }),
  },
  'PATCH /api/orders/admin/:id/fulfillment': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'PATCH',
      url: `/api/orders/admin/${(await createOrder(db(world))).id}/fulfillment`,
      payload: { trackingNumber: 'TRK123', shippingProvider: 'DTDC', notes: 'Fragile' },
    }),
  },
  // An order made without a payment at Razorpay: nothing to refund (400), but it can be cancelled.
  'POST /api/orders/admin/:id/refunds': {
    expect: adminOnly(400),
    request: async (world) => ({
      method: 'POST',
      url: `/api/orders/admin/${(await createOrder(db(world))).id}/refunds`,
      payload: { amount: 10, reason: 'A damaged copy' },
    }),
  },
  'POST /api/orders/admin/:id/cancel': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'POST',
      url: `/api/orders/admin/${(await createOrder(db(world))).id}/cancel`,
      payload: { reason: 'The customer asked' },
    }),
  },
  // The desk's bulk cancellation: a card order is not a guest's cash-on-delivery order, so it is refused by name
  // (200 with the refusal), and left as it is.
  'POST /api/orders/admin/guest-cod/cancel': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'POST',
      url: '/api/orders/admin/guest-cod/cancel',
      payload: { ids: [(await createOrder(db(world))).id], reason: 'No answer on the phone' },
    }),
  },
};
