import type { Order } from '@scholar/shared';
import type { MailLanguage } from './i18n';

/**
 * What a coupon took off an order and what cash on delivery adds to it (docs/decisions/051), for the order's mails:
 * the lines between the delivery charges and the total, and the sentence that tells a cash-on-delivery buyer what
 * to hand the courier.
 */
export function orderPaymentLines(order: Order, lang: MailLanguage) {
  const sums: { label: string; labelHtml: string; value: ReturnType<MailLanguage['money']> }[] = [];
  if (order.couponCode && (order.discount ?? 0) > 0) {
    const off = lang.money(order.discount!);
    sums.push({
      label: lang.text('order.confirmation.discount', { code: order.couponCode }),
      labelHtml: lang.html('order.confirmation.discount', { code: lang.ltr(order.couponCode) }),
      value: { text: `−${off.text}`, html: `−${off.html}` },
    });
  }
  if ((order.codFee ?? 0) > 0) {
    sums.push({
      label: lang.text('order.confirmation.codFee'),
      labelHtml: lang.html('order.confirmation.codFee'),
      value: lang.money(order.codFee!),
    });
  }
  const cod = order.paymentMethod === 'cod';
  const amount = lang.money(order.amount);
  return {
    text: sums.map((sum) => lang.text('label.value', { label: sum.label, value: sum.value })),
    rows: sums
      .map(
        (sum) => `<tr><td></td><td>${sum.labelHtml}</td><td align="${lang.end}">${sum.value.html}</td></tr>`,
      )
      .join('\n'),
    codText: cod ? [lang.text('order.confirmation.payCod', { amount })] : [],
    codHtml: cod ? `<p><strong>${lang.html('order.confirmation.payCod', { amount })}</strong></p>` : '',
  };
}
