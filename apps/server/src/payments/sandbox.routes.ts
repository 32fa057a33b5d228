import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { AppInstance } from '../app';
import { sandboxOrders, sandboxPayments } from '../db/schema';
import type { FetchLike, RazorpayOrder, RazorpayPayment } from './razorpay-client';
import { SANDBOX_CHECKOUT_JS } from './sandbox-checkout';
import { hmacHex, paymentSignature, signaturesMatch } from './signature';

export const SANDBOX_PREFIX = '/payments/sandbox';
/**
 * The largest payment the sandbox takes, ₹10 crore: it plays a Razorpay account whose limit was raised that far.
 * Razorpay sets this limit per account; above it, an order is refused with a 400 about the amount, as here.
 */
export const SANDBOX_MAX_AMOUNT_PAISE = 10_00_00_000 * 100;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const razorpayId = (prefix: string) =>
  `${prefix}_${Array.from(randomBytes(14), (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;

type OrderRow = typeof sandboxOrders.$inferSelect;
type PaymentRow = typeof sandboxPayments.$inferSelect;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function toOrder(row: OrderRow, paid: number): RazorpayOrder {
  return {
    id: row.id,
    entity: 'order',
    amount: row.amount,
    amount_paid: paid,
    amount_due: row.amount - paid,
    currency: row.currency,
    receipt: row.receipt,
    status: row.status as RazorpayOrder['status'],
    attempts: row.attempts,
    notes: row.notes,
    created_at: seconds(row.createdAt),
  };
}

function toPayment(row: PaymentRow): RazorpayPayment {
  return {
    id: row.id,
    entity: 'payment',
    amount: row.amount,
    currency: row.currency,
    status: row.status as RazorpayPayment['status'],
    order_id: row.orderId,
    method: row.method,
    captured: row.status === 'captured',
    error_code: row.errorCode,
    error_description: row.errorDescription,
    created_at: seconds(row.createdAt),
  };
}

const razorpayError = (reply: FastifyReply, status: number, description: string) =>
  reply.code(status).send({ error: { code: 'BAD_REQUEST_ERROR', description } });

/**
 * A Razorpay-compatible sandbox (only when RAZORPAY_SANDBOX is on): the Orders and Payments API with basic auth,
 * the checkout script, and a `pay` call that settles a payment, signs the answer with the key secret and sends
 * the signed webhooks (retried like Razorpay's) — so the shop runs the same checks it runs in production.
 */
export async function sandboxRoutes(
  instance: AppInstance,
  options: { deliver: FetchLike; webhookPath: string },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { keyId, keySecret, webhookSecret } = app.config.razorpay;

  const requireKeys = async (request: FastifyRequest, reply: FastifyReply) => {
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    const [id, secret] = Buffer.from(encoded ?? '', 'base64')
      .toString('utf8')
      .split(':');
    const ok =
      scheme === 'Basic' && signaturesMatch(keyId, id ?? '') && signaturesMatch(keySecret, secret ?? '');
    if (!ok) return razorpayError(reply, 401, 'The api key provided is invalid');
  };

  const findOrder = async (id: string) => {
    const [row] = await app.db.select().from(sandboxOrders).where(eq(sandboxOrders.id, id));
    return row;
  };
  const paymentsOf = (orderId: string) =>
    app.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, orderId));
  const paidAmount = (payments: PaymentRow[]) =>
    payments.filter((p) => p.status === 'captured').reduce((sum, p) => sum + p.amount, 0);

  // Once the server is stopping, no new webhook is sent (Razorpay would retry it later), and those under way are
  // waited for before the database closes.
  let closing = false;
  const deliveries = new Set<Promise<void>>();
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...deliveries]);
  });

  /** Razorpay retries a webhook that was not answered with 2xx; so does the sandbox (3 tries here). */
  const sendWebhook = async (event: string, payload: Record<string, unknown>) => {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_sandbox',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: seconds(new Date()),
    });
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(webhookSecret, body),
      'x-razorpay-event-id': `evt_${uuidv7().replace(/-/g, '')}`,
    };
    for (let attempt = 0; attempt < 3 && !closing; attempt += 1) {
      try {
        const res = await options.deliver(options.webhookPath, { method: 'POST', headers, body });
        if (res.status >= 200 && res.status < 300) return;
      } catch (error) {
        app.log.warn({ err: error, event }, 'sandbox webhook delivery failed');
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  };

  await app.register(async (api) => {
    const v1 = api.withTypeProvider<ZodTypeProvider>();
    v1.addHook('preHandler', requireKeys);

    v1.post(
      '/v1/orders',
      {
        schema: {
          hide: true,
          body: z.object({
            amount: z.number().int().min(100),
            currency: z.literal('INR'),
            receipt: z.string().max(40).optional(),
            notes: z.record(z.string(), z.string()).optional(),
          }),
        },
      },
      async (request, reply) => {
        if (request.body.amount > SANDBOX_MAX_AMOUNT_PAISE) {
          return razorpayError(reply, 400, 'Amount exceeds maximum amount allowed.');
        }
        const [row] = await app.db
          .insert(sandboxOrders)
          .values({
            id: razorpayId('order'),
            amount: request.body.amount,
            currency: request.body.currency,
            receipt: request.body.receipt ?? null,
            notes: request.body.notes ?? {},
          })
          .returning();
        return toOrder(row!, 0);
      },
    );

    v1.get(
      '/v1/orders/:id',
      { schema: { hide: true, params: z.object({ id: z.string() }) } },
      async (request, reply) => {
        const order = await findOrder(request.params.id);
        if (!order) return razorpayError(reply, 400, 'The id provided does not exist');
        return toOrder(order, paidAmount(await paymentsOf(order.id)));
      },
    );

    v1.get(
      '/v1/orders/:id/payments',
      { schema: { hide: true, params: z.object({ id: z.string() }) } },
      async (request, reply) => {
        const order = await findOrder(request.params.id);
        if (!order) return razorpayError(reply, 400, 'The id provided does not exist');
        const items = (await paymentsOf(order.id)).map(toPayment);
        return { entity: 'collection', count: items.length, items };
      },
    );

    v1.get(
      '/v1/payments/:id',
      { schema: { hide: true, params: z.object({ id: z.string() }) } },
      async (request, reply) => {
        const [row] = await app.db
          .select()
          .from(sandboxPayments)
          .where(eq(sandboxPayments.id, request.params.id));
        if (!row) return razorpayError(reply, 400, 'The id provided does not exist');
        return toPayment(row);
      },
    );
  });

  app.get('/checkout.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(SANDBOX_CHECKOUT_JS),
  );

  app.post(
    '/orders/:orderId/pay',
    {
      schema: {
        hide: true,
        params: z.object({ orderId: z.string().max(40) }),
        body: z.object({ outcome: z.enum(['success', 'failure']), webhook: z.boolean().default(true) }),
      },
    },
    async (request, reply) => {
      const order = await findOrder(request.params.orderId);
      if (!order) return razorpayError(reply, 400, 'The id provided does not exist');
      if (order.status === 'paid') return razorpayError(reply, 400, 'This order has already been paid');
      const success = request.body.outcome === 'success';
      const [payment] = await app.db
        .insert(sandboxPayments)
        .values({
          id: razorpayId('pay'),
          orderId: order.id,
          amount: order.amount,
          currency: order.currency,
          status: success ? 'captured' : 'failed',
          errorCode: success ? null : 'BAD_REQUEST_ERROR',
          errorDescription: success ? null : 'Payment failed',
        })
        .returning();
      await app.db
        .update(sandboxOrders)
        .set({ status: success ? 'paid' : 'attempted', attempts: order.attempts + 1 })
        .where(eq(sandboxOrders.id, order.id));
      const entity = toPayment(payment!);
      const paidOrder = { ...order, status: success ? 'paid' : 'attempted', attempts: order.attempts + 1 };

      if (request.body.webhook) {
        // After the answer, as Razorpay's webhooks arrive on their own schedule.
        setImmediate(() => {
          const events = success
            ? [
                sendWebhook('payment.captured', { payment: { entity } }),
                sendWebhook('order.paid', {
                  payment: { entity },
                  order: { entity: toOrder(paidOrder, order.amount) },
                }),
              ]
            : [sendWebhook('payment.failed', { payment: { entity } })];
          const delivery = Promise.all(events).then(() => undefined);
          deliveries.add(delivery);
          void delivery.finally(() => deliveries.delete(delivery));
        });
      }

      if (!success) {
        return {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Payment failed',
            source: 'customer',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { order_id: order.id, payment_id: entity.id },
          },
        };
      }
      return {
        razorpay_order_id: order.id,
        razorpay_payment_id: entity.id,
        razorpay_signature: paymentSignature(order.id, entity.id, keySecret),
      };
    },
  );
}
