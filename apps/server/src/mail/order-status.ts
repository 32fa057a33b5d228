import type { Order } from '@scholar/shared';
import { escapeHtml, type Mail } from './mailer';

/** "Your order is on its way" with the provider, tracking number and link; or "delivered". */
export function orderStatusMail(order: Order, kind: 'shipped' | 'delivered', publicUrl: string): Mail {
  const f = order.fulfillment;
  const greeting = `Assalamu alaikum ${order.contactDetails.name},`;
  if (kind === 'delivered') {
    return {
      to: order.contactDetails.email,
      subject: `Your order ${order.orderNumber} has been delivered`,
      text: [
        greeting,
        '',
        `Your order ${order.orderNumber} has been delivered. We hope the books bring you benefit.`,
        '',
        `Your orders: ${publicUrl}/dashboard?tab=orders`,
      ].join('\n'),
      html: `<p>${escapeHtml(greeting)}</p><p>Your order <strong>${escapeHtml(order.orderNumber)}</strong> has been delivered. We hope the books bring you benefit.</p>`,
    };
  }
  const tracking = [
    f.shippingProvider ? `Shipping provider: ${f.shippingProvider}` : undefined,
    f.trackingNumber ? `Tracking number: ${f.trackingNumber}` : undefined,
    f.trackingUrl ? `Track it here: ${f.trackingUrl}` : undefined,
    f.estimatedDelivery ? `Estimated delivery: ${f.estimatedDelivery}` : undefined,
  ].filter((line): line is string => Boolean(line));
  return {
    to: order.contactDetails.email,
    subject: `Your order ${order.orderNumber} is on its way`,
    text: [
      greeting,
      '',
      `Your order ${order.orderNumber} has been shipped.`,
      '',
      ...tracking,
      '',
      `Your orders: ${publicUrl}/dashboard?tab=orders`,
    ].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p>Your order <strong>${escapeHtml(order.orderNumber)}</strong> has been shipped.</p>
<ul>${tracking
      .map((line) =>
        line.startsWith('Track it here: ') && f.trackingUrl
          ? `<li><a href="${escapeHtml(f.trackingUrl)}">Track your parcel</a></li>`
          : `<li>${escapeHtml(line)}</li>`,
      )
      .join('')}</ul>`,
  };
}
