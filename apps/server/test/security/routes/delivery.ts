import { delhiZoneBody as zoneBody } from '../../fixtures/delivery-zones';
import { createDeliveryZone } from '../../../src/modules/delivery/delivery.service';
import { adminOnly, all, db, get, type Rows } from './cells';
import type { World } from '../world';

/** A zone of its own for each request that changes one (never the default zone, which stays for the others). */
const zone = (world: World) => createDeliveryZone(db(world), zoneBody);

/** Delivery by pincode (docs/decisions/052): everyone asks for a quote; the orders desk keeps the zones. */
export const deliveryRows: Rows = {
  'GET /api/delivery/:pincode': { expect: all(200), request: () => get('/api/delivery/110001?quantity=2') },
  'GET /api/delivery/admin/zones': { expect: adminOnly(), request: () => get('/api/delivery/admin/zones') },
  'POST /api/delivery/admin/zones': {
    expect: adminOnly(201),
    request: () => ({ method: 'POST', url: '/api/delivery/admin/zones', payload: zoneBody }),
  },
  'PUT /api/delivery/admin/zones/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'PUT',
      url: `/api/delivery/admin/zones/${(await zone(world)).id}`,
      payload: { ...zoneBody, chargePerPair: 45 },
    }),
  },
  'DELETE /api/delivery/admin/zones/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'DELETE',
      url: `/api/delivery/admin/zones/${(await zone(world)).id}`,
    }),
  },
};
