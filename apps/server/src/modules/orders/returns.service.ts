import {
  approveReturnBodySchema,
  declineReturnBodySchema,
  fromPaise,
  paths,
  RETURN_MESSAGES,
  RETURN_WINDOW_DAYS,
  returnRequestBodySchema,
  type ApproveReturnBody,
  type DeclineReturnBody,
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
  returnRequestedShopMail,
} from '../../mail/returns';
import { isOrderSignature } from '../../lib/order-links';
import { findUserOrder, lockOrder } from './orders.repository';
import { findOrderByNumber } from './track.repository';
import { notifyBackInStock } from '../books/back-in-stock';
import { orderItemsOf } from './refunds.repository';
import {
  askRazorpay,
  bookIdsOfOrder,
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
  readReturnRequests,
  returnRequestItemsOf,
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
    items: row.items.map((item) => ({
      orderItemId: item.orderItemId,
      name: item.name,
      quantity: item.quantity,
      approvedQuantity: item.approvedQuantity,
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

/** The order as the return mails address it. */
const mailOrder = (order: OrderRow) => ({
  _id: order.id,
  orderNumber: order.orderNumber,
  contactDetails: { name: order.contactName, email: order.contactEmail },
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
    returnReceivedMail(mailOrder(order), request, lang),
    'return request mail failed',
    context,
  );
  try {
    const shop = await ctx.shopEmail();
    const deskLink = `${ctx.publicUrl.replace(/\/$/, '')}${paths.adminOrder(order.id)}`;
    ctx.mailer.sendLater(
      returnRequestedShopMail(shop, mailOrder(order), request, deskLink),
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
export async function signedLinkOrder(db: Db, orderNumber: string, signature: string): Promise<OrderRow> {
  const order = await findOrderByNumber(db, orderNumber);
  if (!order || !isOrderSignature(order.id, signature)) throw orderNotFound();
  return order;
}

const alreadyDecided = () => conflict(RETURN_MESSAGES.alreadyDecided, 'RETURN_ALREADY_DECIDED');

/**
 * The desk approves a request. A return becomes a refund by items (the copies and restock the desk chose, within
 * what was asked), linked to the request, in one transaction with the request and the order locked; then Razorpay
 * is asked (not for cash on delivery: paid back by hand) and the customer is written to with the amount. A
 * cancellation uses the desk's cancel action, whose mail tells the customer of the cancellation and its refund.
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
    const [full] = await readReturnRequests(ctx.db, { ids: [requestId] });
    return { request: toReturnRequest(full!), message: cancelled.message };
  }

  const recorded = await ctx.db.transaction(async (tx) => {
    const request = await lockReturnRequest(tx, requestId);
    if (!request || request.status !== 'requested') throw alreadyDecided();
    const order = await lockOrder(tx, request.orderId);
    if (!order) throw requestNotFound();
    const asked = new Map(
      (await returnRequestItemsOf(tx, requestId)).map((item) => [item.orderItemId, item.quantity]),
    );
    const lines: RefundLine[] =
      values.items ??
      [...asked].map(([orderItemId, quantity]) => ({ orderItemId, quantity, restock: quantity }));
    lines.forEach((line, index) => {
      const most = asked.get(line.orderItemId);
      if (most === undefined || line.quantity > most) {
        throw badRequest(RETURN_MESSAGES.notRequested, 'NOT_REQUESTED', [
          { path: `body.items.${index}.quantity`, message: RETURN_MESSAGES.notRequested },
        ]);
      }
    });
    const refund = await recordItemsRefund(tx, order, lines, {
      reason: `Return: ${request.reason}`.slice(0, 500),
      adminId,
    });
    const approved = [...asked.keys()].map((orderItemId) => {
      const line = lines.find((l) => l.orderItemId === orderItemId);
      return { orderItemId, quantity: line?.quantity ?? 0, restock: line?.restock ?? 0 };
    });
    const decided = await decideReturnRequest(tx, requestId, {
      status: 'approved',
      decidedBy: adminId ?? null,
      refundId: refund.id,
      approved,
    });
    if (!decided) throw alreadyDecided();
    return { order, refund };
  });

  // Copies the return gave back: readers waiting for those editions get their one mail (books module).
  await notifyBackInStock(ctx, await bookIdsOfOrder(ctx.db, recorded.order.id));
  const byHand = refundsByHand(recorded.order);
  let message: string = RETURN_MESSAGES.approved;
  let sentAmount: number | undefined = fromPaise(recorded.refund.amountPaise);
  if (!byHand) {
    const sent = await askRazorpay(ctx, recorded.order, recorded.refund);
    if (sent.outcome !== 'sent') {
      message = `The return is approved, but its refund did not go through. ${sent.message}`;
      sentAmount = undefined;
    }
  }
  ctx.mailer.sendLater(
    returnApprovedMail(
      mailOrder(recorded.order),
      sentAmount === undefined ? undefined : { amount: sentAmount, byHand },
      mailLanguage(recorded.order.locale, ctx.publicUrl),
    ),
    'return approved mail failed',
    { orderNumber: recorded.order.orderNumber },
  );
  const [full] = await readReturnRequests(ctx.db, { ids: [requestId] });
  return { request: toReturnRequest(full!), message };
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
    const decided = await decideReturnRequest(tx, requestId, {
      status: 'declined',
      decidedBy: adminId ?? null,
      declineReason: reason,
    });
    if (!decided) throw alreadyDecided();
    return lockOrder(tx, request.orderId);
  });
  if (order) {
    ctx.mailer.sendLater(
      returnDeclinedMail(mailOrder(order), reason, mailLanguage(order.locale, ctx.publicUrl)),
      'return declined mail failed',
      { orderNumber: order.orderNumber },
    );
  }
  const [full] = await readReturnRequests(ctx.db, { ids: [requestId] });
  return toReturnRequest(full!);
}
