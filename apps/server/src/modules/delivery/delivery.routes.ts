import {
  apiErrorSchema,
  DELIVERY_MESSAGES,
  deliveryQuoteParamsSchema,
  deliveryQuoteQuerySchema,
  deliveryQuoteSchema,
  deliveryZoneBodySchema,
  deliveryZoneSchema,
  envelope,
  idempotencyHeadersSchema,
  idParamsSchema,
} from '@scholar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeLimit } from '../../lib/rate-limit';
import { registerDeskRoutes, staffFailures } from '../../plugins/staff-routes';
import { idempotent } from '../../plugins/idempotency';
import {
  createDeliveryZone,
  deleteDeliveryZone,
  listDeliveryZones,
  publicDeliveryQuote,
  updateDeliveryZone,
} from './delivery.service';

const tags = ['delivery'];
const security = [{ bearerAuth: [] }];
/** Pincode checks one address may make in a minute (the book page and the checkout ask as a pincode is typed). */
export const DELIVERY_QUOTES_PER_MINUTE = 120;

const zoneEnvelope = envelope(deliveryZoneSchema);

/**
 * Delivery by pincode (docs/decisions/052): anyone asks what delivery to a pincode costs and how long it takes; the
 * orders desk keeps the zones and their pincode ranges.
 */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/delivery/:pincode',
    {
      config: {
        rateLimit: routeLimit(DELIVERY_QUOTES_PER_MINUTE, '1 minute', DELIVERY_MESSAGES.rateLimited),
      },
      schema: {
        tags,
        summary:
          'Whether the shop delivers to a pincode, the charge for `quantity` books and the days it takes',
        params: deliveryQuoteParamsSchema,
        querystring: deliveryQuoteQuerySchema,
        response: { 200: envelope(deliveryQuoteSchema), 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await publicDeliveryQuote(app.db, request.params.pincode, request.query.quantity),
    }),
  );

  await registerDeskRoutes(app, 'orders', (desk) => {
    desk.get(
      '/delivery/admin/zones',
      {
        schema: {
          tags,
          summary: 'Every delivery zone with its pincode ranges, the default first',
          security,
          response: { 200: envelope(z.array(deliveryZoneSchema)), ...staffFailures },
        },
      },
      async () => ({ success: true as const, data: await listDeliveryZones(app.db) }),
    );

    desk.post(
      '/delivery/admin/zones',
      {
        schema: {
          tags,
          summary: 'Add a delivery zone with its pincode ranges',
          security,
          headers: idempotencyHeadersSchema,
          body: deliveryZoneBodySchema,
          response: { 201: zoneEnvelope.extend({ message: z.string() }), ...staffFailures },
        },
      },
      async (request, reply) =>
        idempotent(request, reply, {
          status: 201,
          create: async (db) => ({
            success: true as const,
            data: await createDeliveryZone(db, request.body),
            message: DELIVERY_MESSAGES.saved,
          }),
        }),
    );

    desk.put(
      '/delivery/admin/zones/:id',
      {
        schema: {
          tags,
          summary: 'Save a delivery zone whole: its charge, days, cash on delivery and every pincode range',
          security,
          params: idParamsSchema,
          body: deliveryZoneBodySchema,
          response: { 200: zoneEnvelope.extend({ message: z.string() }), ...staffFailures },
        },
      },
      async (request) => ({
        success: true as const,
        data: await updateDeliveryZone(app.db, request.params.id, request.body),
        message: DELIVERY_MESSAGES.saved,
      }),
    );

    desk.delete(
      '/delivery/admin/zones/:id',
      {
        schema: {
          tags,
          summary: 'Delete a delivery zone and its ranges (never the default zone)',
          security,
          params: idParamsSchema,
          response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...staffFailures },
        },
      },
      async (request) => {
        await deleteDeliveryZone(app.db, request.params.id);
        return { success: true as const, message: DELIVERY_MESSAGES.deleted };
      },
    );
  });
};
