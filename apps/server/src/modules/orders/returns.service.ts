import {
  approveReturnBodySchema,
  declineReturnBodySchema,
  fromPaise,
  receiveReturnBodySchema,
  paths,
  RETURN_MESSAGES,
  RETURN_WINDOW_DAYS,
  returnRequestBodySchema,
  type ApproveReturnBody,
  type DeclineReturnBody,
  type ReceiveReturnBody,
  type RefundLine,
  type ReturnRequest,
  type ReturnRequestBody,
  type ReturnStatus,
} from '@scholar/shared';
import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { mailLanguage } from '../../mail/i18n';
import {
  returnApprovedMail,
  returnDeclinedMail,
  returnReceivedMail,
  returnRefundedMail,
  returnRequestedShopMail,
} from '../../mail/returns';
import type { OrderLinks } from '../../lib/order-links';
import { findUserOrder, lockOrder } from './orders.repository';
import { findOrderByNumber } from './track.repository';
import { notifyBackInStock } from '../books/back-in-stock';
import { returnEditionStock } from '../books/stock';
import { orderItemsOf } from './refunds.repository';
import {
  askRazorpay,
  cancelOrder,
  recordItemsRefund,
  refundsByHand,
  type RefundsContext,
} from './refunds.service';
import {
  decideReturnRequest,
  findReturnRequest,
  insertReturnRequest,
  lockReturnRequest,
  lowerStockTaken,
  markReturnReceived,
  markReturnRefunded,
  readReturnRequests,
  reopenReceivedReturn,
  returnRequestItemsOf,
  type ReturnRequestRow,
} from './returns.repository';

/** What returns need: the refunds' context and where the shop is written to (the site's contact address). */
export interface ReturnsContext extends RefundsContext {
  shopEmail: () => Promise<string>;
}

const DAY_MS = 86_400_000;
const orderNotFound = () => notFound('Order not found', 'ORDER_NOT_FOUND');
const requestNotFound = () => notFound(RETURN_MESSAGES.requestNotFound, 'RETURN_NOT_FOUND');

/** Whether an order delivered at `deliveredAt` may still be returned at `now`: within the policy's days. */
export const withinReturnWindow = (deliveredAt: Date | null, now: Date): boolean =>
  deliveredAt !== null && now.getTime() <= deliveredAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS;

type RequestRows = Awaited<ReturnType<typeof readReturnRequests>>;

function toReturnRequest(row: RequestRows[number]): ReturnRequest {
  const r = row.request;
  return {
    _id: r.id,
    orderId: r.orderId,
    orderNumber: row.orderNumber,
    orderStatus: row.orderStatus,
    customerName: row.customerName,
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    declineReason: r.declineReason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    receivedAt: r.receivedAt?.toISOString() ?? null,
    refundedAt: r.refundedAt?.toISOString() ?? null,
    items: row.items.map((item) => ({
      orderItemId: item.orderItemId,
      name: item.name,
      quantity: item.quantity,
      approvedQuantity: item.approvedQuantity,
      receivedQuantity: item.receivedQuantity,
      restock: item.restock,
    })),
    refund:
      r.refundId && row.refundAmountPaise !== null && row.refundStatus !== null
        ? {
            _id: r.refundId,
            amount: fromPaise(row.refundAmountPaise),
            status: row.refundStatus === 'requested' ? 'pending' : row.refundStatus,
            byHand: row.paymentMethod === 'cod',
          }
        : null,
  };
}

/** An order's requests, newest first. */
export async function listOrderReturns(db: Db, orderId: string): Promise<ReturnRequest[]> {
  return (await readReturnRequests(db, { orderId })).map(toReturnRequest);
}

/** The desk's list: the open requests, oldest first (or the answered ones, newest first). */
export async function listReturns(db: Db, status: ReturnStatus): Promise<ReturnRequest[]> {
  return (await readReturnRequests(db, { status })).map(toReturnRequest);
}

/** A customer's own order's requests; another customer's order is the same 404 as no order. */
export async function listUserOrderReturns(
  db: Db,
  userId: string,
  orderId: string,
): Promise<ReturnRequest[]> {
  if (!(await findUserOrder(db, userId, orderId))) throw orderNotFound();
  return listOrderReturns(db, orderId);
}

