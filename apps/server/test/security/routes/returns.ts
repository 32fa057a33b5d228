import { returnRequests } from '../../../src/db/schema';
import { createOrder } from '../../support/factories';
import type { World } from '../world';
import { signOrderId } from '../../../src/lib/order-links';
import { adminOnly, all, db, get, owned, type Rows } from './cells';

/** An open request to cancel a pending order of the owner's: the desk's answers need one. */
async function openRequest(world: World): Promise<string> {
  const order = await createOrder(db(world), { userId: world.owner.id });
  const [row] = await db(world)
    .insert(returnRequests)
    .values({ orderId: order.id, kind: 'cancel', reason: 'Ordered twice' })
    .returning({ id: returnRequests.id });
  return row!.id;
}

/** Returns and cancellations asked by the customer (docs/decisions/055): what each caller must get. */
export const returnsRows: Rows = {
  'GET /api/orders/:userId/:orderId/returns': {
    expect: owned(),
    request: async (world) =>
      get(
        `/api/orders/${world.owner.id}/${(await createOrder(db(world), { userId: world.owner.id })).id}/returns`,
      ),
  },
  // Only the customer asks, for their own order: the desk answers requests and asks in nobody's name.
  'POST /api/orders/:userId/:orderId/returns': {
    expect: { guest: 401, user: 201, other: 403, admin: 403 },
    request: async (world) => ({
      method: 'POST',
      url: `/api/orders/${world.owner.id}/${(await createOrder(db(world), { userId: world.owner.id })).id}/returns`,
      payload: { kind: 'cancel', reason: 'Ordered twice' },
    }),
  },
  // A guest's order through the signed link of its mails: whoever holds the link, signed in or not.
  'GET /api/order-tracking/:orderNumber/returns': {
    expect: all(200),
    request: async (world) => {
      const order = await createOrder(db(world));
      return get(`/api/order-tracking/${order.orderNumber}/returns?t=${signOrderId(order.id)}`);
    },
  },
  'POST /api/order-tracking/:orderNumber/returns': {
    expect: all(201),
    request: async (world) => {
      const order = await createOrder(db(world));
      return {
        method: 'POST',
        url: `/api/order-tracking/${order.orderNumber}/returns?t=${signOrderId(order.id)}`,
        payload: { kind: 'cancel', reason: 'Ordered twice' },
      };
    },
  },
  'GET /api/orders/admin/returns': {
    expect: adminOnly(),
    request: () => get('/api/orders/admin/returns?status=requested'),
  },
  'GET /api/orders/admin/:id/returns': {
    expect: adminOnly(),
    request: async (world) =>
      get(`/api/orders/admin/${(await createOrder(db(world), { userId: world.owner.id })).id}/returns`),
  },
  'POST /api/orders/admin/returns/:requestId/approve': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'POST',
      url: `/api/orders/admin/returns/${await openRequest(world)}/approve`,
      payload: {},
    }),
  },
  'POST /api/orders/admin/returns/:requestId/decline': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'POST',
      url: `/api/orders/admin/returns/${await openRequest(world)}/decline`,
      payload: { reason: 'Already on its way' },
    }),
  },
};
