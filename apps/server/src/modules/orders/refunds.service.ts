import {
  canMoveOrder,
  cancelGuestCodOrdersBodySchema,
  cancelOrderBodySchema,
  formatMoney,
  fromPaise,
  guestCodCancelledMessage,
  ID_PATTERN,
  IDEMPOTENCY_MESSAGES,
  itemsRefundPaise,
  MIN_REFUND,
  REFUND_MESSAGES,
  refundBodySchema,
  refundTooLargeMessage,
  RETURN_MESSAGES,
  toPaise,
  type CancelGuestCodOrdersBody,
  type CancelOrderBody,
  type Order,
  type RefundBody,
  type RefundLine,
} from '@scholar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { OrderRow, RefundRow } from '../../db/schema';
import { AppError, badRequest, conflict, notFound, serviceUnavailable } from '../../lib/errors';
import type { OrderLinks } from '../../lib/order-links';
import { mailLanguage } from '../../mail/i18n';
import type { Mailer } from '../../mail/mailer';
import { orderCancelledMail, refundStartedMail } from '../../mail/refund';
import { RazorpayError, type RazorpayClient, type RazorpayRefund } from '../../payments/razorpay-client';
import { notifyBackInStock } from '../books/back-in-stock';
import { returnEditionStock } from '../books/stock';
import { COD_REFUND_REFUSED } from './cod';
import { lockOrder } from './orders.repository';
import { getOrder } from './orders.service';
import {
  cancelLockedOrder,
  failRefund,
  findRefund,
  findRefundByKey,
  forgetStockTaken,
  hasCapturedPayment,
  insertRefund,
  lockOrderByPayment,
  markRefundProcessed,
  orderItemsOf,
  recordRazorpayRefund,
  recordRefundItems,
  unsettledRefunds,
} from './refunds.repository';

export interface RefundsContext {
  db: Db;
  razorpay: RazorpayClient;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** The signed links of the mails about an order (`app.orderLinks`). */
  orderLinks: OrderLinks;
}

/** The books an order holds (those that still exist): where copies given back may have gone. */
export async function bookIdsOfOrder(db: Db, orderId: string): Promise<string[]> {
  return (await orderItemsOf(db, orderId)).flatMap((item) => (item.bookId ? [item.bookId] : []));
}

/** Razorpay's smallest refund, in paise. */
const MIN_REFUND_PAISE = toPaise(MIN_REFUND);
/** Razorpay keeps notes of at most 256 characters. */
const note = (text: string) => text.slice(0, 256);

const orderNotFound = () => notFound('Order not found', 'ORDER_NOT_FOUND');

/**
 * A cash-on-delivery order whose cash the courier has not brought in yet (`cod_collected_at` unset): nothing was
 * paid, so nothing is refunded, whether by amount, by items or by return (409, nothing changed).
 */
export function assertCashCollected(order: Pick<OrderRow, 'paymentMethod' | 'codCollectedAt'>): void {
  if (order.paymentMethod === 'cod' && order.codCollectedAt === null) {
    throw conflict(RETURN_MESSAGES.codNotCollected, 'COD_NOT_COLLECTED');
  }
}

/** What may still be refunded of a locked order, or why nothing may. */
async function refundableRest(
  tx: Parameters<typeof hasCapturedPayment>[0],
  order: OrderRow,
): Promise<number> {
  if (order.paymentMethod === 'cod') throw badRequest(COD_REFUND_REFUSED, 'COD_REFUND_BY_HAND');
  if (!(await hasCapturedPayment(tx, order.txnId))) throw badRequest(REFUND_MESSAGES.noPayment, 'NO_PAYMENT');
  return order.amountPaise - order.refundedPaise;
}

/** A cash-on-delivery order: its refunds are paid back by hand, not through Razorpay. */
export const refundsByHand = (order: Pick<OrderRow, 'paymentMethod'>): boolean =>
  order.paymentMethod === 'cod';

type Tx = Parameters<typeof hasCapturedPayment>[0] & Parameters<typeof returnEditionStock>[0];

/**
 * A refund by items (docs/decisions/055), in the caller's transaction with the order locked: refuses a
 * cash-on-delivery order whose cash was not collected (409), checks each item and its copies left to refund, computes the amount from them (never the client's), records the refund, its items and
 * their refunded copies, and puts the restocked copies back on the shelf, at most those the item took from it. A
 * cash-on-delivery order's refund is recorded as processed: the desk pays it back by hand.
 */
