import {
  COUPON_MESSAGES,
  fromPaise,
  orderMoneyOf,
  type Order,
  type OrderMoney,
  type OrderReceipt,
} from '@scholar/shared';
import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { editionKey, lockEditionStock, returnEditionStock, takeEditionStock } from '../books/stock';
import { lockOrder, updateOrder } from './orders.repository';
import { itemsToCarry, setStockTaken } from './cod.repository';
import { forgetStockTaken, stockTakenOf } from './refunds.repository';

/**
 * Cash on delivery and coupons on the order (docs/decisions/051): how the order shows them, the desk's "Cash
 * collected", and the copies of a cash-on-delivery parcel that came back (RTO).
 */

/** How the order is paid and what its coupon took off, as the API shows it (rupees). */
export function paymentFieldsOf(row: Parameters<typeof moneyOfRow>[0]) {
  return {
    money: moneyOfRow(row),
    paymentMethod: row.paymentMethod,
    couponCode: row.couponCode,
    discount: fromPaise(row.discountPaise),
    codFee: fromPaise(row.codFeePaise),
    codCollectedAt: row.codCollectedAt?.toISOString() ?? null,
  };
}

/**
 * The order's money in one summary (docs/decisions/058), from its row: the one computation behind every screen,
 * mail and file that shows the order.
 */
export function moneyOfRow(
  row: Pick<
    OrderRow,
    | 'paymentMethod'
    | 'status'
    | 'subtotalPaise'
    | 'shippingPaise'
    | 'discountPaise'
    | 'codFeePaise'
    | 'couponCode'
    | 'amountPaise'
    | 'refundedPaise'
    | 'codCollectedAt'
  >,
): OrderMoney {
  return orderMoneyOf({ ...row, codCollected: row.codCollectedAt !== null });
}

/** The same fields on the receipt (collection left out: the desk's business). */
export function receiptPaymentFieldsOf(
  order: Order,
): Pick<OrderReceipt, 'paymentMethod' | 'couponCode' | 'discount' | 'codFee' | 'money'> {
  return {
    money: order.money,
    paymentMethod: order.paymentMethod,
    couponCode: order.couponCode,
    discount: order.discount,
    codFee: order.codFee,
  };
}

/**
 * "Cash collected" on the desk: the courier's cash reached the shop. Only for a cash-on-delivery order that is
 * shipped or delivered and not collected yet (collecting twice keeps the first time). From then on its amount is
 * revenue (the day-stats trigger stops counting it as due). `inTransaction` runs in the same transaction: the
 * bill the collection issues.
 */
export async function markCodCollected(
  db: Db,
  orderId: string,
  inTransaction: (tx: Db, orderId: string) => Promise<void> = async () => undefined,
): Promise<{ collected: boolean }> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order not found', 'ORDER_NOT_FOUND');
    if (order.paymentMethod !== 'cod' || (order.status !== 'shipped' && order.status !== 'delivered')) {
      throw badRequest(COUPON_MESSAGES.codCollectRefused, 'COD_COLLECT_REFUSED');
    }
    if (order.codCollectedAt) return { collected: false };
    await updateOrder(tx, orderId, { codCollectedAt: new Date() });
    await inTransaction(tx, orderId);
    return { collected: true };
  });
}

/**
 * A cash-on-delivery parcel that came back (RTO) was never paid for: its copies go back to the stock, in the
 * transaction of the move, as a cancellation gives them back. Answers the books given copies. Card orders keep
 * theirs (their money and books are settled by the refund and return desk).
 */
export async function returnCodStock(
  tx: Db,
  order: Pick<OrderRow, 'id' | 'paymentMethod'>,
): Promise<string[]> {
  if (order.paymentMethod !== 'cod') return [];
  const taken = await stockTakenOf(tx, order.id);
  const books = await returnEditionStock(tx, taken);
  await forgetStockTaken(tx, order.id);
  return books;
}

/**
 * A cash-on-delivery parcel that came back (RTO) and is sent again: its copies leave the shelf a second time, taken
 * as the order took them (what is left, when fewer are in stock). Answers the books whose stock changed.
 */
export async function retakeCodStock(
  tx: Db,
  order: Pick<OrderRow, 'id' | 'paymentMethod'>,
): Promise<string[]> {
  if (order.paymentMethod !== 'cod') return [];
  const items = await itemsToCarry(tx, order.id);
  const stock = await lockEditionStock(tx, items);
  const taken = new Set<string>();
  for (const item of items) {
    const key = editionKey(item);
    const left = stock.get(key);
    if (left === undefined) continue;
    const copies = Math.min(left, item.copies);
    await takeEditionStock(tx, item, item.copies);
    await setStockTaken(tx, item.id, copies);
    stock.set(key, left - copies);
    if (copies > 0) taken.add(item.bookId.toLowerCase());
  }
  return [...taken];
}

/** The amount refund of a cash-on-delivery order is refused: no card was charged, the money goes back by hand. */
export const COD_REFUND_REFUSED = COUPON_MESSAGES.codRefund;
