import type { OrderMoney } from '@scholar/shared';
import type { MailMessageId } from './catalogues/en';
import type { MailLanguage } from './i18n';

type Sum = { label: string; labelHtml: string; value: ReturnType<MailLanguage['money']>; total?: boolean };

/**
 * An order's money in its mails (docs/decisions/058), from the order's one summary and in the order every screen
 * shows it: subtotal, delivery, the coupon's discount, the cash-on-delivery fee, then the total; and the sentence
 * that tells a cash-on-delivery buyer what to hand the courier.
 */
export function orderMoneyLines(money: OrderMoney, lang: MailLanguage) {
  const sum = (
    key: MailMessageId,
    value: ReturnType<MailLanguage['money']>,
    labelHtml = lang.html(key),
  ): Sum => ({
    label: lang.text(key),
    labelHtml,
    value,
  });
  const sums: Sum[] = [
    sum('order.confirmation.subtotal', lang.money(money.subtotal)),
    sum('order.confirmation.delivery', lang.money(money.delivery)),
  ];
  if (money.discount > 0) {
    const off = lang.money(money.discount);
    const code = money.couponCode ?? '';
    sums.push({
      label: lang.text('order.confirmation.discount', { code }),
      labelHtml: lang.html('order.confirmation.discount', { code: lang.ltr(code) }),
      value: { text: `−${off.text}`, html: `−${off.html}` },
    });
  }
  if (money.codFee > 0) sums.push(sum('order.confirmation.codFee', lang.money(money.codFee)));
  sums.push({ ...sum('order.confirmation.total', lang.money(money.total)), total: true });
  const due = money.due > 0 ? lang.money(money.due) : undefined;
  return {
    text: sums.map((line) => lang.text('label.value', { label: line.label, value: line.value })),
    rows: sums
      .map((line) => {
        const [open, close] = line.total ? ['<strong>', '</strong>'] : ['', ''];
        return `<tr><td></td><td>${open}${line.labelHtml}${close}</td><td align="${lang.end}">${open}${line.value.html}${close}</td></tr>`;
      })
      .join('\n'),
    codText: due ? [lang.text('order.confirmation.payCod', { amount: due })] : [],
    codHtml: due ? `<p><strong>${lang.html('order.confirmation.payCod', { amount: due })}</strong></p>` : '',
  };
}
