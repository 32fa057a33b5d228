import {
  cancelGuestCodOrdersBodySchema,
  cancelOrderBodySchema,
  idempotencyHeadersSchema,
  REFUND_MESSAGES,
  refundBodySchema,
  adminOrdersExportQuerySchema,
  adminOrdersPaginationSchema,
  adminOrdersQuerySchema,
  envelope,
  fulfillmentBodySchema,
  idParamsSchema,
  orderSchema,
  orderStatsSchema,
  ordersExportFileName,
  orderStatusBodySchema,
  userIdParamsSchema,
  userOrderParamsSchema,
  userOrdersQuerySchema,
  type FulfillmentBody,
} from '@scholar/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailLanguage } from '../../mail/i18n';
import { orderStatusMail } from '../../mail/order-status';
import { assertSelfOrDesk, requireDesk, requireSignedIn } from '../../plugins/auth';
import { requestFingerprint } from '../../plugins/idempotency';
import { ordersCsvStream } from './orders-csv';
import { notifyBackInStock } from '../books/back-in-stock';
import { refundsContextOf } from './refunds-context';
import { bookIdsOfOrder, cancelGuestCodOrders, cancelOrder, refundOrder } from './refunds.service';
import {
  getOrder,
  getUserOrder,
  listAdminOrders,
  listUserOrders,
  toOrderFilter,
  updateFulfillment,
} from './orders.service';

const security = [{ bearerAuth: [] }];
const orderEnvelope = envelope(z.object({ order: orderSchema }));

