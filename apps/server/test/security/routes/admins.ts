import { v7 as uuidv7 } from 'uuid';
import { mailOutbox } from '../../../src/db/schema';
import { createInvite, createUser } from '../../support/factories';
import { adminOnly, all, db, get, type Rows } from './cells';

/** Admins: what each caller must get. */
export const adminsRows: Rows = {
  // More than one admin: admins only, except accepting a mailed invitation (the token is the credential).
  'GET /api/admins': { expect: adminOnly(), request: () => get('/api/admins') },
  // What holds the server's memory: the admin's only.
  'GET /api/admin/memory': { expect: adminOnly(), request: () => get('/api/admin/memory') },
  'POST /api/admins/invites': {
    expect: adminOnly(201),
    request: (_world, role) => ({
      method: 'POST',
      url: '/api/admins/invites',
      payload: { email: `invited-by-${role}@example.com` },
    }),
  },
  'DELETE /api/admins/invites/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'DELETE',
      url: `/api/admins/invites/${(await createInvite(db(world), { invitedById: world.admin.id })).id}`,
    }),
  },
  'DELETE /api/admins/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'DELETE',
      url: `/api/admins/${(await createUser(db(world), { role: 'admin' })).id}`,
    }),
  },
  'PUT /api/admins/:id/role': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'PUT',
      url: `/api/admins/${(await createUser(db(world), { role: 'scholar' })).id}/role`,
      payload: { role: 'shop' },
    }),
  },
  'POST /api/admins/invites/accept': {
    expect: all(201),
    request: async (world) => ({
      method: 'POST',
      url: '/api/admins/invites/accept',
      payload: {
        token: (await createInvite(db(world), { invitedById: world.admin.id })).token,
        name: 'New Admin',
        password: 'password123',
      },
    }),
  },
  // The mail outbox (docs/decisions/072): a mail names its reader, so admins only.
  'GET /api/admin/mails': { expect: adminOnly(), request: () => get('/api/admin/mails?status=failed') },
  'POST /api/admin/mails/:id/retry': {
    expect: adminOnly(),
    request: async (world) => {
      const id = uuidv7();
      await db(world)
        .insert(mailOutbox)
        .values({
          id,
          kind: 'password reset mail failed',
          recipient: 'refused@example.com',
          status: 'failed',
          mail: {
            to: 'refused@example.com',
            subject: 'Reset',
            text: 'Reset',
            html: '<p>Reset</p>',
            messageId: `<${id}@localhost>`,
          },
        });
      return { method: 'POST', url: `/api/admin/mails/${id}/retry` };
    },
  },
};
