import {
  acceptAdminInviteBodySchema,
  adminInviteBodySchema,
  adminInviteSchema,
  adminRoleBodySchema,
  adminsListSchema,
  envelope,
  idempotencyHeadersSchema,
  idParamsSchema,
} from '@scholar/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeLimit } from '../../lib/rate-limit';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { RESETS_PER_IP_PER_15_MINUTES } from '../auth/auth.routes';
import {
  acceptInvite,
  changeStaffRole,
  getAdmins,
  inviteAdmin,
  removeAdmin,
  revokeInvite,
} from './admins.service';

/** Invitations accepted from one address in 15 minutes: as many as password resets (a made-up token never works). */
export const ACCEPTS_PER_IP_PER_15_MINUTES = RESETS_PER_IP_PER_15_MINUTES;
const security = [{ bearerAuth: [] }];
const done = envelope(z.null()).extend({ message: z.string() });

/**
 * The staff (docs/decisions/019, 047): the list with each one's role, invitations by mail in a role, role changes,
 * removal; accepting is public. Only an admin manages the staff.
 */
export const adminsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admins/invites/accept',
    {
      config: {
        rateLimit: routeLimit(
          ACCEPTS_PER_IP_PER_15_MINUTES,
          '15 minutes',
          'Too many invitation attempts. Please try again later.',
        ),
      },
      schema: {
        tags: ['admins'],
        summary:
          "Accept a mailed invitation: join the staff in the invitation's role with a name and password",
        body: acceptAdminInviteBodySchema,
        response: { 201: envelope(z.object({ email: z.string() })).extend({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const email = await acceptInvite(app.db, request.body, request.ip);
      return reply.code(201).send({
        success: true as const,
        data: { email },
        message: 'Your admin account is ready. Please log in.',
      });
    },
  );

  // Every route below needs an admin.
  await app.register(async (instance) => {
    const admin = instance.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', requireAdmin);

    admin.get(
      '/admins',
      {
        schema: {
          tags: ['admins'],
          summary: 'The staff with their roles, and the invitations not yet accepted',
          security,
          response: { 200: envelope(adminsListSchema) },
        },
      },
      async () => ({ success: true as const, data: await getAdmins(app.db) }),
    );

    admin.post(
      '/admins/invites',
      {
        schema: {
          tags: ['admins'],
          summary: 'Invite someone by email to the staff in a role (a one-time link valid for 7 days)',
          security,
          headers: idempotencyHeadersSchema,
          body: adminInviteBodySchema,
          response: {
            201: envelope(z.object({ invite: adminInviteSchema })).extend({ message: z.string() }),
          },
        },
      },
      // The mail goes to the outbox once the invitation (and its key) are committed, never while a transaction waits
      // on the mail server; one that cannot even be written there takes the invitation and the key back.
      async (request, reply) => {
        let send: () => Promise<void> = async () => undefined;
        return idempotent(request, reply, {
          status: 201,
          create: async (db) => {
            const made = await inviteAdmin(
              db,
              { caller: requireUser(request), mailer: app.mailer, publicUrl: app.config.publicUrl },
              request.body,
            );
            send = made.send;
            return {
              success: true as const,
              data: { invite: made.invite },
              message: `Invitation sent to ${made.invite.email}`,
            };
          },
          afterCommit: {
            run: () => send(),
            undo: (body) => revokeInvite(app.db, body.data.invite._id).catch(() => undefined),
          },
        });
      },
    );

    admin.put(
      '/admins/:id/role',
      {
        schema: {
          tags: ['admins'],
          summary:
            "Change another staff member's role (never one's own, never the last admin's); their sessions end",
          security,
          params: idParamsSchema,
          body: adminRoleBodySchema,
          response: { 200: done },
        },
      },
      async (request) => {
        await changeStaffRole(app.db, requireUser(request), request.params.id, request.body.role);
        return { success: true as const, data: null, message: 'Role changed' };
      },
    );

    /** A removal by id that answers only what was done. */
    const removeById = (
      url: string,
      {
        summary,
        message,
        remove,
      }: { summary: string; message: string; remove: (id: string) => Promise<void> },
    ) =>
      admin.delete(
        url,
        { schema: { tags: ['admins'], summary, security, params: idParamsSchema, response: { 200: done } } },
        async (request) => {
          await remove(request.params.id);
          return { success: true as const, data: null, message };
        },
      );

    removeById('/admins/invites/:id', {
      summary: 'Withdraw an invitation not yet accepted',
      message: 'Invitation withdrawn',
      remove: (id) => revokeInvite(app.db, id),
    });
    removeById('/admins/:id', {
      summary: "Take a staff member's rights away (never the last admin); their sessions end",
      message: 'Admin removed',
      remove: (id) => removeAdmin(app.db, id),
    });
  });
};
