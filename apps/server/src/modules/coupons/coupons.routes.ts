import {
  apiErrorSchema,
  COUPON_MESSAGES,
  couponBodySchema,
  couponCheckBodySchema,
  couponParamsSchema,
  couponPreviewSchema,
  couponSchema,
  envelope,
} from '@scholar/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeLimit } from '../../lib/rate-limit';
import { requireDesk } from '../../plugins/auth';
import {
  createCoupon,
  deactivateCoupon,
  deskCoupons,
  editCoupon,
  previewCheckoutCoupon,
} from './coupons.service';

const tags = ['coupons'];
const security = [{ bearerAuth: [] }];
const couponEnvelope = envelope(z.object({ coupon: couponSchema }));
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** Codes one address may try in 10 minutes: enough for a customer's typos, too few to guess codes. */
export const COUPON_CHECKS_PER_ADDRESS = 30;
const COUPON_CHECKS_LIMITED = 'Too many coupon codes tried from this network. Please wait a few minutes.';

/**
 * Coupons (docs/decisions/051): the checkout's preview of a code, and the orders desk's list, create, edit and
 * deactivate.
 */
export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/coupons/check',
    {
      config: { rateLimit: routeLimit(COUPON_CHECKS_PER_ADDRESS, '10 minutes', COUPON_CHECKS_LIMITED) },
      schema: {
        tags,
        summary:
          'What a coupon code takes off these cart lines (priced on the server), or why it does not apply',
        body: couponCheckBodySchema,
        response: { 200: envelope(couponPreviewSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await previewCheckoutCoupon(app.db, request.user, request.body),
    }),
  );

  await app.register(async (instance) => {
    const desk = instance.withTypeProvider<ZodTypeProvider>();
    desk.addHook('onRequest', requireDesk('orders'));

    desk.get(
      '/coupons/admin',
      {
        schema: {
          tags,
          summary: 'Every coupon, active first, with its uses',
          security,
          response: { 200: envelope(z.object({ coupons: z.array(couponSchema) })) },
        },
      },
      async () => ({ success: true as const, data: { coupons: await deskCoupons(app.db) } }),
    );

    desk.post(
      '/coupons/admin',
      {
        schema: {
          tags,
          summary: 'Create a coupon',
          security,
          body: couponBodySchema,
          response: { 201: couponEnvelope, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          data: { coupon: await createCoupon(app.db, request.body) },
          message: COUPON_MESSAGES.created,
        }),
    );

    desk.put(
      '/coupons/admin/:id',
      {
        schema: {
          tags,
          summary: 'Change a coupon (every field)',
          security,
          params: couponParamsSchema,
          body: couponBodySchema,
          response: { 200: couponEnvelope, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: { coupon: await editCoupon(app.db, request.params.id, request.body) },
        message: COUPON_MESSAGES.saved,
      }),
    );

    desk.post(
      '/coupons/admin/:id/deactivate',
      {
        schema: {
          tags,
          summary: 'Deactivate a coupon: it no longer applies; uses already taken stay',
          security,
          params: couponParamsSchema,
          response: { 200: couponEnvelope, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: { coupon: await deactivateCoupon(app.db, request.params.id) },
        message: COUPON_MESSAGES.deactivated,
      }),
    );
  });
};