/** The order as the return mails address it, with its signed tracking link. */
const mailOrder = (ctx: Pick<RefundsContext, 'orderLinks'>, order: OrderRow) => ({
  _id: order.id,
  orderNumber: order.orderNumber,
  contactDetails: { name: order.contactName, email: order.contactEmail },
  trackPath: ctx.orderLinks.trackPath({ _id: order.id, orderNumber: order.orderNumber }),
});

/**
 * A customer asks to cancel (an order not shipped yet) or to return copies (a delivered order, within
 * `RETURN_WINDOW_DAYS` of its delivery), with a reason. One open request per order. Mails the customer and the shop.
 */
export async function requestReturn(
  ctx: ReturnsContext,
  order: OrderRow,
  body: ReturnRequestBody,
  now = new Date(),
): Promise<ReturnRequest> {
  const values = returnRequestBodySchema.parse(body);
  const items = await orderItemsOf(ctx.db, order.id);
  const byId = new Map(items.map((item) => [item.id, item]));
  let lines: { orderItemId: string; quantity: number }[] = [];
  if (values.kind === 'cancel') {
    if (order.status !== 'pending') throw badRequest(RETURN_MESSAGES.cancelNotPending, 'NOT_CANCELLABLE');
  } else {
    if (order.status !== 'delivered') throw badRequest(RETURN_MESSAGES.returnNotDelivered, 'NOT_DELIVERED');
    if (!withinReturnWindow(order.deliveredAt, now))
      throw badRequest(RETURN_MESSAGES.returnWindowOver, 'RETURN_WINDOW_OVER');
    if (items.every((item) => item.refundedQuantity >= item.quantity))
      throw badRequest(RETURN_MESSAGES.nothingToReturn, 'NOTHING_TO_RETURN');
    lines = (values.items ?? []).map((line, index) => {
      const item = byId.get(line.orderItemId);
      if (!item) {
        throw badRequest(RETURN_MESSAGES.unknownItem, 'UNKNOWN_ITEM', [
          { path: `body.items.${index}.orderItemId`, message: RETURN_MESSAGES.unknownItem },
        ]);
      }
      if (line.quantity > item.quantity - item.refundedQuantity) {
        throw badRequest(RETURN_MESSAGES.tooManyCopies, 'TOO_MANY_COPIES', [
          { path: `body.items.${index}.quantity`, message: RETURN_MESSAGES.tooManyCopies },
        ]);
      }
      return { orderItemId: line.orderItemId, quantity: line.quantity };
    });
  }
  const row = await insertReturnRequest(
    ctx.db,
    { orderId: order.id, kind: values.kind, reason: values.reason },
    lines,
  );
  if (!row) throw conflict(RETURN_MESSAGES.alreadyOpen, 'RETURN_ALREADY_OPEN');

  const named = lines.map((line) => ({ name: byId.get(line.orderItemId)!.name, quantity: line.quantity }));
  const request = { kind: values.kind, reason: values.reason, items: named };
  const lang = mailLanguage(order.locale, ctx.publicUrl);
  const context = { orderNumber: order.orderNumber };
  ctx.mailer.sendLater(
    returnReceivedMail(mailOrder(ctx, order), request, lang),
    'return request mail failed',
    context,
  );
  try {
    const shop = await ctx.shopEmail();
    const deskLink = `${ctx.publicUrl.replace(/\/$/, '')}${paths.adminOrder(order.id)}`;
    ctx.mailer.sendLater(
      returnRequestedShopMail(shop, mailOrder(ctx, order), request, deskLink),
      'return request mail to the shop failed',
      context,
    );
  } catch (error) {
    ctx.log.error({ err: error, ...context }, 'could not read the shop address for a return request');
  }
  const [full] = await readReturnRequests(ctx.db, { ids: [row.id] });
  return toReturnRequest(full!);
}

/** `requestReturn` for a signed-in customer's own order (404 when it is not theirs). */
export async function requestUserReturn(
  ctx: ReturnsContext,
  userId: string,
  orderId: string,
  body: ReturnRequestBody,
): Promise<ReturnRequest> {
  const order = await findUserOrder(ctx.db, userId, orderId);
  if (!order) throw orderNotFound();
  return requestReturn(ctx, order, body);
}

