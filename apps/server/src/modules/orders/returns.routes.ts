import {
  adminReturnsQuerySchema,
  approveReturnBodySchema,
  declineReturnBodySchema,
  envelope,
  idParamsSchema,
  receiveReturnBodySchema,
  RETURN_MESSAGES,
  returnRequestBodySchema,
  returnRequestSchema,
  trackLinkParamsSchema,
  trackLinkQuerySchema,
  userOrderParamsSchema,
} from '@scholar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeLimit } from '../../lib/rate-limit';
import { forbidden } from '../../lib/errors';
import { assertSelfOrDesk, requireSignedIn, requireUser } from '../../plugins/auth';
import { registerDeskRoutes } from '../../plugins/staff-routes';
import { refundsContextOf } from './refunds-context';
import {
  approveReturn,
  declineReturn,
  listOrderReturns,
  listReturns,
  listUserOrderReturns,
  receiveReturn,
  refundReturn,
  requestReturn,
  requestUserReturn,
  signedLinkOrder,
  type ReturnsContext,
} from './returns.service';

const security = [{ bearerAuth: [] }];
const requestEnvelope = envelope(z.object({ request: returnRequestSchema }));
const listEnvelope = envelope(z.object({ requests: z.array(returnRequestSchema) }));
const requestParamsSchema = z.object({ requestId: idParamsSchema.shape.id });

/** How a signed-in route is listed in the API's documentation. */
const documented = (summary: string) => ({ tags: ['returns'], summary, security });

/** The reply that lists requests. */
const listed = (requests: z.infer<typeof returnRequestSchema>[]) => ({
  success: true as const,
  data: { requests },
});

/** The schema of a desk's answer to one request: the request as it stands after it comes back. */
function deskAnswerSchema(summary: string): DeskAnswerSchema;
function deskAnswerSchema<B extends z.ZodTypeAny>(summary: string, body: B): DeskAnswerSchema & { body: B };
function deskAnswerSchema(summary: string, body?: z.ZodTypeAny) {
  return {
    ...documented(summary),
    params: requestParamsSchema,
    ...(body && { body }),
    response: { 200: requestEnvelope },
  };
}
type DeskAnswerSchema = {
  tags: string[];
  summary: string;
  security: typeof security;
  params: typeof requestParamsSchema;
  response: { 200: typeof requestEnvelope };
};

/** The reply to a desk's answer: the request, and what the desk is told. */
const answered = (result: { request: z.infer<typeof returnRequestSchema>; message: string }) => ({
  success: true as const,
  data: { request: result.request },
  message: result.message,
});

/** A customer's requests per hour from one address: a few are plenty, one open per order anyway. */
const RETURN_REQUESTS_PER_HOUR = 20;

/**
 * Returns and cancellations asked by the customer, and the desk's answers (docs/decisions/055): the customer's
 * side under their own orders, the desk's under `/orders/admin`, for the orders desk only.
 */