/** The schema of an admin's change to one order: its id in the path, the order as it now stands in the answer. */
const orderChange = <Body extends z.ZodType>(summary: string, body: Body) => ({
  tags: ['orders'],
  summary,
  security,
  params: idParamsSchema,
  body,
  response: { 200: orderEnvelope },
});

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const refunds = () => refundsContextOf(app);

  /** Saves a change and tells the customer when the order ships or arrives (a mail failure is logged only). */
  const fulfil = async (id: string, body: FulfillmentBody) => {
    const result = await updateFulfillment(app.db, id, body);
    // A cash-on-delivery parcel back (RTO) puts its copies back, and one sent again takes them: the books show the
    // stock, and readers waiting for a copy that came back get their one mail.
    if (result.stockMoved.length > 0) app.invalidatePublicCache('books');
    if (body.status === 'RTO') await notifyBackInStock(refunds(), await bookIdsOfOrder(app.db, id));
    const kind = result.newlyDelivered ? 'delivered' : result.newlyShipped ? 'shipped' : undefined;
    if (kind) {
      app.mailer.sendLater(
        orderStatusMail(
          { ...result.order, trackPath: app.orderLinks.trackPath(result.order) },
          kind,
          mailLanguage(result.locale, app.config.publicUrl),
        ),
        'order status mail failed',
        {
          orderNumber: result.order.orderNumber,
        },
      );
    }
    return result.order;
  };

  app.get(
    '/orders/:userId',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['orders'],
        summary: "A customer's own orders, newest first, 10 a page",
        security,
        params: userIdParamsSchema,
        querystring: userOrdersQuerySchema,
        response: {
          200: envelope(z.object({ orders: z.array(orderSchema), pagination: adminOrdersPaginationSchema })),
        },
      },
    },
    async (request) => {
      assertSelfOrDesk(request, request.params.userId, 'orders');
      return {
        success: true as const,
        data: await listUserOrders(app.db, request.params.userId, request.query.page),
      };
    },
  );

  app.get(
    '/orders/:userId/:orderId',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['orders'],
        summary: "One of a customer's own orders (404 when it is someone else's)",
        security,
        params: userOrderParamsSchema,
        response: { 200: orderEnvelope },
      },
    },
    async (request) => {
      assertSelfOrDesk(request, request.params.userId, 'orders');
      return {
        success: true as const,
        data: { order: await getUserOrder(app.db, request.params.userId, request.params.orderId) },
      };
    },
  );

  await app.register(async (instance) => {
    const admin = instance.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', requireDesk('orders'));

    admin.get(
      '/orders/admin/all',
      {
        schema: {
          tags: ['orders'],
          summary:
            'Every order: search (number, name, email, phone), status and date filters, stats, 10 a page',
          security,
          querystring: adminOrdersQuerySchema,
          response: {
            200: envelope(
              z.object({
                orders: z.array(orderSchema),
                stats: orderStatsSchema,
                pagination: adminOrdersPaginationSchema,
              }),
            ),
          },
        },
      },
      async (request) => ({
        success: true as const,
        data: await listAdminOrders(app.db, request.query),
      }),
    );

    admin.get(
      '/orders/admin/export-csv',
      {
        schema: {
          tags: ['orders'],
          summary: 'The filtered and searched orders as CSV, streamed',
          security,
          querystring: adminOrdersExportQuerySchema,
        },
      },
      async (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${ordersExportFileName()}"`)
          .header('cache-control', 'no-store')
          .send(ordersCsvStream(app.db, toOrderFilter(request.query))),
    );

    admin.get(
      '/orders/admin/:id',
      {
        schema: {
          tags: ['orders'],
          summary: 'One order',
          security,
          params: idParamsSchema,
          response: { 200: orderEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        data: { order: await getOrder(app.db, request.params.id) },
      }),
    );

    admin.patch(
      '/orders/admin/:id/status',
      {
        schema: orderChange('Change the status', orderStatusBodySchema),
      },
      async (request) => ({
        success: true as const,
        data: { order: await fulfil(request.params.id, { status: request.body.status }) },
        message: 'Order status updated successfully',
      }),
    );

    admin.post(
      '/orders/admin/:id/refunds',
      {
        // A refund by items may put copies back on the shelf, which the books show.
        config: { invalidates: 'books' },
        schema: {
          tags: ['orders'],
          summary:
            'Refund part or all of what is left of the payment (Razorpay Refunds API); an Idempotency-Key refunds once',
          security,
          params: idParamsSchema,
          headers: idempotencyHeadersSchema,
          body: refundBodySchema,
          response: { 201: orderEnvelope, 200: orderEnvelope },
        },
      },
      async (request, reply) => {
        const result = await refundOrder(refunds(), request.params.id, request.body, {
          idempotencyKey: request.headers['idempotency-key'],
          // The desk's key names one refund of the order, whoever sends it again.
          fingerprint: requestFingerprint(request, { withCaller: false }),
          adminId: request.user?.id,
        });
        if (result.replayed) void reply.header('idempotent-replayed', 'true');
        return reply.code(201).send({
          success: true as const,
          data: { order: result.order },
          message: REFUND_MESSAGES.refundStarted,
        });
      },
    );

    admin.post(
      '/orders/admin/:id/cancel',
      {
        // The order's copies go back to the stock, which the books show.
        config: { invalidates: 'books' },
        schema: orderChange(
          'Cancel an order not shipped yet: a full refund and its copies back to the stock',
          cancelOrderBodySchema,
        ),
      },
      async (request) => {
        const result = await cancelOrder(refunds(), request.params.id, request.body, {
          adminId: request.user?.id,
        });
        return { success: true as const, data: { order: result.order }, message: result.message };
      },
    );

    admin.post(
      '/orders/admin/guest-cod/cancel',
      {
        // The orders' copies go back to the stock, which the books show.
        config: { invalidates: 'books' },
        schema: {
          tags: ['orders'],
          summary:
            "Cancel guests' cash-on-delivery orders waiting to be sent, up to 100 at once: their copies back to the stock, a mail to each buyer; an order that is not such an order is refused with its reason",
          security,
          body: cancelGuestCodOrdersBodySchema,
          response: {
            200: envelope(
              z.object({
                cancelled: z.array(orderSchema),
                refused: z.array(z.object({ id: z.string(), message: z.string(), code: z.string() })),
              }),
            ),
          },
        },
      },
      async (request) => {
        const { cancelled, refused, message } = await cancelGuestCodOrders(refunds(), request.body, {
          adminId: request.user?.id,
        });
        return { success: true as const, data: { cancelled, refused }, message };
      },
    );

    admin.patch(
      '/orders/admin/:id/fulfillment',
      {
        schema: orderChange(
          'Tracking, provider, estimated delivery, notes and status',
          fulfillmentBodySchema,
        ),
      },
      async (request) => ({
        success: true as const,
        data: { order: await fulfil(request.params.id, request.body) },
        message: 'Order fulfillment updated successfully!',
      }),
    );
  });
};
