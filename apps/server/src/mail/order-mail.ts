import type { MailMessageId } from './catalogues/en';
import type { MailLanguage, MailValues } from './i18n';
import { escapeHtml, type Mail } from './mailer';

/** One paragraph of an order mail: a catalogue sentence and its values. */
export type MailLine = [MailMessageId, MailValues?];

/** What a mail about an order needs of it: where it goes, whom it greets, and its signed tracking link. */
export interface MailOrder extends WithTrackPath {
  _id: string;
  orderNumber: string;
  contactDetails: { name: string; email: string };
}

/** An order with the path of its signed tracking page (`app.orderLinks.trackPath`), which its mails link to. */
export interface WithTrackPath {
  trackPath: string;
}

/**
 * A mail to the customer about their order, in the order's language: the greeting, the paragraphs, and the link to
 * the order's signed tracking page (docs/decisions/054), which opens for a guest as for a customer with an account.
 */
export function orderMail(order: MailOrder, subject: string, lines: MailLine[], lang: MailLanguage): Mail {
  const link = lang.url(order.trackPath);
  const all: MailLine[] = [['greeting.named', { name: order.contactDetails.name }], ...lines];
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
