import { isBookLanguage, type Order } from '@scholar/shared';
import { escapeHtml, type Mail } from './mailer';
import type { MailLanguage } from './i18n';
import type { WithTrackPath } from './order-mail';
import { orderMoneyLines } from './order-payment';

const addressLines = (order: Order, lang: MailLanguage) => {
  const a = order.shippingAddress;
  return [
    a.addressLine1,
    a.addressLine2,
    a.landmark ? lang.text('order.confirmation.landmark', { landmark: a.landmark }) : undefined,
    `${a.city}, ${a.state} ${a.pincode}`,
  ].filter((line): line is string => Boolean(line));
};

/** The buyer's confirmation, in the language of the order: number, items, subtotal, delivery, total and address. */
export function orderConfirmationMail(order: Order & WithTrackPath, lang: MailLanguage): Mail {
  const orderNumber = lang.strong(order.orderNumber);
  const date = lang.date(order.createdAt);
  const lineTotal = (item: Order['items'][number]) => lang.money(item.price * item.quantity);
  // The edition (its language) is named when the item has one; items of old orders may not.
  const edition = (item: Order['items'][number]) => {
    const language = item.selectedLanguage?.toLowerCase();
    if (!language) return undefined;
    const name = isBookLanguage(language) ? lang.text(`book.language.${language}`) : item.selectedLanguage!;
    return lang.text('order.confirmation.edition', { language: name });
  };
  const items = order.items.map((item) => {
    const values = {
      quantity: lang.count(item.quantity),
      name: item.name,
      author: item.author,
      price: lineTotal(item),
    };
    const named = edition(item);
    return named
      ? lang.text('order.confirmation.itemInEdition', { ...values, edition: named })
      : lang.text('order.confirmation.item', values);
  });
  const paid = orderMoneyLines(order.money, lang);
  // A cash-on-delivery order is placed, not paid: its mail does not thank the buyer for a payment.
  const thanks = order.money.method === 'cod' ? 'order.confirmation.thanksCod' : 'order.confirmation.thanks';
  // The delivery zone's longest time from the day of the order (docs/decisions/052).
  const by = order.fulfillment.estimatedDelivery;
  const expected = by ? { date: lang.calendarDate(by) } : undefined;
  const text = [
    lang.text('greeting.named', { name: order.contactDetails.name }),
    '',
    lang.text(thanks, { orderNumber, date }),
    '',
    ...items,
    '',
    ...paid.text,
    ...paid.codText,
    '',
    lang.text('order.confirmation.address'),
    ...addressLines(order, lang),
    '',
    ...(expected ? [lang.text('order.confirmation.expected', expected)] : []),
    `${lang.text('order.confirmation.next')} ${lang.text('order.track', { link: lang.url(order.trackPath) })}`,
  ].join('\n');
  const end = lang.end;
  const html = `<p>${lang.html('greeting.named', { name: order.contactDetails.name })}</p>
<p>${lang.html(thanks, { orderNumber, date })}</p>
<table cellpadding="4" style="border-collapse:collapse">
${order.items
  .map(
    (item) =>
      `<tr><td>${escapeHtml(lang.count(item.quantity))} ×</td><td>${escapeHtml(item.name)}<br><small>${[
        edition(item),
        item.author,
      ]
        .filter(Boolean)
        .map((part) => escapeHtml(part!))
        .join(' · ')}</small></td><td align="${end}">${lineTotal(item).html}</td></tr>`,
  )
  .join('\n')}
${paid.rows}
</table>
${paid.codHtml}
<p>${lang.html('order.confirmation.address')}<br>${addressLines(order, lang).map(escapeHtml).join('<br>')}</p>
${expected ? `<p>${lang.html('order.confirmation.expected', expected)}</p>\n` : ''}<p>${lang.html('order.confirmation.next')} <a href="${escapeHtml(lang.url(order.trackPath))}">${lang.html('order.trackLink')}</a></p>`;
  return {
    to: order.contactDetails.email,
    subject: lang.text('order.confirmation.subject', { orderNumber: order.orderNumber }),
    text,
    html: lang.document(html),
  };
}
