import type { Order } from '@scholar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { OrderLinks } from '../../lib/order-links';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { CheckoutLine, checkouts, OrderRow } from '../../db/schema';
import { mailLanguage } from '../../mail/i18n';
import type { Mailer } from '../../mail/mailer';
import { orderConfirmationMail } from '../../mail/order-confirmation';
import type { RazorpayPayment } from '../../payments/razorpay-client';
import { withBill } from '../bills/bill-mail';
import { issueBill } from '../bills/bills.service';
import { editionKey, lockEditionStock, lockExistingBooks, takeEditionStock } from '../books/stock';
import { emptyCart } from '../cart/cart.service';
import { estimatedDeliveryAfter } from '../delivery/delivery.service';
import { newOrderNumber } from '../orders/order-number';
import { findOrderByRazorpayOrderId, fullOrder, insertOrderOnce } from '../orders/orders.service';
import { keepCouponUse } from '../coupons/coupons.service';
import { ownerOfNewOrder } from '../orders/track.service';
import { recordPayment, setCheckoutStatus } from './checkout.repository';

/** What making an order needs: the checkout hands its own context, which has all of it. */
export interface OrderFromPaymentContext {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  /** The signed link of the confirmation mail (`app.orderLinks`). */
  orderLinks: OrderLinks;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** A checkout as stored: what the buyer was shown and agreed to pay, line by line. */
type CheckoutRow = typeof checkouts.$inferSelect;

const ORDER_NUMBER_ATTEMPTS = 5;
/** The unique key of order numbers (the migration's name for it). */
const ORDER_NUMBER_KEY = 'orders_order_number_key';

/** Where an order's money comes from: Razorpay's order and payment, or `cod_<checkout id>` for both (decision 051). */
interface OrderIds {
  txnId: string;
  razorpayOrderId: string;
}

/** The ids of a cash-on-delivery order: no Razorpay ids, one order per checkout by the same unique keys. */
export const codIds = (checkoutId: string): OrderIds => ({
  txnId: `cod_${checkoutId}`,
  razorpayOrderId: `cod_${checkoutId}`,
});

/**
 * The part of making an order that every way of paying shares, in the caller's transaction: the books' rows locked
 * in id order (`lockEditionStock`, then `lockExistingBooks`), the order and its item snapshots inserted once
 * (`insertOrderOnce`: whoever comes second takes no stock), the stock taken from each line's edition, the checkout
 * marked paid, its coupon use kept and the buyer's server cart emptied. A book deleted since the checkout began
 * leaves its item without a book reference; the snapshot is the order. When an edition has fewer copies left than
 * the order holds, the order is created `backordered` and the stock stops at 0. Answers whether this call made it.
 */
async function saveOrderOfCheckout(
  tx: Db,
  log: FastifyBaseLogger,
  checkout: CheckoutRow,
  ids: OrderIds,
  orderNumber: string,
): Promise<boolean> {
  const bookIds = checkout.lines.map((line) => line.bookId);
  const editions = checkout.lines.map((line) => ({
    bookId: line.bookId,
    language: line.selectedLanguage,
  }));
  const stock = await lockEditionStock(tx, editions);
  const existing = await lockExistingBooks(tx, bookIds);
  const left = (line: CheckoutLine) =>
    stock.get(editionKey({ bookId: line.bookId, language: line.selectedLanguage }));
  const backordered = checkout.lines.some((line) => (left(line) ?? Infinity) < line.quantity);
  const row = await insertOrderOnce(
    tx,
    {
      orderNumber,
      txnId: ids.txnId,
      razorpayOrderId: ids.razorpayOrderId,
      checkoutId: checkout.id,
      userId: await ownerOfNewOrder(tx, checkout.userId, checkout.contact.email),
      status: 'pending',
      backordered,
      subtotalPaise: checkout.subtotalPaise,
      shippingPaise: checkout.shippingPaise,
      amountPaise: checkout.amountPaise,
      contactName: checkout.contact.name,
      contactEmail: checkout.contact.email,
      contactPhone: checkout.contact.phone,
      shippingAddress: checkout.shippingAddress,
      locale: checkout.locale,
      estimatedDelivery: estimatedDeliveryAfter(checkout.deliveryMaxDays),
      paymentMethod: checkout.paymentMethod,
      couponCode: checkout.couponCode,
      discountPaise: checkout.discountPaise,
      codFeePaise: checkout.codFeePaise,
    },
    checkout.lines.map((line) => ({
      bookId: existing.has(line.bookId) ? line.bookId : null,
      stockTaken: Math.min(left(line) ?? 0, line.quantity),
      name: line.name,
      author: line.author,
      pricePaise: line.pricePaise,
      quantity: line.quantity,
      images: line.images,
      selectedLanguage: line.selectedLanguage ?? null,
    })),
  );
  if (!row) return false;
  for (const line of checkout.lines) {
    if (left(line) !== undefined) {
      await takeEditionStock(tx, { bookId: line.bookId, language: line.selectedLanguage }, line.quantity);
    }
  }
  await setCheckoutStatus(tx, checkout.id, 'paid');
  await keepCouponUse(
    tx,
    log,
    {
      id: checkout.id,
      couponId: checkout.couponId,
      couponCode: checkout.couponCode,
      discountPaise: checkout.discountPaise,
      contactEmail: checkout.contact.email,
    },
    row.id,
  );
  if (checkout.userId) await emptyCart(tx, checkout.userId);
  return true;
}

/**
 * Order numbers are random (6 characters of 32): on a day with thousands of orders two can meet. The unique key
 * refuses the second; it is saved again under a new number rather than failing the order.
 */
async function withFreshOrderNumber<T>(
  log: FastifyBaseLogger,
  save: (orderNumber: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await save(newOrderNumber());
    } catch (error) {
      if (attempt >= ORDER_NUMBER_ATTEMPTS || !isUniqueViolation(error, ORDER_NUMBER_KEY)) throw error;
      log.warn({ attempt }, 'order number already taken; trying another');
    }
  }
}