export async function recordItemsRefund(
  tx: Tx,
  order: OrderRow,
  lines: readonly RefundLine[],
  options: {
    reason: string;
    adminId?: string | undefined;
    idempotencyKey?: string | undefined;
    fingerprint?: string | undefined;
    /** Where the lines' field errors point (`body.items`). */
    field?: string;
  },
): Promise<RefundRow> {
  const field = options.field ?? 'body.items';
  assertCashCollected(order);
  const byHand = refundsByHand(order);
  if (!byHand && !(await hasCapturedPayment(tx, order.txnId)))
    throw badRequest(REFUND_MESSAGES.noPayment, 'NO_PAYMENT');
  const items = await orderItemsOf(tx, order.id);
  const byId = new Map(items.map((item) => [item.id, item]));
  const chosen = lines
    .map((line, index) => ({ ...line, restock: line.restock ?? 0, index }))
    .filter((line) => line.quantity > 0);
  if (chosen.length === 0)
    throw badRequest(RETURN_MESSAGES.itemsRequired, 'NO_ITEMS', [
      { path: field, message: RETURN_MESSAGES.itemsRequired },
    ]);
  for (const line of chosen) {
    const item = byId.get(line.orderItemId);
    if (!item) {
      throw badRequest(RETURN_MESSAGES.unknownItem, 'UNKNOWN_ITEM', [
        { path: `${field}.${line.index}.orderItemId`, message: RETURN_MESSAGES.unknownItem },
      ]);
    }
    if (line.quantity > item.quantity - item.refundedQuantity) {
      throw badRequest(RETURN_MESSAGES.tooManyCopies, 'TOO_MANY_COPIES', [
        { path: `${field}.${line.index}.quantity`, message: RETURN_MESSAGES.tooManyCopies },
      ]);
    }
  }
  const rest = order.amountPaise - order.refundedPaise;
  if (rest <= 0) throw badRequest(REFUND_MESSAGES.nothingLeft, 'NOTHING_TO_REFUND');
  const { amountPaise } = itemsRefundPaise(
    {
      subtotalPaise: order.subtotalPaise,
      discountPaise: order.discountPaise,
      amountPaise: order.amountPaise,
      refundedPaise: order.refundedPaise,
      items: items.map((item) => ({
        id: item.id,
        pricePaise: item.pricePaise,
        quantity: item.quantity,
        refundedQuantity: item.refundedQuantity,
      })),
    },
    chosen,
  );
  if (amountPaise < MIN_REFUND_PAISE) throw badRequest(REFUND_MESSAGES.amountTooSmall, 'REFUND_TOO_SMALL');
  const refund = await insertRefund(tx, {
    orderId: order.id,
    razorpayPaymentId: order.txnId,
    amountPaise,
    reason: options.reason,
    status: byHand ? 'processed' : 'requested',
    idempotencyKey: options.idempotencyKey ?? null,
    requestFingerprint: options.idempotencyKey ? (options.fingerprint ?? null) : null,
    createdBy: options.adminId ?? null,
  });
  const recorded = chosen.map((line) => {
    const item = byId.get(line.orderItemId)!;
    const restocked = item.bookId ? Math.min(line.restock, item.stockTaken, line.quantity) : 0;
    return { orderItemId: item.id, quantity: line.quantity, restocked, item };
  });
  const counted = await recordRefundItems(
    tx,
    order.id,
    refund.id,
    recorded.map(({ orderItemId, quantity, restocked }) => ({ orderItemId, quantity, restocked })),
  );
  if (!counted) throw badRequest(RETURN_MESSAGES.tooManyCopies, 'TOO_MANY_COPIES');
  await returnEditionStock(
    tx,
    recorded
      .filter((line) => line.restocked > 0)
      .map((line) => ({
        bookId: line.item.bookId!,
        language: line.item.selectedLanguage,
        copies: line.restocked,
      })),
  );
  return refund;
}

/**
 * Asks Razorpay for a refund already recorded (and counted) by the shop. Its id is the refund's `receipt`, so that
 * one whose answer is lost is found again by the sweep. Razorpay refusing it (a 4xx) fails it at once and gives its
 * amount back; Razorpay not answering leaves it `requested` for the sweep to settle either way.
 */
