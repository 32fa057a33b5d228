import { issueBill } from '../../../src/modules/bills/bills.service';
import { createOrder } from '../../support/factories';
import { db, get, type Rows } from './cells';
import type { World } from '../world';

/** An order of `userId` (a guest's when null) with its bill of supply. */
async function billedOrder(world: World, userId: string | null) {
  const order = await createOrder(db(world), { userId });
  await db(world).transaction((tx) => issueBill(tx, order.id));
  return order;
}

/**
 * Bills of supply (docs/decisions/053): a customer downloads the bill of their own order only (anyone else's is
 * missing to them, staff included: the desk has its own route); the orders desk downloads any bill.
 */
export const billsRows: Rows = {
  'GET /api/bills/orders/:orderId': {
    expect: { guest: 401, user: 200, other: 404, admin: 404 },
    request: async (world) => get(`/api/bills/orders/${(await billedOrder(world, world.owner.id)).id}`),
  },
  'GET /api/bills/admin/orders/:orderId': {
    expect: { guest: 401, user: 403, other: 403, admin: 200 },
    request: async (world) => get(`/api/bills/admin/orders/${(await billedOrder(world, world.owner.id)).id}`),
  },
};
