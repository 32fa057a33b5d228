import { fromPaise, type Order, type OrderRefund } from '@scholar/shared';
import type { Mail } from './mailer';
import type { MailLanguage } from './i18n';
import { orderMail, type WithTrackPath } from './order-mail';

/**
 * "We have refunded ₹X of your order": sent once Razorpay has taken the refund, in the language of the order. The
 * reason is the desk's note and stays on the desk (the order page does not show it either).
 */
export function refundStartedMail(
  order: Order & WithTrackPath,
  refund: OrderRefund,
  lang: MailLanguage,
): Mail {
  const amount = lang.money(refund.amount);
  const orderNumber = lang.ltr(order.orderNumber);
  return orderMail(
    order,
    lang.text('refund.started.subject', { amount: amount.text, orderNumber: order.orderNumber }),
    [['refund.started.body', { amount, orderNumber, days: lang.text('refund.days') }]],
    lang,
  );
}

/** "Your order is cancelled", with the refund when Razorpay took it; in the language of the order. */
export function orderCancelledMail(
  order: Order & WithTrackPath,
  refundedPaise: number | undefined,
  lang: MailLanguage,
): Mail {
  const orderNumber = lang.ltr(order.orderNumber);
  return orderMail(
    order,
    lang.text('refund.cancelled.subject', { orderNumber: order.orderNumber }),
    [
      ['refund.cancelled.body', { orderNumber }],
      ['refund.cancelled.reason', { reason: order.cancellation?.reason ?? '' }],
      refundedPaise
        ? [
            'refund.cancelled.refunded',
            { amount: lang.money(fromPaise(refundedPaise)), days: lang.text('refund.days') },
          ]
        : ['refund.cancelled.later'],
    ],
    lang,
  );
}