export async function askRazorpay(
  ctx: RefundsContext,
  order: OrderRow,
  refund: RefundRow,
): Promise<{ outcome: 'sent' } | { outcome: 'refused' | 'unanswered'; message: string }> {
  let answer: RazorpayRefund;
  try {
    answer = await ctx.razorpay.refund(order.txnId, {
      amount: refund.amountPaise,
      receipt: refund.id,
      notes: { orderNumber: order.orderNumber, refundId: refund.id, reason: note(refund.reason) },
    });
  } catch (error) {
    const refused =
      error instanceof RazorpayError && error.status >= 400 && error.status < 500 && error.status !== 429;
    if (refused) {
      await failRefund(ctx.db, refund.id, error.message);
      ctx.log.warn(
        { orderNumber: order.orderNumber, refundId: refund.id, reason: error.message },
        'Razorpay refused a refund',
      );
      return { outcome: 'refused', message: `${REFUND_MESSAGES.providerRefused}: ${error.message}` };
    }
    ctx.log.warn(
      { err: error, orderNumber: order.orderNumber, refundId: refund.id },
      'Razorpay did not answer a refund; the sweep will settle it',
    );
    return {
      outcome: 'unanswered',
      message:
        'Razorpay is not answering right now. The refund is recorded as started and will be confirmed (or given back) within a few minutes.',
    };
  }
  if (answer.status === 'failed')
    await failRefund(ctx.db, refund.id, 'Razorpay failed the refund', answer.id);
  else await recordRazorpayRefund(ctx.db, refund.id, { id: answer.id, status: answer.status });
  ctx.log.info(
    {
      orderNumber: order.orderNumber,
      refundId: refund.id,
      razorpayRefundId: answer.id,
      status: answer.status,
    },
    'refund sent to Razorpay',
  );
  return { outcome: 'sent' };
}

/**
 * `POST /orders/admin/{id}/refunds`: refunds part or all of what is left of an order's payment. The refund is
 * recorded and counted with the order's row locked, so that concurrent requests never refund more than was paid;
 * a request with an `Idempotency-Key` already used on this order answers that refund and refunds nothing more, or
 * 422 when its `fingerprint` (the request's amount and reason) is another request's.
 */
export async function refundOrder(
  ctx: RefundsContext,
  orderId: string,
  body: RefundBody,
  options: {
    idempotencyKey?: string | undefined;
    fingerprint?: string | undefined;
    adminId?: string | undefined;
  },
): Promise<{ order: Order; replayed: boolean }> {
  const values = refundBodySchema.parse(body);
  if (values.items && values.amount !== undefined) {
    throw badRequest(RETURN_MESSAGES.amountWithItems, 'AMOUNT_WITH_ITEMS', [
      { path: 'body.amount', message: RETURN_MESSAGES.amountWithItems },
    ]);
  }
  const recorded = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw orderNotFound();
    if (options.idempotencyKey) {
      const earlier = await findRefundByKey(tx, order.id, options.idempotencyKey);
      // A key recorded before fingerprints were kept answers its refund as before.
      if (earlier?.requestFingerprint && earlier.requestFingerprint !== options.fingerprint) {
        throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.keyReused);
      }
      if (earlier) return { order, refund: earlier, replayed: true };
    }
    assertCashCollected(order);
    if (values.items) {
      const refund = await recordItemsRefund(tx, order, values.items, {
        reason: values.reason,
        adminId: options.adminId,
        idempotencyKey: options.idempotencyKey,
        fingerprint: options.fingerprint,
      });
      return { order, refund, replayed: false };
    }
    const rest = await refundableRest(tx, order);
    if (rest <= 0) throw badRequest(REFUND_MESSAGES.nothingLeft, 'NOTHING_TO_REFUND');
    const amountPaise = values.amount === undefined ? rest : toPaise(values.amount);
    if (amountPaise > rest) {
      const message = refundTooLargeMessage(formatMoney(fromPaise(rest)));
      throw badRequest(message, 'REFUND_TOO_LARGE', [{ path: 'body.amount', message }]);
    }
    if (amountPaise < MIN_REFUND_PAISE) {
      throw badRequest(REFUND_MESSAGES.amountTooSmall, 'REFUND_TOO_SMALL', [
        { path: 'body.amount', message: REFUND_MESSAGES.amountTooSmall },
      ]);
    }
    const refund = await insertRefund(tx, {
      orderId: order.id,
      razorpayPaymentId: order.txnId,
      amountPaise,
      reason: values.reason,
      idempotencyKey: options.idempotencyKey ?? null,
      requestFingerprint: options.idempotencyKey ? (options.fingerprint ?? null) : null,
      createdBy: options.adminId ?? null,
    });
    return { order, refund, replayed: false };
  });
  if (recorded.replayed) return { order: await getOrder(ctx.db, orderId), replayed: true };
  // Copies a refund by items gave back: readers waiting for those editions get their one mail (books module).
  if (values.items) await notifyBackInStock(ctx, await bookIdsOfOrder(ctx.db, orderId));
  if (refundsByHand(recorded.order)) return { order: await getOrder(ctx.db, orderId), replayed: false };

  const sent = await askRazorpay(ctx, recorded.order, recorded.refund);
  const order = await getOrder(ctx.db, orderId);
  if (sent.outcome === 'refused') throw badRequest(sent.message, 'REFUND_REFUSED');
  if (sent.outcome === 'unanswered') throw serviceUnavailable(sent.message);
  const refund = order.refunds.find((r) => r._id === recorded.refund.id);
  if (refund && refund.status !== 'failed') {
    const lang = mailLanguage(recorded.order.locale, ctx.publicUrl);
    ctx.mailer.sendLater(
      refundStartedMail({ ...order, trackPath: ctx.orderLinks.trackPath(order) }, refund, lang),
      'refund mail failed',
      {
        orderNumber: order.orderNumber,
      },
    );
  }
  return { order, replayed: false };
}

