import { apiErrorSchema, COUPON_MESSAGES, envelope, idParamsSchema, orderSchema } from '@scholar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireDesk } from '../../plugins/auth';
import { markCodCollected } from '../orders/cod';
import { getOrder } from '../orders/orders.service';
import { issueBill } from './bills.service';

/**
 * The orders desk's "Cash collected" on a cash-on-delivery order (docs/decisions/051). It lives with the bills, not
 * the orders, because it issues the bill: bills read their orders, so orders never call bills (docs/decisions/059).
 */
export const codRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireDesk('orders'));
  app.post(
    '/orders/admin/:id/cod-collected',
    {
      schema: {
        tags: ['orders'],
        summary: "Cash collected: a shipped or delivered cash-on-delivery order's amount reached the shop",
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: {
          200: envelope(z.object({ order: orderSchema })),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      // The bill of supply is issued in the collection's transaction (docs/decisions/053).
      await markCodCollected(app.db, request.params.id, async (tx, orderId) => {
        await issueBill(tx, orderId);
      });
      return {
        success: true as const,
        data: { order: await getOrder(app.db, request.params.id) },
        message: COUPON_MESSAGES.codCollected,
      };
    },
  );
};
