import { formatMoney, type OrderMoney } from '@scholar/shared';

/**
 * An order's payment in the desk's words (docs/decisions/058), from its money summary: the way of paying, and where
 * the money stands — a cash-on-delivery order says what is still to collect, and never reads as paid before it is.
 */
export function paymentWords(money: OrderMoney): string {
  const method = money.method === 'cod' ? 'COD' : 'Card';
  switch (money.state) {
    case 'cod_due':
      return `COD – ${formatMoney(money.due)} due, not collected`;
    case 'cod_void':
      return 'COD – nothing collected';
    case 'cod_collected':
      return `COD – ${formatMoney(money.paid)} collected`;
    case 'paid':
      return `Card – ${formatMoney(money.paid)} paid`;
    case 'partly_refunded':
    case 'refunded':
      return `${method} – ${formatMoney(money.refunded)} of ${formatMoney(money.paid)} refunded`;
  }
}