/**
 * `POST /orders/admin/{id}/cancel`: an order not shipped yet is cancelled, its copies go back to the stock and all
 * that is not refunded yet is refunded, in one transaction with the order locked; then Razorpay is asked. The
 * cancellation stands even when Razorpay refuses the refund: the desk shows the failed refund, to be tried again.
 */
export async function cancelOrder(
  ctx: RefundsContext,
  orderId: string,
  body: CancelOrderBody,
  options: {
    adminId?: string | undefined;
    /** Cancels only a guest's cash-on-delivery order waiting to be sent (the desk's bulk cancellation). */
    onlyGuestCodWaiting?: boolean;
  },
): Promise<{ order: Order; message: string }> {
  const { reason } = cancelOrderBodySchema.parse(body);
  const done = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw orderNotFound();
    if (order.status === 'cancelled') throw badRequest(REFUND_MESSAGES.alreadyCancelled, 'ALREADY_CANCELLED');
    if (!canMoveOrder(order.status, 'cancelled'))
      throw badRequest(REFUND_MESSAGES.cancelShipped, 'ORDER_SHIPPED');
    // Checked on the locked row: an order that an account took over meanwhile is left alone.
    if (
      options.onlyGuestCodWaiting &&
      !(order.paymentMethod === 'cod' && order.userId === null && order.status === 'pending')
    ) {
      throw badRequest(REFUND_MESSAGES.notGuestCod, 'NOT_GUEST_COD');
    }
    const rest = (await hasCapturedPayment(tx, order.txnId)) ? order.amountPaise - order.refundedPaise : 0;
    // The copies go back to the editions they came from, where the book still exists and counts that edition's
    // stock; the books module gives them back, locking the books in id order as the order path does.
    const taken = await cancelLockedOrder(tx, order.id, reason, new Date());
    const restocked = await returnEditionStock(tx, taken);
    await forgetStockTaken(tx, order.id);
    const refund =
      rest >= MIN_REFUND_PAISE
        ? await insertRefund(tx, {
            orderId: order.id,
            razorpayPaymentId: order.txnId,
            amountPaise: rest,
            reason,
            cancellation: true,
            createdBy: options.adminId ?? null,
          })
        : undefined;
    return { order, refund, restocked };
  });
  await notifyBackInStock(ctx, done.restocked);
  const sent = done.refund ? await askRazorpay(ctx, done.order, done.refund) : { outcome: 'sent' as const };
  const order = await getOrder(ctx.db, orderId);
  ctx.mailer.sendLater(
    orderCancelledMail(
      { ...order, trackPath: ctx.orderLinks.trackPath(order) },
      sent.outcome === 'sent' ? done.refund?.amountPaise : undefined,
      mailLanguage(done.order.locale, ctx.publicUrl),
    ),
    'cancellation mail failed',
    { orderNumber: order.orderNumber },
  );
  const message =
    sent.outcome === 'sent'
      ? REFUND_MESSAGES.cancelled
      : `The order is cancelled, but its refund did not go through. ${sent.message}`;
  return { order, message };
}

/** A refund entity from a signed webhook, as far as the shop reads it. */
export interface RefundEvent {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
  receipt?: string | null | undefined;
}

/**
 * Razorpay's word on a refund (`refund.processed`, `refund.failed`, or the sweep's own question): the shop's refund
 * is found by Razorpay's id or by its receipt (the shop's id), and settled once. Answers whether it changed.
 */
