import type { Order } from '@scholar/shared';
import { escapeHtml, type Mail } from './mailer';
import type { MailLanguage, Markup } from './i18n';
import type { WithTrackPath } from './order-mail';

/**
 * "Your order is on its way" with the provider, tracking number and link; or "delivered". In the language of the
 * order.
 */
export function orderStatusMail(
  order: Order & WithTrackPath,
  kind: 'shipped' | 'delivered',
  lang: MailLanguage,
): Mail {
  const f = order.fulfillment;
  const greeting = { name: order.contactDetails.name };
  const orderNumber = lang.strong(order.orderNumber);
  // The signed tracking page, for guests and account holders alike (docs/decisions/054).
  const trackUrl = lang.url(order.trackPath);
  const yourOrders = lang.text('order.track', { link: trackUrl });
  const seeOrder = `<p><a href="${escapeHtml(trackUrl)}">${lang.html('order.trackLink')}</a></p>`;
  type MessageId = Parameters<MailLanguage['text']>[0];
  /** The greeting, the news, any tracking details as a list, and the link to the order. */
  const compose = (
    subject: MessageId,
    body: MessageId,
    details?: { text: string; html: string }[],
  ): Mail => ({
    to: order.contactDetails.email,
    subject: lang.text(subject, { orderNumber: order.orderNumber }),
    text: [
      lang.text('greeting.named', greeting),
      '',
      lang.text(body, { orderNumber }),
      '',
      ...(details ? [...details.map((each) => each.text), ''] : []),
      yourOrders,
    ].join('\n'),
    html: lang.document(
      `<p>${lang.html('greeting.named', greeting)}</p><p>${lang.html(body, { orderNumber })}</p>` +
        (details ? `\n<ul>${details.map((each) => each.html).join('')}</ul>` : '') +
        seeOrder,
    ),
  });
  if (kind === 'delivered') return compose('order.delivered.subject', 'order.delivered.body');
  const tracking: { text: string; html: string }[] = [];
  const line = (id: Parameters<MailLanguage['text']>[0], values: Record<string, string | Markup>) =>
    tracking.push({ text: lang.text(id, values), html: `<li>${lang.html(id, values)}</li>` });
  if (f.shippingProvider) line('order.shipped.provider', { provider: f.shippingProvider });
  if (f.trackingNumber) line('order.shipped.trackingNumber', { trackingNumber: lang.ltr(f.trackingNumber) });
  if (f.trackingUrl) {
    tracking.push({
      text: lang.text('order.shipped.trackingUrl', { url: f.trackingUrl }),
      html: `<li><a href="${escapeHtml(f.trackingUrl)}">${lang.html('order.shipped.trackLink')}</a></li>`,
    });
  }
  if (f.estimatedDelivery) line('order.shipped.estimated', { date: lang.calendarDate(f.estimatedDelivery) });
  return compose('order.shipped.subject', 'order.shipped.body', tracking);
}
