import { apiErrorSchema, idSchema } from '@scholar/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeLimit } from '../../lib/rate-limit';
import { requireSignedIn, requireUser } from '../../plugins/auth';
import { registerDeskRoutes } from '../../plugins/staff-routes';
import { billPdfForOrder, customerBillPdf, type BillPdf } from './bills.service';

const tags = ['bills'];
const security = [{ bearerAuth: [] }];
const params = z.object({ orderId: idSchema });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
/** A customer's downloads: a bill is a few hundred milliseconds of work, so a person's clicks are plenty. */
const DOWNLOADS_PER_MINUTE = 20;

/** A bill as a download named by its number; never kept by a cache on the way. */
const sendPdf = (reply: FastifyReply, bill: BillPdf) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${bill.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(bill.pdf);

/** The bills of supply as PDF files (docs/decisions/053): the customer's own, and the desk's. */
export const billsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bills/orders/:orderId',
    {
      onRequest: requireSignedIn,
      config: {
        rateLimit: routeLimit(DOWNLOADS_PER_MINUTE, '1 minute', 'Too many downloads. Please wait a minute.'),
      },
      schema: {
        tags,
        summary: "The bill of supply of one of the customer's own orders, as a PDF (404 for anyone else's)",
        security,
        params,
        response: errors,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await customerBillPdf(app.db, requireUser(request).id, request.params.orderId, request.ip),
      ),
  );

  await registerDeskRoutes(app, 'orders', (desk) => {
    desk.get(
      '/bills/admin/orders/:orderId',
      {
        schema: {
          tags,
          summary:
            'The bill of supply of any order, as a PDF (404 until the order has one: COD before its cash)',
          security,
          params,
          response: errors,
        },
      },
      async (request, reply) =>
        sendPdf(reply, await billPdfForOrder(app.db, request.params.orderId, request.ip)),
    );
  });
};
