import {
  emailProofStateSchema,
  emailVerifiedSchema,
  envelope,
  TRACK_MESSAGES,
  verifyEmailBodySchema,
} from '@scholar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeLimit } from '../../lib/rate-limit';
import { requireSignedIn, requireUser } from '../../plugins/auth';
import {
  confirmEmail,
  EmailProofGuard,
  emailProofState,
  resendEmailProof,
  type EmailProofContext,
} from './email-proof.service';

/** Confirmations tried from one address in 15 minutes (a real one needs one; a made-up token never works). */
export const CONFIRMATIONS_PER_IP = 20;
/** New links asked from one address in an hour, whatever the accounts. */
export const RESENDS_PER_IP = 10;

const security = [{ bearerAuth: [] }];

/** The email proof: its state, a new link, and the confirmation (docs/decisions/054). */
export const emailProofRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = new EmailProofGuard(app.limits);
  const context = (): EmailProofContext => ({ mailer: app.mailer, publicUrl: app.config.publicUrl });

  app.get(
    '/auth/email-verification',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['auth'],
        summary: 'Whether the signed-in user has confirmed their email',
        security,
        response: { 200: envelope(emailProofStateSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await emailProofState(app.db, requireUser(request).id),
    }),
  );

  app.post(
    '/auth/email-verification/resend',
    {
      // The role comes before the body: a guest is told to sign in, whatever it sent.
      onRequest: requireSignedIn,
      config: { rateLimit: routeLimit(RESENDS_PER_IP, '1 hour', TRACK_MESSAGES.verifyTooMany) },
      schema: {
        tags: ['auth'],
        summary: 'Mail a new confirmation link to the signed-in user (none once confirmed)',
        security,
        response: { 200: envelope(z.object({ sent: z.boolean() })).extend({ message: z.string() }) },
      },
    },
    async (request) => {
      const sent = await resendEmailProof(app.db, context(), guard, requireUser(request).id);
      return {
        success: true as const,
        data: { sent },
        message: sent ? TRACK_MESSAGES.verifySent : TRACK_MESSAGES.alreadyVerified,
      };
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: { rateLimit: routeLimit(CONFIRMATIONS_PER_IP, '15 minutes', TRACK_MESSAGES.verifyTooMany) },
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email with the mailed token; the guest orders of that email join the account',
        body: verifyEmailBodySchema,
        response: { 200: envelope(emailVerifiedSchema).extend({ message: z.string() }) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await confirmEmail(app.db, request.body.token),
      message: TRACK_MESSAGES.verified,
    }),
  );
};