/**
 * The order of a signed tracking link (docs/decisions/054): a guest who has the link of their order's mails may ask
 * about it as its customer does. A wrong signature is the same 404 as no order.
 */
export async function signedLinkOrder(
  links: OrderLinks,
  db: Db,
  orderNumber: string,
  signature: string,
): Promise<OrderRow> {
  const order = await findOrderByNumber(db, orderNumber);
  if (!order || !links.isSignature(order.id, signature)) throw orderNotFound();
  return order;
}

const alreadyDecided = () => conflict(RETURN_MESSAGES.alreadyDecided, 'RETURN_ALREADY_DECIDED');

/** What a step says when the request is not where it moves from: one 409 per state, in words the desk reads. */
function wrongState(request: Pick<ReturnRequestRow, 'kind' | 'status'>, step: 'receive' | 'refund'): never {
  if (request.kind === 'cancel') throw conflict(RETURN_MESSAGES.notAReturn, 'NOT_A_RETURN');
  switch (request.status) {
    case 'requested':
      throw conflict(RETURN_MESSAGES.notApproved, 'RETURN_NOT_APPROVED');
    case 'declined':
      throw conflict(RETURN_MESSAGES.wasDeclined, 'RETURN_DECLINED');
    case 'refunded':
      throw conflict(RETURN_MESSAGES.alreadyRefunded, 'RETURN_ALREADY_REFUNDED');
    case 'received':
      throw conflict(RETURN_MESSAGES.alreadyReceived, 'RETURN_ALREADY_RECEIVED');
    default:
      throw step === 'refund'
        ? conflict(RETURN_MESSAGES.notReceived, 'RETURN_NOT_RECEIVED')
        : conflict(RETURN_MESSAGES.notApproved, 'RETURN_NOT_APPROVED');
  }
}

/** The request as it is now, for the answer. */
async function readRequest(db: Db, requestId: string): Promise<ReturnRequest> {
  const [full] = await readReturnRequests(db, { ids: [requestId] });
  return toReturnRequest(full!);
}

/**
 * The desk approves a request. A return: the copies approved of each item (at most those asked for and not
 * refunded yet); no money and no stock move, and the customer is asked to send the books back. A cancellation uses
 * the desk's cancel action, whose mail tells the customer of the cancellation and its refund.
 */
export async function approveReturn(
  ctx: ReturnsContext,
  requestId: string,
  body: ApproveReturnBody,
  adminId: string | undefined,
): Promise<{ request: ReturnRequest; message: string }> {
  const values = approveReturnBodySchema.parse(body);
  const found = await findReturnRequest(ctx.db, requestId);
  if (!found) throw requestNotFound();
  if (found.status !== 'requested') throw alreadyDecided();

  if (found.kind === 'cancel') {
    const reason = `Cancelled at the customer's request: ${found.reason}`.slice(0, 500);
    const done = await ctx.db.transaction(async (tx) => {
      const request = await lockReturnRequest(tx, requestId);
      if (!request || request.status !== 'requested') throw alreadyDecided();
      const order = await lockOrder(tx, request.orderId);
      if (!order) throw requestNotFound();
      if (order.status !== 'pending') throw badRequest(RETURN_MESSAGES.cancelledElsewhere, 'NOT_CANCELLABLE');
      return order;
    });
    const cancelled = await cancelOrder(ctx, done.id, { reason }, { adminId });
    const refund = cancelled.order.refunds.filter((r) => r.cancellation).at(-1);
    await ctx.db.transaction(async (tx) => {
      await decideReturnRequest(tx, requestId, {
        status: 'approved',
        decidedBy: adminId ?? null,
        refundId: refund?._id ?? null,
      });
    });
    return { request: await readRequest(ctx.db, requestId), message: cancelled.message };
  }

  const order = await ctx.db.transaction(async (tx) => {
    const request = await lockReturnRequest(tx, requestId);
    if (!request || request.status !== 'requested') throw alreadyDecided();
    const order = await lockOrder(tx, request.orderId);
    if (!order) throw requestNotFound();
    const asked = new Map(
      (await returnRequestItemsOf(tx, requestId)).map((item) => [item.orderItemId, item.quantity]),
    );
    const left = new Map(
      (await orderItemsOf(tx, order.id)).map((item) => [item.id, item.quantity - item.refundedQuantity]),
    );
    const lines = values.items ?? [...asked].map(([orderItemId, quantity]) => ({ orderItemId, quantity }));
    lines.forEach((line, index) => {
      const most = Math.min(asked.get(line.orderItemId) ?? -1, left.get(line.orderItemId) ?? 0);
      if (!asked.has(line.orderItemId) || line.quantity > most) {
        throw badRequest(RETURN_MESSAGES.notRequested, 'NOT_REQUESTED', [
          { path: `body.items.${index}.quantity`, message: RETURN_MESSAGES.notRequested },
        ]);
      }
    });
    if (!lines.some((line) => line.quantity > 0)) {
      throw badRequest(RETURN_MESSAGES.itemsRequired, 'NO_ITEMS', [
        { path: 'body.items', message: RETURN_MESSAGES.itemsRequired },
      ]);
    }
    const approved = [...asked.keys()].map((orderItemId) => ({
      orderItemId,
      quantity: lines.find((l) => l.orderItemId === orderItemId)?.quantity ?? 0,
    }));
    const decided = await decideReturnRequest(tx, requestId, {
      status: 'approved',
      decidedBy: adminId ?? null,
      approved,
    });
    if (!decided) throw alreadyDecided();
    return order;
  });

  ctx.mailer.sendLater(
    returnApprovedMail(mailOrder(ctx, order), mailLanguage(order.locale, ctx.publicUrl)),
    'return approved mail failed',
    { orderNumber: order.orderNumber },
  );
  return { request: await readRequest(ctx.db, requestId), message: RETURN_MESSAGES.approved };
}

