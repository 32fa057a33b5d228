import {
  envelope,
  TRACK_MESSAGES,
  trackedOrderSchema,
  trackLinkParamsSchema,
  trackLinkQuerySchema,
  trackOrderBodySchema,
} from '@scholar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeLimit } from '../../lib/rate-limit';
import { trackByContact, trackBySignedLink } from './track.service';

/** Lookups by order number and email or phone from one address in 15 minutes (as the fatwah status page). */
export const TRACK_LOOKUPS_PER_IP = 10;
/** Openings of signed links from one address in 15 minutes: a link cannot be guessed, so only a flood is refused. */
export const TRACK_LINKS_PER_IP = 60;

/** "Track your order" without an account (docs/decisions/054). */
export const trackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/order-tracking',
    {
      config: { rateLimit: routeLimit(TRACK_LOOKUPS_PER_IP, '15 minutes', TRACK_MESSAGES.tooMany) },
      schema: {
        tags: ['orders'],
        summary:
          'Track an order by its number and the email or phone used (no address beyond city and pincode)',
        body: trackOrderBodySchema,
        response: { 200: envelope(trackedOrderSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await trackByContact(app.db, request.body) }),
  );

  app.get(
    '/order-tracking/:orderNumber',
    {
      config: { rateLimit: routeLimit(TRACK_LINKS_PER_IP, '15 minutes', TRACK_MESSAGES.tooMany) },
      schema: {
        tags: ['orders'],
        summary: 'The whole order through the signed link of its mails (`?t=`)',
        params: trackLinkParamsSchema,
        querystring: trackLinkQuerySchema,
        response: { 200: envelope(trackedOrderSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await trackBySignedLink(app.orderLinks, app.db, request.params.orderNumber, request.query.t),
    }),
  );
};
