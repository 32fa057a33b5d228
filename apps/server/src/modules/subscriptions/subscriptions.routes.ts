import {
  envelope,
  SUBSCRIPTION_MESSAGES,
  subscribeBodySchema,
  subscriptionConfirmedSchema,
  subscriptionStatsSchema,
  subscriptionTokenBodySchema,
  subscriptionTokenQuerySchema,
} from '@scholar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailLanguage } from '../../mail/i18n';
import { subscriptionConfirmMail, unsubscribeLinks } from '../../mail/subscription';
import { minutes, routeLimit } from '../../lib/rate-limit';
import { siteLocaleOf } from '../../lib/site-locale';
import { registerDeskRoutes } from '../../plugins/staff-routes';
import {
  CONFIRMS_PER_EMAIL_PER_DAY,
  confirmSubscription,
  mayMailConfirmation,
  subscribe,
  subscriberStats,
  unsubscribe,
} from './subscriptions.service';

/** Subscribe forms a single address may send in an hour, as many as questions. */
export const SUBSCRIBES_PER_IP_PER_HOUR = 5;

const done = z.object({ success: z.literal(true), message: z.string() });

export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per address mailed, whatever the client: in Redis when it is there, shared by every instance.
  const confirmMails = app.limits.counter(
    'subscription-confirm-email',
    CONFIRMS_PER_EMAIL_PER_DAY,
    minutes(24 * 60),
  );
  // RFC 8058: a mail client unsubscribes with a POST whose body is the form `List-Unsubscribe=One-Click`. The body
  // says nothing the route needs (the token is in the address), so it is read as text and otherwise ignored.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, next) => next(null, { form: String(body) }),
  );

  app.post(
    '/subscriptions',
    {
      config: {
        rateLimit: routeLimit(SUBSCRIBES_PER_IP_PER_HOUR, '1 hour', SUBSCRIPTION_MESSAGES.rateLimited),
      },
      schema: {
        tags: ['subscriptions'],
        summary: 'Subscribe an email to new fatwahs and/or articles (a confirmation link is mailed first)',
        body: subscribeBodySchema,
        response: { 202: done },
      },
    },
    async (request, reply) => {
      const answer = { success: true as const, message: SUBSCRIPTION_MESSAGES.subscribed };
      // The same answer whether the address was new, pending, confirmed, unsubscribed or mailed enough today.
      if (!(await mayMailConfirmation(app.db, request.body.email, confirmMails))) {
        return reply.code(202).send(answer);
      }
      const locale = siteLocaleOf(request);
      const asked = await subscribe(app.db, request.body, locale);
      const lang = mailLanguage(locale, app.config.publicUrl);
      app.mailer.sendLater(
        subscriptionConfirmMail(
          asked.email,
          asked.choices,
          lang,
          asked.confirmToken,
          unsubscribeLinks(app.config.publicUrl, lang, asked.unsubscribeToken),
        ),
        'subscription confirmation mail failed',
        {},
      );
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/subscriptions/confirm',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Confirm a subscription with the mailed link’s token',
        body: subscriptionTokenBodySchema,
        response: { 200: envelope(subscriptionConfirmedSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await confirmSubscription(app.db, request.body.token),
      message: SUBSCRIPTION_MESSAGES.confirmed,
    }),
  );

  app.post(
    '/subscriptions/unsubscribe',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'Unsubscribe with a mail’s token: the one-click POST of RFC 8058 (List-Unsubscribe=One-Click) or the page’s button',
        querystring: subscriptionTokenQuerySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await unsubscribe(app.db, request.query.token);
      return { success: true as const, message: SUBSCRIPTION_MESSAGES.unsubscribed };
    },
  );

  // The desk's counts.
  await registerDeskRoutes(app, 'fatwahs', (desk) => {
    desk.get(
      '/subscriptions/stats',
      {
        schema: {
          tags: ['subscriptions'],
          summary: 'How many subscribers: confirmed by topic and frequency, pending, unsubscribed',
          security: [{ bearerAuth: [] }],
          response: { 200: envelope(subscriptionStatsSchema) },
        },
      },
      async () => ({ success: true as const, data: await subscriberStats(app.db) }),
    );
  });
};
