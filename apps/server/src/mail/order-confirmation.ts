import { formatMoney, formatDate, type Order } from '@scholar/shared';
import { escapeHtml, type Mail } from './mailer';

const addressLines = (order: Order) => {
  const a = order.shippingAddress;
  return [
    a.addressLine1,
    a.addressLine2,
    a.landmark ? `Landmark: ${a.landmark}` : undefined,
    `${a.city}, ${a.state} ${a.pincode}`,
  ].filter((line): line is string => Boolean(line));
};

/** The buyer's confirmation: order number, items, subtotal, delivery, total and address. */
export function orderConfirmationMail(order: Order, publicUrl: string): Mail {
  const items = order.items.map(
    (item) => `${item.quantity} × ${item.name} (${item.author}) — ${formatMoney(item.price * item.quantity)}`,
  );
  const text = [
    `Assalamu alaikum ${order.contactDetails.name},`,
    '',
    `Thank you for your order ${order.orderNumber} of ${formatDate(order.createdAt)}. We have received your payment.`,
    '',
    ...items,
    '',
    `Subtotal: ${formatMoney(order.subtotal)}`,
    `Delivery charges: ${formatMoney(order.shipping)}`,
    `Total: ${formatMoney(order.amount)}`,
    '',
    'Delivery address:',
    ...addressLines(order),
    '',
    `We will write again when your books are on their way. Your orders: ${publicUrl}/dashboard?tab=orders`,
  ].join('\n');
  const html = `<p>Assalamu alaikum ${escapeHtml(order.contactDetails.name)},</p>
<p>Thank you for your order <strong>${escapeHtml(order.orderNumber)}</strong> of ${escapeHtml(formatDate(order.createdAt))}. We have received your payment.</p>
<table cellpadding="4" style="border-collapse:collapse">
${order.items
  .map(
    (item) =>
      `<tr><td>${item.quantity} ×</td><td>${escapeHtml(item.name)}<br><small>${escapeHtml(item.author)}</small></td><td align="right">${escapeHtml(formatMoney(item.price * item.quantity))}</td></tr>`,
  )
  .join('\n')}
<tr><td></td><td>Subtotal</td><td align="right">${escapeHtml(formatMoney(order.subtotal))}</td></tr>
<tr><td></td><td>Delivery charges</td><td align="right">${escapeHtml(formatMoney(order.shipping))}</td></tr>
<tr><td></td><td><strong>Total</strong></td><td align="right"><strong>${escapeHtml(formatMoney(order.amount))}</strong></td></tr>
</table>
<p>Delivery address:<br>${addressLines(order).map(escapeHtml).join('<br>')}</p>
<p>We will write again when your books are on their way.</p>`;
  return { to: order.contactDetails.email, subject: `Your order ${order.orderNumber}`, text, html };
}
