import { randomUUID } from 'node:crypto';
import { coupons } from '../../../src/db/schema';
import { createBook, createOrder } from '../../support/factories';
import { guestInfo, type World } from '../world';
import { adminOnly, all, db, get, type Rows } from './cells';

/** A coupon of its own for each request (coupons outlive the tables each test empties): its id and code. */
async function coupon(world: World) {
  const code = `SEC${randomUUID().slice(0, 8).toUpperCase()}`;
  const [row] = await db(world).insert(coupons).values({ code, kind: 'percent', value: 10 }).returning();
  return row!;
}

const couponBody = () => ({ code: `NEW${randomUUID().slice(0, 8)}`, kind: 'percent', value: 15 });

/**
 * Coupons and cash on delivery (docs/decisions/051): anyone may preview a code; the coupons desk and "Cash
 * collected" are the orders desk's; a cash-on-delivery order is placed by guests and customers (refused while the
 * owner has not turned it on, as the settings of these tests leave it), never by staff.
 */
export const couponsRows: Rows = {
  'POST /api/coupons/check': {
    expect: all(200),
    request: async (world) => ({
      method: 'POST',
      url: '/api/coupons/check',
      payload: {
        code: (await coupon(world)).code,
        cartItems: [{ book: (await createBook(db(world))).id, quantity: 1 }],
      },
    }),
  },
  'GET /api/coupons/admin': { expect: adminOnly(), request: () => get('/api/coupons/admin') },
  'POST /api/coupons/admin': {
    expect: adminOnly(201),
    request: () => ({ method: 'POST', url: '/api/coupons/admin', payload: couponBody() }),
  },
  'PUT /api/coupons/admin/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'PUT',
      url: `/api/coupons/admin/${(await coupon(world)).id}`,
      payload: couponBody(),
    }),
  },
  'POST /api/coupons/admin/:id/deactivate': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'POST',
      url: `/api/coupons/admin/${(await coupon(world)).id}/deactivate`,
    }),
  },
  'POST /api/orders/admin/:id/cod-collected': {
    // A card order: the desk is told it is not a cash-on-delivery order.
    expect: adminOnly(400),
    request: async (world) => ({
      method: 'POST',
      url: `/api/orders/admin/${(await createOrder(db(world))).id}/cod-collected`,
    }),
  },
  'POST /api/payments/cod-order': {
    expect: { guest: 400, user: 400, other: 400, admin: 403 },
    request: async (world) => ({
      method: 'POST',
      url: '/api/payments/cod-order',
      payload: { cartItems: [{ book: (await createBook(db(world))).id, quantity: 1 }], guestInfo },
    }),
  },
};