export async function settleRefund(
  ctx: Pick<RefundsContext, 'db' | 'log'>,
  event: RefundEvent,
): Promise<boolean> {
  const receipt = event.receipt && ID_PATTERN.test(event.receipt) ? event.receipt : undefined;
  const refund = await findRefund(ctx.db, { razorpayRefundId: event.id, id: receipt });
  if (!refund || refund.razorpayPaymentId !== event.payment_id) {
    return event.status === 'processed' ? recordOutsideRefund(ctx, event) : false;
  }
  if (event.status === 'processed') return markRefundProcessed(ctx.db, refund.id, event.id);
  if (event.status === 'failed') {
    const changed = await failRefund(ctx.db, refund.id, 'Razorpay failed the refund', event.id);
    if (changed) ctx.log.warn({ refundId: refund.id, razorpayRefundId: event.id }, 'a refund failed');
    return changed;
  }
  return false;
}

/** The reason shown for a refund made in Razorpay's Dashboard rather than on the desk. */
export const DASHBOARD_REFUND_REASON = "Refunded in Razorpay's Dashboard";

/**
 * A refund made outside the shop (in Razorpay's Dashboard) of an order's payment: recorded as processed and counted,
 * so that the desk's revenue and the customer's page say what happened to the money. Once per Razorpay refund.
 */
async function recordOutsideRefund(
  ctx: Pick<RefundsContext, 'db' | 'log'>,
  event: RefundEvent,
): Promise<boolean> {
  const recorded = await ctx.db.transaction(async (tx) => {
    const order = await lockOrderByPayment(tx, event.payment_id);
    if (!order) return false;
    if (await findRefund(tx, { razorpayRefundId: event.id })) return false;
    if (event.amount <= 0 || event.amount > order.amountPaise - order.refundedPaise) return false;
    await insertRefund(tx, {
      orderId: order.id,
      razorpayPaymentId: event.payment_id,
      razorpayRefundId: event.id,
      amountPaise: event.amount,
      status: 'processed',
      reason: DASHBOARD_REFUND_REASON,
    });
    return true;
  });
  ctx.log.warn(
    { razorpayRefundId: event.id, paymentId: event.payment_id, recorded },
    recorded
      ? 'a refund made outside the shop was recorded on its order'
      : 'Razorpay reported a refund of no order of the shop',
  );
  return recorded;
}

/** How long a refund may wait for Razorpay's word before the sweep asks. */
export const REFUND_SETTLE_AFTER_MS = 5 * 60_000;

/**
 * The sweep's part for refunds: each refund still unsettled after a few minutes is looked up among its payment's
 * refunds at Razorpay (by Razorpay's id, or by its receipt when the refund call's answer was lost). One Razorpay
 * never made is failed and its amount given back. Answers how many changed.
 */
export async function settleRefundsNobodyReported(
  ctx: Pick<RefundsContext, 'db' | 'log' | 'razorpay'>,
  now = Date.now(),
): Promise<number> {
  let changed = 0;
  for (const refund of await unsettledRefunds(ctx.db, new Date(now - REFUND_SETTLE_AFTER_MS), 100)) {
    try {
      const { items } = await ctx.razorpay.fetchPaymentRefunds(refund.razorpayPaymentId);
      const found = items.find((r) => r.id === refund.razorpayRefundId || r.receipt === refund.id);
      if (!found) {
        if (await failRefund(ctx.db, refund.id, 'Razorpay has no such refund')) changed += 1;
        continue;
      }
      if (found.status === 'pending') {
        await recordRazorpayRefund(ctx.db, refund.id, { id: found.id, status: 'pending' });
        continue;
      }
      if (await settleRefund(ctx, { ...found, receipt: refund.id })) changed += 1;
    } catch (error) {
      ctx.log.warn({ err: error, refundId: refund.id }, 'could not settle a refund with Razorpay');
    }
  }
  return changed;
}

/**
 * Cancels guests' cash-on-delivery orders waiting to be sent, one after another (each in its own transaction, as
 * one cancellation is): their copies go back to the stock and each buyer gets the cancellation mail. An order that
 * is not such an order (any more) is refused with its reason; the others are cancelled all the same.
 */
export async function cancelGuestCodOrders(
  ctx: RefundsContext,
  body: CancelGuestCodOrdersBody,
  options: { adminId?: string | undefined },
): Promise<{
  cancelled: Order[];
  refused: { id: string; message: string; code: string }[];
  message: string;
}> {
  const { ids, reason } = cancelGuestCodOrdersBodySchema.parse(body);
  const cancelled: Order[] = [];
  const refused: { id: string; message: string; code: string }[] = [];
  for (const id of ids) {
    try {
      const { order } = await cancelOrder(ctx, id, { reason }, { ...options, onlyGuestCodWaiting: true });
      cancelled.push(order);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      refused.push({ id, message: error.message, code: error.code });
    }
  }
  return { cancelled, refused, message: guestCodCancelledMessage(cancelled.length, refused.length) };
}
