import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Db } from '../db/client';
import { sandboxOrders, sandboxPayments, sandboxRefunds } from '../db/schema';
import type { FetchLike, RazorpayOrder, RazorpayPayment, RazorpayRefund } from '../payments/razorpay-client';
import { SANDBOX_CHECKOUT_JS } from './checkout-script';
import { hmacHex, paymentSignature, signaturesMatch } from '../payments/signature';

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
type RefundRow = typeof sandboxRefunds.$inferSelect;

/** Razorpay's smallest refund: INR 1.00. */
export const SANDBOX_MIN_REFUND_PAISE = 100;
/**
 * How a test asks the sandbox for a refund's outcome: `notes.sandbox_outcome: 'failed'` makes it fail (as a
 * refund of a payment older than six months fails at Razorpay), with the `refund.failed` webhook; any other refund
 * is processed, with `refund.processed`. Either way the refund answers `pending` and settles right after.
 */
export const SANDBOX_REFUND_OUTCOME_NOTE = 'sandbox_outcome';
/**
 * The same asked through the shop, whose refunds carry their reason as a note: a reason holding this marker makes
 * the sandbox fail the refund (as Razorpay's test mode has magic card numbers), so that a journey can show it.
 */
export const SANDBOX_FAIL_REFUND_MARKER = 'sandbox:fail-refund';

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

/** The payment as Razorpay shows it: `refunded` (and refund_status `full`) once all of it is refunded. */
function toPayment(row: PaymentRow, refunded = 0): RazorpayPayment {
  const captured = row.status === 'captured';
  return {
    id: row.id,
    entity: 'payment',
    amount: row.amount,
    currency: row.currency,
    status: captured && refunded >= row.amount ? 'refunded' : (row.status as RazorpayPayment['status']),
    order_id: row.orderId,
    method: row.method,
    captured,
    amount_refunded: refunded,
    refund_status: refunded === 0 ? null : refunded >= row.amount ? 'full' : 'partial',
    error_code: row.errorCode,
    error_description: row.errorDescription,
    created_at: seconds(row.createdAt),
  };
}

function toRefund(row: RefundRow): RazorpayRefund {
  return {
    id: row.id,
    entity: 'refund',
    amount: row.amount,
    currency: row.currency,
    payment_id: row.paymentId,
    notes: row.notes,
    receipt: row.receipt,
    // The bank's reference, known once the refund is processed (made up here from the refund's id).
    acquirer_data: { arn: row.status === 'processed' ? `SANDBOXARN${row.id.slice(5, 17)}` : null },
    created_at: seconds(row.createdAt),
    batch_id: null,
    status: row.status as RazorpayRefund['status'],
    speed_processed: 'normal',
    speed_requested: 'normal',
  };
}

/** Paise refunded per payment: pending and processed refunds count, failed ones do not. */
async function refundedOf(db: Db, paymentIds: string[]): Promise<Map<string, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ paymentId: sandboxRefunds.paymentId, total: sql<string>`sum(${sandboxRefunds.amount})` })
    .from(sandboxRefunds)
    .where(and(inArray(sandboxRefunds.paymentId, paymentIds), ne(sandboxRefunds.status, 'failed')))
    .groupBy(sandboxRefunds.paymentId);
  return new Map(rows.map((row) => [row.paymentId, Number(row.total)]));
}

const razorpayError = (reply: FastifyReply, status: number, description: string) =>
  reply.code(status).send({ error: { code: 'BAD_REQUEST_ERROR', description } });

