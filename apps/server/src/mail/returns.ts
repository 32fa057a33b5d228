import type { ReturnKind } from '@scholar/shared';
import type { MailMessageId } from './catalogues/en';
import type { MailLanguage, MailValues } from './i18n';
import { escapeHtml, type Mail } from './mailer';

/** What the return mails say about the order and the request (docs/decisions/055). */
export interface ReturnMailOrder {
  _id: string;
  orderNumber: string;
  contactDetails: { name: string; email: string };
}

type Line = [MailMessageId, MailValues?];

/** A mail to the customer, in the order's language, ending with the link to their order. */
function customerMail(order: ReturnMailOrder, subject: string, lines: Line[], lang: MailLanguage): Mail {
  const link = lang.url(`/order-details/${order._id}`);
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

/** "We have your request": the kind, the copies asked for and the customer's own reason. */
export function returnReceivedMail(
  order: ReturnMailOrder,
  request: { kind: ReturnKind; reason: string; items: readonly { name: string; quantity: number }[] },
  lang: MailLanguage,
): Mail {
  const orderNumber = lang.ltr(order.orderNumber);
  return customerMail(
    order,
    lang.text('return.received.subject', { orderNumber: order.orderNumber }),
    [
      [request.kind === 'cancel' ? 'return.received.cancel' : 'return.received.return', { orderNumber }],
      ...request.items.map((item): Line => [
        'return.item',
        { quantity: lang.count(item.quantity), name: item.name },
      ]),
      ['return.reason', { reason: request.reason }],
      ['return.received.next'],
    ],
    lang,
  );
}

/** "Your return is approved": the amount refunded and when it arrives, or that it is paid back by hand. */
export function returnApprovedMail(
  order: ReturnMailOrder,
  refund: { amount: number; byHand: boolean } | undefined,
  lang: MailLanguage,
): Mail {
  const orderNumber = lang.ltr(order.orderNumber);
  const days = lang.text('refund.days');
  const line: Line = !refund
    ? ['return.approved.later', { orderNumber }]
    : refund.byHand
      ? ['return.approved.byHand', { orderNumber, amount: lang.money(refund.amount), days }]
      : ['return.approved.body', { orderNumber, amount: lang.money(refund.amount), days }];
  return customerMail(
    order,
    lang.text('return.approved.subject', { orderNumber: order.orderNumber }),
    [line],
    lang,
  );
}

/** "We cannot accept your request", with the desk's reason. */
export function returnDeclinedMail(order: ReturnMailOrder, reason: string, lang: MailLanguage): Mail {
  const orderNumber = lang.ltr(order.orderNumber);
  return customerMail(
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
  order: ReturnMailOrder,
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