/**
 * The parcel of an approved return came back. The desk says, for each approved book, how many copies came and how
 * many of them go back on the shelf (its choice: a torn book does not); those are given back to the stock here, at
 * most the copies the item took from it, once. No money moves.
 */
export async function receiveReturn(
  ctx: ReturnsContext,
  requestId: string,
  body: ReceiveReturnBody,
  adminId: string | undefined,
): Promise<{ request: ReturnRequest; message: string }> {
  const values = receiveReturnBodySchema.parse(body);
  const books = await ctx.db.transaction(async (tx) => {
    const request = await lockReturnRequest(tx, requestId);
    if (!request) throw requestNotFound();
    if (request.kind !== 'return' || request.status !== 'approved') wrongState(request, 'receive');
    const order = await lockOrder(tx, request.orderId);
    if (!order) throw requestNotFound();
    const approved = new Map(
      (await returnRequestItemsOf(tx, requestId))
        .filter((item) => (item.approvedQuantity ?? 0) > 0)
        .map((item) => [item.orderItemId, item.approvedQuantity ?? 0]),
    );
    values.items.forEach((line, index) => {
      const most = approved.get(line.orderItemId);
      if (most === undefined || line.quantity > most) {
        throw badRequest(RETURN_MESSAGES.notApprovedItem, 'NOT_APPROVED', [
          { path: `body.items.${index}.quantity`, message: RETURN_MESSAGES.notApprovedItem },
        ]);
      }
    });
    if ([...approved.keys()].some((id) => !values.items.some((line) => line.orderItemId === id))) {
      throw badRequest(RETURN_MESSAGES.everyApprovedItem, 'ITEMS_MISSING', [
        { path: 'body.items', message: RETURN_MESSAGES.everyApprovedItem },
      ]);
    }
    const items = new Map((await orderItemsOf(tx, order.id)).map((item) => [item.id, item]));
    const lines = values.items.map((line) => {
      const item = items.get(line.orderItemId)!;
      // No more than the item took from the shelf (fewer when it was backordered), and only of a book that exists.
      const restock = item.bookId ? Math.min(line.restock, item.stockTaken) : 0;
      return { orderItemId: line.orderItemId, quantity: line.quantity, restock, item };
    });
    const marked = await markReturnReceived(tx, requestId, { receivedBy: adminId ?? null, items: lines });
    if (!marked) wrongState(request, 'receive');
    const restocked = lines.filter((line) => line.restock > 0);
    for (const line of restocked) await lowerStockTaken(tx, line.orderItemId, line.restock);
    return returnEditionStock(
      tx,
      restocked.map((line) => ({
        bookId: line.item.bookId!,
        language: line.item.selectedLanguage,
        copies: line.restock,
      })),
    );
  });
  // Copies back on the shelf: readers waiting for those editions get their one mail (books module).
  await notifyBackInStock(ctx, books);
  return { request: await readRequest(ctx.db, requestId), message: RETURN_MESSAGES.receivedMessage };
}