export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (): ReturnsContext => ({
    ...refundsContextOf(app),
    shopEmail: async () => (await app.siteSettings.get()).contactEmail,
  });

  app.get(
    '/orders/:userId/:orderId/returns',
    {
      onRequest: requireSignedIn,
      schema: {
        ...documented("A customer's requests about one of their own orders, newest first"),
        params: userOrderParamsSchema,
        response: { 200: listEnvelope },
      },
    },
    async (request) => {
      assertSelfOrDesk(request, request.params.userId, 'orders');
      return listed(await listUserOrderReturns(app.db, request.params.userId, request.params.orderId));
    },
  );

  app.post(
    '/orders/:userId/:orderId/returns',
    {
      onRequest: requireSignedIn,
      config: {
        rateLimit: routeLimit(
          RETURN_REQUESTS_PER_HOUR,
          '1 hour',
          'Too many requests from this network. Please try again later.',
        ),
      },
      schema: {
        ...documented('Ask to cancel an order not shipped yet, or to return copies of a delivered one'),
        params: userOrderParamsSchema,
        body: returnRequestBodySchema,
        response: { 201: requestEnvelope },
      },
    },
    async (request, reply) => {
      // Only the customer asks, for their own order; the desk answers requests and does not ask in a name.
      const user = requireUser(request);
      if (user.id !== request.params.userId) {
        throw forbidden('You can only access your own account', 'NOT_YOUR_ACCOUNT');
      }
      const created = await requestUserReturn(
        context(),
        request.params.userId,
        request.params.orderId,
        request.body,
      );
      return reply.code(201).send({
        success: true as const,
        data: { request: created },
        message: RETURN_MESSAGES.requested,
      });
    },
  );

  // A guest's order, through the signed link of its mails (the tracking page): the same request and answers.
  app.get(
    '/order-tracking/:orderNumber/returns',
    {
      config: {
        rateLimit: routeLimit(
          60,
          '15 minutes',
          'Too many requests from this network. Please try again later.',
        ),
      },
      schema: {
        tags: ['returns'],
        summary: 'The requests about an order, through its signed link (`?t=`), newest first',
        params: trackLinkParamsSchema,
        querystring: trackLinkQuerySchema,
        response: { 200: listEnvelope },
      },
    },
    async (request) => {
      const order = await signedLinkOrder(
        app.orderLinks,
        app.db,
        request.params.orderNumber,
        request.query.t,
      );
      return listed(await listOrderReturns(app.db, order.id));
    },
  );

  app.post(
    '/order-tracking/:orderNumber/returns',
    {
      config: {
        rateLimit: routeLimit(
          RETURN_REQUESTS_PER_HOUR,
          '1 hour',
          'Too many requests from this network. Please try again later.',
        ),
      },
      schema: {
        tags: ['returns'],
        summary: 'Ask to cancel or return an order through its signed link (`?t=`), as its customer',
        params: trackLinkParamsSchema,
        querystring: trackLinkQuerySchema,
        body: returnRequestBodySchema,
        response: { 201: requestEnvelope },
      },
    },
    async (request, reply) => {
      const order = await signedLinkOrder(
        app.orderLinks,
        app.db,
        request.params.orderNumber,
        request.query.t,
      );
      const created = await requestReturn(context(), order, request.body);
      return reply.code(201).send({
        success: true as const,
        data: { request: created },
        message: RETURN_MESSAGES.requested,
      });
    },
  );

  await registerDeskRoutes(app, 'orders', (admin) => {
    admin.get(
      '/orders/admin/returns',
      {
        schema: {
          ...documented('The open requests (oldest first), or the answered ones'),
          querystring: adminReturnsQuerySchema,
          response: { 200: listEnvelope },
        },
      },
      async (request) => listed(await listReturns(app.db, request.query.status)),
    );

    admin.get(
      '/orders/admin/:id/returns',
      {
        schema: {
          ...documented("An order's requests, newest first"),
          params: idParamsSchema,
          response: { 200: listEnvelope },
        },
      },
      async (request) => listed(await listOrderReturns(app.db, request.params.id)),
    );

    admin.post(
      '/orders/admin/returns/:requestId/approve',
      {
        // A cancellation puts all its copies back on the shelf; an approved return moves no stock.
        config: { invalidates: 'books' },
        schema: deskAnswerSchema(
          'Approve: a return, the copies to send back (no money and no stock move); a cancellation, the cancel',
          approveReturnBodySchema,
        ),
      },
      async (request) =>
        answered(await approveReturn(context(), request.params.requestId, request.body, request.user?.id)),
    );

    admin.post(
      '/orders/admin/returns/:requestId/received',
      {
        // The copies the desk puts back on the shelf.
        config: { invalidates: 'books' },
        schema: deskAnswerSchema(
          "The parcel of an approved return came back: the copies received and those back to stock, each the desk's choice",
          receiveReturnBodySchema,
        ),
      },
      async (request) =>
        answered(await receiveReturn(context(), request.params.requestId, request.body, request.user?.id)),
    );

    admin.post(
      '/orders/admin/returns/:requestId/refund',
      {
        schema: deskAnswerSchema(
          'Refund the received copies of a return (a refund by items; nothing restocked again)',
        ),
      },
      async (request) => answered(await refundReturn(context(), request.params.requestId, request.user?.id)),
    );

    admin.post(
      '/orders/admin/returns/:requestId/decline',
      {
        schema: deskAnswerSchema(
          'Decline with a reason, which the customer is sent',
          declineReturnBodySchema,
        ),
      },
      async (request) =>
        answered({
          request: await declineReturn(context(), request.params.requestId, request.body, request.user?.id),
          message: RETURN_MESSAGES.declined,
        }),
    );
  });
};
