import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressBodySchema,
  addressIdParamsSchema,
  addressSchema,
  displayNameBodySchema,
  emailChangeBodySchema,
  envelope,
  idempotencyHeadersSchema,
  profileBodySchema,
  userIdBodySchema,
  userIdParamsSchema,
  userSchema,
} from '@scholar/shared';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors';
import { assertSelfOrAdmin, requireSignedIn, requireStaff, requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import {
  addAddress,
  changeEmail,
  EMAIL_CHANGE_LIMITS,
  editAddress,
  getAddresses,
  removeAddress,
  setDisplayName,
  updateProfile,
} from './users.service';

const security = [{ bearerAuth: [] }];
const userEnvelope = envelope(z.object({ user: userSchema }));

/**
 * onRequest, before the body is read: the `userId` of the path is the caller's own, whatever their role. Auth's
 * password change (`PUT /users/password/:userId`, in auth.routes.ts beside the other password routes) uses it too.
 */
export async function ownAccountOnly(request: FastifyRequest): Promise<void> {
  const { userId } = request.params as { userId?: string };
  if (requireUser(request).id !== userId) {
    throw forbidden('You can only change your own email and password', 'NOT_YOUR_ACCOUNT');
  }
}

/**
 * The schema of a change to one of a user's addresses: the body names the user (checked against the caller); the
 * answer is the user as they now stand.
 */
const addressChange = <Body extends z.ZodType>(summary: string, body: Body) => ({
  tags: ['addresses'],
  summary,
  security,
  params: addressIdParamsSchema,
  body,
  response: { 200: userEnvelope },
});

/** Profile and addresses: signed-in callers, on their own account only (admins on any). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Checked before the body is read: a guest learns nothing about the fields.
  app.addHook('onRequest', requireSignedIn);
  const emailChanges = app.limits.counter(
    'email-change',
    EMAIL_CHANGE_LIMITS.perAccount,
    EMAIL_CHANGE_LIMITS.windowMs,
  );

  app.put(
    '/users/profile/:userId',
    {
      schema: {
        tags: ['users'],
        summary: 'Edit name, email and phone (a new email needs currentPassword)',
        security,
        params: userIdParamsSchema,
        body: profileBodySchema,
        response: { 200: userEnvelope },
      },
    },
    async (request) => {
      const caller = assertSelfOrAdmin(request, request.params.userId);
      const user = await updateProfile(app.db, request.params.userId, request.body, {
        caller,
        address: request.ip,
        emailChanges,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
      });
      return { success: true as const, data: { user }, message: 'Profile updated successfully' };
    },
  );

  app.put(
    '/users/email/:userId',
    {
      onRequest: ownAccountOnly,
      schema: {
        tags: ['users'],
        summary: 'Change your own email (with your current password); the old address is told',
        security,
        params: userIdParamsSchema,
        body: emailChangeBodySchema,
        response: { 200: userEnvelope },
      },
    },
    async (request) => {
      const user = await changeEmail(app.db, request.params.userId, request.body, {
        caller: requireUser(request),
        address: request.ip,
        emailChanges,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
      });
      return { success: true as const, data: { user }, message: 'Email changed' };
    },
  );

  app.put(
    '/users/display-name/:userId',
    {
      // Before the body is read: only staff (admin, scholar, shop), on their own account.
      onRequest: async (request) => {
        await requireStaff(request);
        const { userId } = request.params as { userId?: string };
        if (requireUser(request).id !== userId) {
          throw forbidden('You can only change your own display name', 'NOT_YOUR_ACCOUNT');
        }
      },
      schema: {
        tags: ['users'],
        summary: "A staff member's own display name, shown on answers and articles (null or blank: the name)",
        security,
        params: userIdParamsSchema,
        body: displayNameBodySchema,
        response: { 200: userEnvelope },
      },
    },
    async (request) => {
      const user = await setDisplayName(
        app.db,
        requireUser(request),
        request.params.userId,
        request.body.displayName,
      );
      return { success: true as const, data: { user }, message: 'Display name saved' };
    },
  );

  app.get(
    '/addresses/:userId',
    {
      schema: {
        tags: ['addresses'],
        summary: 'The addresses of a user',
        security,
        params: userIdParamsSchema,
        response: { 200: envelope(z.object({ addresses: z.array(addressSchema) })) },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.userId);
      return {
        success: true as const,
        data: { addresses: await getAddresses(app.db, request.params.userId) },
      };
    },
  );

  app.post(
    '/addresses',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Add an address',
        security,
        headers: idempotencyHeadersSchema,
        body: addressBodySchema,
        response: { 201: userEnvelope },
      },
    },
    async (request, reply) => {
      assertSelfOrAdmin(request, request.body.userId);
      return idempotent(request, reply, {
        status: 201,
        create: async (db) => ({
          success: true as const,
          data: { user: await addAddress(db, request.body.userId, request.body.address) },
          message: 'Address added successfully',
        }),
      });
    },
  );

  app.put(
    '/addresses/:addressId',
    { schema: addressChange('Edit an address', addressBodySchema) },
    async (request) => {
      assertSelfOrAdmin(request, request.body.userId);
      const user = await editAddress(
        app.db,
        request.body.userId,
        request.params.addressId,
        request.body.address,
      );
      return { success: true as const, data: { user }, message: 'Address updated successfully' };
    },
  );

  app.delete(
    '/addresses/:addressId',
    { schema: addressChange('Delete an address', userIdBodySchema) },
    async (request) => {
      assertSelfOrAdmin(request, request.body.userId);
      const user = await removeAddress(app.db, request.body.userId, request.params.addressId);
      return { success: true as const, data: { user }, message: 'Address deleted successfully' };
    },
  );
};
