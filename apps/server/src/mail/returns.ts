import type { ReturnKind } from '@scholar/shared';
import type { MailLanguage } from './i18n';
import { escapeHtml, type Mail } from './mailer';
import { orderMail, type MailLine, type MailOrder } from './order-mail';

/** "We have your request": the kind, the copies asked for and the customer's own reason. */
export function returnReceivedMail(
  order: MailOrder,
  request: { kind: ReturnKind; reason: string; items: readonly { name: string; quantity: number }[] },
  lang: MailLanguage,
): Mail {
  const orderNumber = lang.ltr(order.orderNumber);
  return orderMail(
    order,
    lang.text('return.received.subject', { orderNumber: order.orderNumber }),
    [
      [request.kind === 'cancel' ? 'return.received.cancel' : 'return.received.return', { orderNumber }],
      ...request.items.map((item): MailLine => [
        'return.item',
        { quantity: lang.count(item.quantity), name: item.name },
      ]),
      ['return.reason', { reason: request.reason }],
      ['return.received.next'],
    ],
    lang,
  );
}

/** "Your return is approved": please send the approved books back; the refund follows when they arrive. */
export function returnApprovedMail(order: MailOrder, lang: MailLanguage): Mail {
  const orderNumber = lang.ltr(order.orderNumber);
  return orderMail(
    order,
    lang.text('return.approved.subject', { orderNumber: order.orderNumber }),
    [['return.approved.sendBack', { orderNumber }], ['return.approved.refundLater']],
    lang,
  );
}

/** "Your return is refunded": the books came back; the amount and when it arrives, or that it is paid by hand. */
export function returnRefundedMail(
  order: MailOrder,
  refund: { amount: number; byHand: boolean },
  lang: MailLanguage,
): Mail {
  const orderNumber = lang.ltr(order.orderNumber);
  const days = lang.text('refund.days');
  const amount = lang.money(refund.amount);
  return orderMail(
    order,
    lang.text('return.refunded.subject', { orderNumber: order.orderNumber }),
    [
      refund.byHand
        ? ['return.refunded.byHand', { orderNumber, amount, days }]
        : ['return.refunded.body', { orderNumber, amount, days }],
    ],
    lang,
  );
}

/** "We cannot accept your request", with the desk's reason. */
export function returnDeclinedMail(order: MailOrder, reason: string, lang: MailLanguage): Mail {
  const orderNumber = lang.ltr(order.orderNumber);
  return orderMail(
    order,
    lang.text('return.declined.subject', { orderNumber: order.orderNumber }),
    [
      ['return.declined.body', { orderNumber }],
      ['return.declined.reason', { reason }],
    ],
    lang,
  );
}

/** To the shop (the site's contact address), in English as the desk is: a request waits on the orders desk. */
export function returnRequestedShopMail(
  to: string,
  order: MailOrder,
  request: { kind: ReturnKind; reason: string; items: readonly { name: string; quantity: number }[] },
  deskLink: string,
): Mail {
  const what = request.kind === 'cancel' ? 'cancel' : 'return books from';
  const lines = [
    `${order.contactDetails.name} asks to ${what} order ${order.orderNumber}.`,
    ...request.items.map((item) => `${item.quantity} × ${item.name}`),
    `Reason: ${request.reason}`,
  ];
  return {
    to,
    subject: `${request.kind === 'cancel' ? 'Cancellation' : 'Return'} request for order ${order.orderNumber}`,
    text: [...lines, '', `Answer it on the orders desk: ${deskLink}`].join('\n'),
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(deskLink)}">Answer it on the orders desk</a></p>`,
  };
}
