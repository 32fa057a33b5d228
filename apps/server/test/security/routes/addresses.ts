import { createAddress } from '../../support/factories';
import { ownIdOf, validAddress } from '../world';
import { db, get, owned, type Rows } from './cells';

/** Addresses: what each caller must get. */
export const addressesRows: Rows = {
  'GET /api/addresses/:userId': {
    expect: owned(),
    request: (world) => get(`/api/addresses/${world.owner.id}`),
  },
  'POST /api/addresses': {
    expect: owned(201),
    request: (world) => ({
      method: 'POST',
      url: '/api/addresses',
      payload: { userId: world.owner.id, address: validAddress },
    }),
  },
  'PUT /api/addresses/:addressId': [
    {
      expect: owned(),
      request: async (world) => ({
        method: 'PUT',
        url: `/api/addresses/${(await createAddress(db(world), world.owner.id)).id}`,
        payload: { userId: world.owner.id, address: validAddress },
      }),
    },
    {
      name: "the owner's address with the caller's own id",
      expect: { guest: 401, user: 200, other: 404, admin: 404 },
      request: async (world, role) => ({
        method: 'PUT',
        url: `/api/addresses/${(await createAddress(db(world), world.owner.id)).id}`,
        payload: { userId: ownIdOf(world, role), address: validAddress },
      }),
    },
  ],
  'DELETE /api/addresses/:addressId': [
    {
      expect: owned(),
      request: async (world) => ({
        method: 'DELETE',
        url: `/api/addresses/${(await createAddress(db(world), world.owner.id)).id}`,
        payload: { userId: world.owner.id },
      }),
    },
    {
      name: "the owner's address with the caller's own id",
      expect: { guest: 401, user: 200, other: 404, admin: 404 },
      request: async (world, role) => ({
        method: 'DELETE',
        url: `/api/addresses/${(await createAddress(db(world), world.owner.id)).id}`,
        payload: { userId: ownIdOf(world, role) },
      }),
    },
  ],
};
