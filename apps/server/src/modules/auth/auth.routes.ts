import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResultSchema,
  envelope,
  forgotPasswordBodySchema,
  loginBodySchema,
  passwordChangeBodySchema,
  refreshTokenBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  tokenPairSchema,
  idempotencyHeadersSchema,
  userIdParamsSchema,
  userRoleSchema,
  userSchema,
} from '@scholar/shared';
import { z } from 'zod';
import { backgroundWork } from '../../lib/background';
import { routeLimit } from '../../lib/rate-limit';
import { siteLocaleOf } from '../../lib/site-locale';
import type { Mail } from '../../mail/mailer';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { ownAccountOnly } from '../users/users.routes';
import { getUser } from '../users/users.service';
import {
  hashNewPassword,
  LoginGuard,
  login,
  logout,
  refresh,
  register,
  signInRegistered,
} from './auth.service';
import { startEmailProof } from './email-proof.service';
import {
  changePassword,
  PASSWORD_CHANGE_LIMITS,
  ResetGuard,
  requestPasswordReset,
  resetPassword,
} from './password.service';

export const REGISTRATIONS_PER_IP_PER_HOUR = 20;
/** Password resets tried from one address in 15 minutes (a real one needs one; a made-up token never works). */
export const RESETS_PER_IP_PER_15_MINUTES = 10;
const done = envelope(z.null()).extend({ message: z.string() });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const loginGuard = new LoginGuard(app.limits);
  const resetGuard = new ResetGuard(app.limits);
  const wrongPasswords = app.limits.counter(
    'password-change',
    PASSWORD_CHANGE_LIMITS.perAccount,
    PASSWORD_CHANGE_LIMITS.windowMs,
  );

  // Reset mails leave after the answer, so that a slow or broken mail transport cannot tell a known address from
  // an unknown one; a failure is logged only.
  const sendLater = (mail: Mail, userId: string) =>
    app.mailer.sendLater(mail, 'password reset mail failed', { userId });
  // Work done after the answer (what only a known address needs); stopping waits for it, then for its mails.
  const background = backgroundWork(app.log);
  const later = (task: () => Promise<void>) => background.run(task, 'password reset request failed');
  app.addHook('preClose', background.settled);

  app.post(
    '/auth/register',
    {
      config: {
        rateLimit: routeLimit(
          REGISTRATIONS_PER_IP_PER_HOUR,
          '1 hour',
          'Too many registrations from this network. Please try again later.',
        ),
      },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        headers: idempotencyHeadersSchema,
        body: registerBodySchema,
        response: { 201: envelope(authResultSchema) },
      },
    },
    // With a key, only the account's id is kept for a replay (never its tokens), which signs the account in anew.
    async (request, reply) =>
      idempotent(request, reply, {
        status: 201,
        prepare: () => hashNewPassword(app.db, request.body, request.ip),
        create: async (db, passwordHash) => ({
          success: true as const,
          // The first email proof link is stored in the same transaction and mailed after the answer.
          data: await startEmailProof(
            db,
            { mailer: app.mailer, publicUrl: app.config.publicUrl },
            await register(db, app.config, request.body, passwordHash, siteLocaleOf(request)),
          ),
          message: 'Registration successful',
        }),
        keep: (answer) => ({ userId: answer.data.user._id }),
        replay: async (kept) => ({
          success: true as const,
          data: await signInRegistered(
            app.db,
            app.config,
            (kept as { userId: string }).userId,
            request.body.password,
            request.ip,
          ),
          message: 'Registration successful',
        }),
      }),
  );

  app.post(
    '/auth/login',
    {
      // An address that has used up its failures is refused before its body is read: under a flood, a refusal
      // costs the server as little as possible, which keeps it answering everyone else.
      onRequest: async (request) => loginGuard.checkAddress(request.ip),
      schema: {
        tags: ['auth'],
        summary: 'Sign in; answers the user with its role',
        body: loginBodySchema,
        response: { 200: envelope(authResultSchema) },
      },
    },
    async (request) => {
      const result = await login(app.db, app.config, loginGuard, request.body, request.ip);
      return { success: true as const, data: result, message: 'Login successful' };
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: envelope(z.object({ user: userSchema })) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { user: await getUser(app.db, requireUser(request).id) },
    }),
  );

  app.post(
    '/auth/refresh-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new pair (the old one stops working)',
        body: refreshTokenBodySchema,
        response: { 200: envelope(tokenPairSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await refresh(app.db, app.config, request.body.refreshToken),
    }),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session of a refresh token',
        body: refreshTokenBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await logout(app.db, request.body.refreshToken);
      return { success: true as const, data: null, message: 'Logged out' };
    },
  );

  app.post(
    '/password/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password-reset link',
        body: forgotPasswordBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await requestPasswordReset(
        app.db,
        app.config,
        later,
        sendLater,
        resetGuard,
        request.body.email,
        request.ip,
      );
      return {
        success: true as const,
        data: null,
        message: 'If an account exists for this email, a reset link has been sent.',
      };
    },
  );

  app.post(
    '/password/reset-password',
    {
      config: {
        rateLimit: routeLimit(
          RESETS_PER_IP_PER_15_MINUTES,
          '15 minutes',
          'Too many password reset attempts. Please try again later.',
        ),
      },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a mailed token; answers the role, whose login page is next',
        body: resetPasswordBodySchema,
        response: {
          200: envelope(z.object({ role: userRoleSchema })).extend({ message: z.string() }),
        },
      },
    },
    async (request) => {
      const { email, role } = await resetPassword(
        app.db,
        request.body.token,
        request.body.password,
        request.ip,
      );
      // The owner is back in: failures on the account from anywhere are forgiven.
      await loginGuard.forgive(email);
      return { success: true as const, data: { role }, message: 'Password reset successful' };
    },
  );

  // Under /users with the account's other changes, but here with the other password routes: it ends sessions,
  // which auth owns, and the users module never calls auth.
  app.put(
    '/users/password/:userId',
    {
      // Before the body is read: a guest is refused (401), and anyone but the account's owner (403).
      onRequest: ownAccountOnly,
      schema: {
        tags: ['users'],
        summary: "Change your own password (with the current one); the account's other sessions end",
        security: [{ bearerAuth: [] }],
        params: userIdParamsSchema,
        body: passwordChangeBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await changePassword(app.db, request.body, {
        caller: requireUser(request),
        address: request.ip,
        wrongPasswords,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
      });
      return { success: true as const, data: null, message: 'Password changed' };
    },
  );
};
