import type { Order } from '@scholar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { CheckoutLine, checkouts } from '../../db/schema';
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
import { recordPayment, setCheckoutStatus } from './checkout.repository';

/** What making an order needs: the checkout hands its own context, which has all of it. */
export interface OrderFromPaymentContext {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** A checkout as stored: what the buyer was shown and agreed to pay, line by line. */
type CheckoutRow = typeof checkouts.$inferSelect;

const ORDER_NUMBER_ATTEMPTS = 5;
/** The unique key of order numbers (the migration's name for it). */
const ORDER_NUMBER_KEY = 'orders_order_number_key';

/**
 * Turns a paid checkout into its order, once: order and item snapshots, the payment record, the stock taken and the
 * emptied server cart in one transaction, each written by the module that owns it (books the stock, orders the
 * order, cart the cart; the checkout and its payment record are this module's). Whoever comes second (verify call
 * or webhook) gets the same order and takes no stock. Stock is taken from the edition of each line, the books'
 * rows locked in id order before any other lock on them. A book deleted since the checkout began leaves its item
 * without a book reference; the snapshot is the order. A captured payment is never refused: when an edition has
 * fewer copies left than the order holds (they sold between the payment order and the payment), the order is
 * created `backordered` and the stock stops at 0.
 */
export async function createOrderFromPayment(
  ctx: OrderFromPaymentContext,
  checkout: CheckoutRow,
  payment: RazorpayPayment,
  source: string,
): Promise<Order> {
  const save = (orderNumber: string) =>
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
          txnId: payment.id,
          razorpayOrderId: payment.order_id,
          checkoutId: checkout.id,
          userId: checkout.userId,
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
      if (checkout.userId) await emptyCart(tx, checkout.userId);
      // A card order's bill of supply is written with it, numbered in this transaction (docs/decisions/053).
      await issueBill(tx, row.id);
      return true;
    });
  // Order numbers are random (6 characters of 32): on a day with thousands of orders two can meet. The unique
  // key refuses the second; it is saved again under a new number rather than failing a paid order.
  let created: boolean;
  for (let attempt = 1; ; attempt += 1) {
    try {
      created = await save(newOrderNumber());
      break;
    } catch (error) {
      if (attempt >= ORDER_NUMBER_ATTEMPTS || !isUniqueViolation(error, ORDER_NUMBER_KEY)) throw error;
      ctx.log.warn({ attempt }, 'order number already taken; trying another');
    }
  }
  const row = await findOrderByRazorpayOrderId(ctx.db, payment.order_id);
  const order = await fullOrder(ctx.db, row!);
  if (created) {
    ctx.log.info({ orderNumber: order.orderNumber, source, backordered: order.backordered }, 'order created');
    ctx.mailer.sendLater(
      withBill(ctx, orderConfirmationMail(order, mailLanguage(row!.locale, ctx.config.publicUrl)), order._id),
      'order confirmation mail failed',
      {
        orderNumber: order.orderNumber,
      },
    );
  }
  return order;
}