/** The confirmation mail of a new order, in the order's language. */
function confirm(ctx: OrderFromPaymentContext, order: Order, locale: OrderRow['locale']): void {
  ctx.mailer.sendLater(
    withBill(
      ctx,
      orderConfirmationMail(
        { ...order, trackPath: ctx.orderLinks.trackPath(order) },
        mailLanguage(locale, ctx.config.publicUrl),
      ),
      order._id,
    ),
    'order confirmation mail failed',
    { orderNumber: order.orderNumber },
  );
}

/**
 * Turns a paid checkout into its order, once: the payment record and `saveOrderOfCheckout` in one transaction.
 * Whoever comes second (verify call, webhook or sweep) gets the same order and takes no stock. A captured payment
 * is never refused. Only the call that made the order sends the confirmation mail.
 */
export async function createOrderFromPayment(
  ctx: OrderFromPaymentContext,
  checkout: CheckoutRow,
  payment: RazorpayPayment,
  source: string,
): Promise<Order> {
  const created = await withFreshOrderNumber(ctx.log, (orderNumber) =>
    ctx.db.transaction(async (tx) => {
      await recordPayment(tx, {
        razorpayPaymentId: payment.id,
        razorpayOrderId: payment.order_id,
        checkoutId: checkout.id,
        amountPaise: payment.amount,
        currency: payment.currency,
        status: payment.status,
        method: payment.method,
        source,
      });
      const made = await saveOrderOfCheckout(
        tx,
        ctx.log,
        checkout,
        { txnId: payment.id, razorpayOrderId: payment.order_id },
        orderNumber,
      );
      // A card order's bill of supply is written with it, numbered in this transaction (docs/decisions/053).
      if (made) await issueBill(tx, (await findOrderByRazorpayOrderId(tx, payment.order_id))!.id);
      return made;
    }),
  );
  const row = await findOrderByRazorpayOrderId(ctx.db, payment.order_id);
  const order = await fullOrder(ctx.db, row!);
  if (created) {
    ctx.log.info({ orderNumber: order.orderNumber, source, backordered: order.backordered }, 'order created');
    confirm(ctx, order, row!.locale);
  }
  return order;
}

/**
 * The order of a cash-on-delivery checkout, made at once in the checkout's own transaction (`tx`: the
 * Idempotency-Key's, when there is one), without Razorpay: `saveOrderOfCheckout` under `cod_<checkout id>`, each try
 * of an order number in its own savepoint. The caller sends the confirmation (`confirmCodOrder`) once it committed.
 */
export async function createCodOrder(
  tx: Db,
  log: FastifyBaseLogger,
  checkout: CheckoutRow,
): Promise<{ order: Order; locale: OrderRow['locale'] }> {
  const ids = codIds(checkout.id);
  await withFreshOrderNumber(log, (orderNumber) =>
    tx.transaction((savepoint) => saveOrderOfCheckout(savepoint, log, checkout, ids, orderNumber)),
  );
  const row = await findOrderByRazorpayOrderId(tx, ids.razorpayOrderId);
  log.info(
    { orderNumber: row!.orderNumber, backordered: row!.backordered },
    'cash-on-delivery order created',
  );
  return { order: await fullOrder(tx, row!), locale: row!.locale };
}

/** The confirmation mail of a cash-on-delivery order, once its transaction committed. */
export function confirmCodOrder(
  ctx: OrderFromPaymentContext,
  order: Order,
  locale: OrderRow['locale'],
): void {
  confirm(ctx, order, locale);
}