/**
 * A Razorpay-compatible sandbox (only when RAZORPAY_SANDBOX is on): the Orders and Payments API with basic auth,
 * the checkout script, and a `pay` call that settles a payment, signs the answer with the key secret and sends
 * the signed webhooks (retried like Razorpay's) — so the shop runs the same checks it runs in production.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{ deliver: FetchLike; webhookPath: string }> = async (
  app,
  options,
) => {
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

  /** Work after an answer (webhooks, a refund's outcome), waited for when the server closes. */
  const track = (work: Promise<unknown>) => {
    const done = work.then(
      () => undefined,
      (error: unknown) => {
        app.log.warn({ err: error }, 'sandbox background work failed');
      },
    );
    deliveries.add(done);
    void done.finally(() => deliveries.delete(done));
  };

  /** A pending refund ends processed, or failed when its notes ask for it; then its webhooks go out. */
  const settleRefund = async (created: RefundRow) => {
    const fails =
      created.notes[SANDBOX_REFUND_OUTCOME_NOTE] === 'failed' ||
      Object.values(created.notes).some((value) => value.includes(SANDBOX_FAIL_REFUND_MARKER));
    const status = fails ? 'failed' : 'processed';
    const [refund] = await app.db
      .update(sandboxRefunds)
      .set({ status })
      .where(and(eq(sandboxRefunds.id, created.id), eq(sandboxRefunds.status, 'pending')))
      .returning();
    if (!refund) return;
    const [payment] = await app.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, refund.paymentId));
    if (!payment) return;
    const paymentEntity = toPayment(payment, (await refundedOf(app.db, [payment.id])).get(payment.id));
    await sendWebhook('refund.created', {
      refund: { entity: toRefund(created) },
      payment: { entity: paymentEntity },
    });
    await sendWebhook(`refund.${status}`, {
      refund: { entity: toRefund(refund) },
      payment: { entity: paymentEntity },
    });
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
        const payments = await paymentsOf(order.id);
        const refunded = await refundedOf(
          app.db,
          payments.map((p) => p.id),
        );
        const items = payments.map((p) => toPayment(p, refunded.get(p.id)));
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
        return toPayment(row, (await refundedOf(app.db, [row.id])).get(row.id));
      },
    );

    // Refunds API: a refund of a captured payment, checked and recorded with the payment's row locked, so that
    // concurrent refunds never add up to more than was captured.
    v1.post(
      '/v1/payments/:id/refund',
      {
        schema: {
          hide: true,
          params: z.object({ id: z.string() }),
          body: z
            .object({
              amount: z.number().int().optional(),
              speed: z.enum(['normal', 'optimum']).optional(),
              notes: z
                .record(z.string().max(256), z.string().max(256))
                .refine((notes) => Object.keys(notes).length <= 15, 'At most 15 notes')
                .optional(),
              receipt: z.string().max(40).optional(),
            })
            .default({}),
        },
      },
      async (request, reply) => {
        const { amount, notes = {}, receipt } = request.body;
        if (amount !== undefined && amount < SANDBOX_MIN_REFUND_PAISE) {
          return razorpayError(reply, 400, 'The amount must be at least INR 1.00');
        }
        const outcome = await app.db.transaction(
          async (tx): Promise<{ error: string } | { refund: RefundRow }> => {
            const [payment] = await tx
              .select()
              .from(sandboxPayments)
              .where(eq(sandboxPayments.id, request.params.id))
              .for('update');
            if (!payment) return { error: 'The id provided does not exist' };
            if (payment.status !== 'captured') {
              return { error: 'Only payments in the captured state can be refunded' };
            }
            const refunded = (await refundedOf(tx, [payment.id])).get(payment.id) ?? 0;
            const rest = payment.amount - refunded;
            if (rest <= 0) return { error: 'The payment has been fully refunded already' };
            const refundAmount = amount ?? rest;
            if (refundAmount > rest) {
              return { error: 'The refund amount provided is greater than amount captured' };
            }
            if (refundAmount < SANDBOX_MIN_REFUND_PAISE) {
              return { error: 'The amount must be at least INR 1.00' };
            }
            const [row] = await tx
              .insert(sandboxRefunds)
              .values({
                id: razorpayId('rfnd'),
                paymentId: payment.id,
                amount: refundAmount,
                currency: payment.currency,
                receipt: receipt ?? null,
                notes,
                status: 'pending',
              })
              .returning();
            return { refund: row! };
          },
        );
        if ('error' in outcome) return razorpayError(reply, 400, outcome.error);
        const { refund } = outcome;
        // Settled after the answer, as Razorpay processes refunds on its own schedule.
        setImmediate(() => track(settleRefund(refund)));
        return toRefund(refund);
      },
    );

    v1.get(
      '/v1/refunds/:id',
      { schema: { hide: true, params: z.object({ id: z.string() }) } },
      async (request, reply) => {
        const [row] = await app.db
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.id, request.params.id));
        if (!row) return razorpayError(reply, 400, 'The id provided does not exist');
        return toRefund(row);
      },
    );

    v1.get(
      '/v1/payments/:id/refunds',
      { schema: { hide: true, params: z.object({ id: z.string() }) } },
      async (request, reply) => {
        const [payment] = await app.db
          .select({ id: sandboxPayments.id })
          .from(sandboxPayments)
          .where(eq(sandboxPayments.id, request.params.id));
        if (!payment) return razorpayError(reply, 400, 'The id provided does not exist');
        // Newest first, as Razorpay lists them.
        const rows = await app.db
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.paymentId, payment.id))
          .orderBy(desc(sandboxRefunds.createdAt), desc(sandboxRefunds.id));
        const items = rows.map(toRefund);
        return { entity: 'collection', count: items.length, items };
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
        // `authorized`: the bank approved the payment but it was not captured (a late authorization, or an
        // account set to capture by hand); Razorpay then sends `payment.authorized` and no `payment.captured`.
        body: z.object({
          outcome: z.enum(['success', 'failure', 'authorized']),
          webhook: z.boolean().default(true),
        }),
      },
    },
    async (request, reply) => {
      const order = await findOrder(request.params.orderId);
      if (!order) return razorpayError(reply, 400, 'The id provided does not exist');
      if (order.status === 'paid') return razorpayError(reply, 400, 'This order has already been paid');
      const success = request.body.outcome === 'success';
      const authorized = request.body.outcome === 'authorized';
      const [payment] = await app.db
        .insert(sandboxPayments)
        .values({
          id: razorpayId('pay'),
          orderId: order.id,
          amount: order.amount,
          currency: order.currency,
          status: success ? 'captured' : authorized ? 'authorized' : 'failed',
          errorCode: success || authorized ? null : 'BAD_REQUEST_ERROR',
          errorDescription: success || authorized ? null : 'Payment failed',
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
            : [sendWebhook(authorized ? 'payment.authorized' : 'payment.failed', { payment: { entity } })];
          const delivery = Promise.all(events).then(() => undefined);
          deliveries.add(delivery);
          void delivery.finally(() => deliveries.delete(delivery));
        });
      }

      if (!success && !authorized) {
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
};
