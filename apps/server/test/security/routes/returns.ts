import { eq } from 'drizzle-orm';
import { orderItems, orders, returnRequestItems, returnRequests } from '../../../src/db/schema';
import { createOrder } from '../../support/factories';
import type { World } from '../world';
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

/**
 * A return of one copy of a delivered order of the owner's, approved by the desk (`approved`) or with its parcel
 * back (`received`). The order is paid cash on delivery and its cash collected, so that its refund is recorded by
 * hand, without Razorpay. Answers the request's id and the order item's.
 */
async function returnAt(world: World, status: 'approved' | 'received') {
  const order = await createOrder(db(world), { userId: world.owner.id, status: 'delivered' });
  await db(world)
    .update(orders)
    .set({ paymentMethod: 'cod', codCollectedAt: new Date(), deliveredAt: new Date() })
    .where(eq(orders.id, order.id));
  const [item] = await db(world)
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const [row] = await db(world)
    .insert(returnRequests)
    .values({
      orderId: order.id,
      kind: 'return',
      reason: 'Pages torn',
      status,
      ...(status === 'received' ? { receivedAt: new Date() } : {}),
    })
    .returning({ id: returnRequests.id });
  await db(world)
    .insert(returnRequestItems)
    .values({
      requestId: row!.id,
      orderItemId: item!.id,
      quantity: 1,
      approvedQuantity: 1,
      ...(status === 'received' ? { receivedQuantity: 1, restock: 0 } : {}),
    });
  return { requestId: row!.id, orderItemId: item!.id };
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
      return get(
        `/api/order-tracking/${order.orderNumber}/returns?t=${world.ctx.app.orderLinks.sign(order.id)}`,
      );
    },
  },
  'POST /api/order-tracking/:orderNumber/returns': {
    expect: all(201),
    request: async (world) => {
      const order = await createOrder(db(world));
      return {
        method: 'POST',
        url: `/api/order-tracking/${order.orderNumber}/returns?t=${world.ctx.app.orderLinks.sign(order.id)}`,
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
  'POST /api/orders/admin/returns/:requestId/received': {
    expect: adminOnly(),
    request: async (world) => {
      const { requestId, orderItemId } = await returnAt(world, 'approved');
      return {
        method: 'POST',
        url: `/api/orders/admin/returns/${requestId}/received`,
        payload: { items: [{ orderItemId, quantity: 1, restock: 0 }] },
      };
    },
  },
  'POST /api/orders/admin/returns/:requestId/refund': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'POST',
      url: `/api/orders/admin/returns/${(await returnAt(world, 'received')).requestId}/refund`,
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
