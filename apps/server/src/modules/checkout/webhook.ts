import { createHash } from 'node:crypto';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';
import type { RazorpayPayment } from '../../payments/razorpay-client';
import { isValidWebhookSignature } from '../../payments/signature';
import { storableJson } from '../../plugins/input';
import { settleRefund } from '../orders/refunds.service';
import type { CheckoutContext } from './checkout-context';
import { beginWebhookEvent, findCheckoutByRazorpayOrder, finishWebhookEvent } from './checkout.repository';
import { createOrderFromPayment } from './order-from-payment';
import { assertPaid } from './verify-payment';

/** `payload.<name>.entity` of an event: the fields the shop reads, anything else kept as it came. */
const entityOf = <T extends z.ZodRawShape>(fields: T) =>
  z
    .object({ entity: z.object(fields).loose().optional() })
    .loose()
    .optional();

/** The parts of a Razorpay event the shop reads; anything else in it is kept as it came. */
const webhookBodySchema = z.object({
  event: z.string().max(100),
  payload: z
    .object({
      payment: entityOf({
        id: z.string().min(1).max(100),
        order_id: z.string().min(1).max(100),
        amount: z.number().int().nonnegative(),
        currency: z.string().max(10),
        status: z.string().max(40),
        method: z.string().max(40).optional(),
      }),
      refund: entityOf({
        id: z.string().min(1).max(100),
        payment_id: z.string().min(1).max(100),
        amount: z.number().int().nonnegative(),
        status: z.string().max(40),
        receipt: z.string().max(100).nullable().optional(),
      }),
    })
    .loose()
    .optional(),
});
type WebhookBody = z.infer<typeof webhookBodySchema>;

/** The body's signature, by the webhook secret or, while it is being rotated, the one before it. */
function isSigned(ctx: CheckoutContext, rawBody: Buffer, signature: string | undefined): boolean {
  const { webhookSecret, previousWebhookSecret } = ctx.config.razorpay;
  return (
    signature !== undefined &&
    (isValidWebhookSignature(rawBody, signature, webhookSecret) ||
      (previousWebhookSecret !== undefined &&
        isValidWebhookSignature(rawBody, signature, previousWebhookSecret)))
  );
}

/** The signed body as an event the shop can read, or a 4xx: never taken for a server failure. */
function parseEvent(rawBody: Buffer): WebhookBody {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw badRequest('The request body is not valid JSON', 'INVALID_JSON');
  }
  // PostgreSQL cannot store a NUL character or half a surrogate pair; a signed event is kept, with them replaced.
  const parsed = webhookBodySchema.safeParse(storableJson(json));
  if (!parsed.success) throw badRequest('The webhook body is not a Razorpay event', 'WEBHOOK_INVALID');
  return parsed.data;
}

/** A captured payment makes its checkout's order, if the browser never came back to. */
async function onPayment(ctx: CheckoutContext, event: string, payment: RazorpayPayment): Promise<boolean> {
  const checkout = await findCheckoutByRazorpayOrder(ctx.db, payment.order_id);
  if (!checkout) {
    ctx.log.warn({ event, razorpayOrderId: payment.order_id }, 'webhook for an unknown checkout');
    return false;
  }
  assertPaid(payment, checkout, payment.order_id);
  await createOrderFromPayment(ctx, checkout, payment, 'webhook');
  return true;
}

/**
 * Step 5: Razorpay's webhook. The signature covers the raw body; each event is processed once; a captured payment
 * creates the order if the browser never came back; a refund's outcome settles the shop's refund.
 */
export async function handleWebhook(
  ctx: CheckoutContext,
  rawBody: Buffer,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<{ status: 'processed' | 'duplicate' | 'ignored' }> {
  if (!isSigned(ctx, rawBody, signature)) {
    throw badRequest('Invalid webhook signature', 'WEBHOOK_SIGNATURE_INVALID');
  }
  const body = parseEvent(rawBody);
  const event = body.event;
  const eventId = eventIdHeader || `body_${createHash('sha256').update(rawBody).digest('hex')}`;
  if (!(await beginWebhookEvent(ctx.db, eventId, event, body))) return { status: 'duplicate' };

  let status: 'processed' | 'ignored' = 'ignored';
  const payment = body.payload?.payment?.entity as RazorpayPayment | undefined;
  if ((event === 'payment.captured' || event === 'order.paid') && payment?.order_id) {
    if (await onPayment(ctx, event, payment)) status = 'processed';
  }
  const refund = body.payload?.refund?.entity;
  if ((event === 'refund.processed' || event === 'refund.failed') && refund) {
    await settleRefund(ctx, refund);
    status = 'processed';
  }
  await finishWebhookEvent(ctx.db, eventId);
  return { status };
}