/**
 * The received copies of a return are refunded: a refund by items of them (the amount computed by the server,
 * decision 055), linked to the request, with nothing put back on the shelf again (that was decided on receipt).
 * Razorpay is then asked (not for cash on delivery: paid back by hand) and the customer is mailed the amount.
 * Razorpay refusing it leaves the return received, to be refunded again.
 */
export async function refundReturn(
  ctx: ReturnsContext,
  requestId: string,
  adminId: string | undefined,
): Promise<{ request: ReturnRequest; message: string }> {
  const recorded = await ctx.db.transaction(async (tx) => {
    const request = await lockReturnRequest(tx, requestId);
    if (!request) throw requestNotFound();
    if (request.kind !== 'return' || request.status !== 'received') wrongState(request, 'refund');
    const order = await lockOrder(tx, request.orderId);
    if (!order) throw requestNotFound();
    const lines: RefundLine[] = (await returnRequestItemsOf(tx, requestId))
      .filter((item) => (item.receivedQuantity ?? 0) > 0)
      .map((item) => ({ orderItemId: item.orderItemId, quantity: item.receivedQuantity ?? 0, restock: 0 }));
    const refund = await recordItemsRefund(tx, order, lines, {
      reason: `Return: ${request.reason}`.slice(0, 500),
      adminId,
    });
    if (!(await markReturnRefunded(tx, requestId, refund.id))) wrongState(request, 'refund');
    return { order, refund };
  });

  const byHand = refundsByHand(recorded.order);
  const message: string = RETURN_MESSAGES.refundedMessage;
  if (!byHand) {
    const sent = await askRazorpay(ctx, recorded.order, recorded.refund);
    if (sent.outcome === 'refused') {
      await reopenReceivedReturn(ctx.db, requestId, recorded.refund.id);
      throw badRequest(sent.message, 'REFUND_REFUSED');
    }
    if (sent.outcome === 'unanswered') {
      return {
        request: await readRequest(ctx.db, requestId),
        message: `The return is recorded as refunded. ${sent.message}`,
      };
    }
  }
  ctx.mailer.sendLater(
    returnRefundedMail(
      mailOrder(ctx, recorded.order),
      { amount: fromPaise(recorded.refund.amountPaise), byHand },
      mailLanguage(recorded.order.locale, ctx.publicUrl),
    ),
    'return refunded mail failed',
    { orderNumber: recorded.order.orderNumber },
  );
  return { request: await readRequest(ctx.db, requestId), message };
}

/** The desk declines a request with a reason, which the customer is sent. */
export async function declineReturn(
  ctx: ReturnsContext,
  requestId: string,
  body: DeclineReturnBody,
  adminId: string | undefined,
): Promise<ReturnRequest> {
  const { reason } = declineReturnBodySchema.parse(body);
  const order = await ctx.db.transaction(async (tx) => {
    const request = await lockReturnRequest(tx, requestId);
    if (!request) throw requestNotFound();
    // A return approved whose parcel never came may be declined too; once received, it is refunded.
    const decided = await decideReturnRequest(tx, requestId, {
      status: 'declined',
      decidedBy: adminId ?? null,
      declineReason: reason,
      from: request.kind === 'return' ? ['requested', 'approved'] : ['requested'],
    });
    if (!decided) throw alreadyDecided();
    return lockOrder(tx, request.orderId);
  });
  if (order) {
    ctx.mailer.sendLater(
      returnDeclinedMail(mailOrder(ctx, order), reason, mailLanguage(order.locale, ctx.publicUrl)),
      'return declined mail failed',
      { orderNumber: order.orderNumber },
    );
  }
  const [full] = await readReturnRequests(ctx.db, { ids: [requestId] });
  return toReturnRequest(full!);
}
