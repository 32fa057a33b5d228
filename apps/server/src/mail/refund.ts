import { fromPaise, type Order, type OrderRefund } from '@scholar/shared';
import { orderTrackPath } from '../lib/order-links';
import { escapeHtml, type Mail } from './mailer';
import type { MailLanguage, MailValues } from './i18n';
import type { MailMessageId } from './catalogues/en';

type Line = [MailMessageId, MailValues?];

function mail(order: Order, subject: string, lines: Line[], lang: MailLanguage): Mail {
  const link = lang.url(orderTrackPath(order));
  const all: Line[] = [['greeting.named', { name: order.contactDetails.name }], ...lines];
  return {
    to: order.contactDetails.email,
    subject,
    text: [
      ...all.flatMap(([id, values]) => [lang.text(id, values), '']),
      lang.text('refund.yourOrder', { link }),
    ].join('\n'),
    html: lang.document(
      `${all.map(([id, values]) => `<p>${lang.html(id, values)}</p>`).join('\n')}\n<p><a href="${escapeHtml(link)}">${lang.html('refund.seeOrder')}</a></p>`,
    ),
  };
}

/**
 * "We have refunded ₹X of your order": sent once Razorpay has taken the refund, in the language of the order. The
 * reason is the desk's note and stays on the desk (the order page does not show it either).
 */
export function refundStartedMail(order: Order, refund: OrderRefund, lang: MailLanguage): Mail {
  const amount = lang.money(refund.amount);
  const orderNumber = lang.ltr(order.orderNumber);
  return mail(
    order,
    lang.text('refund.started.subject', { amount: amount.text, orderNumber: order.orderNumber }),
    [['refund.started.body', { amount, orderNumber, days: lang.text('refund.days') }]],
    lang,
  );
}

/** "Your order is cancelled", with the refund when Razorpay took it; in the language of the order. */
export function orderCancelledMail(
  order: Order,
  refundedPaise: number | undefined,
  lang: MailLanguage,
): Mail {
  const orderNumber = lang.ltr(order.orderNumber);
  return mail(
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
