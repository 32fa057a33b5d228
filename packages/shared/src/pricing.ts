import { SHIPPING_PER_PAIR_RUPEES } from './constants';
import { fromPaise, parsePrice, toPaise, type PriceInput } from './money';

/** Shipping in rupees: 50 for every started pair of books, nothing for an empty cart. */
export function shippingFor(totalQuantity: number): number {
  if (!Number.isFinite(totalQuantity) || totalQuantity <= 0) return 0;
  return Math.ceil(totalQuantity / 2) * SHIPPING_PER_PAIR_RUPEES;
}

export interface PricedLine {
  price: PriceInput;
  quantity: number;
}

export interface CartTotals {
  itemCount: number;
  subtotal: number;
  shipping: number;
  total: number;
}

/** Subtotal, shipping and total in rupees, computed in integer paise so that no cent drifts. */
export function cartTotals(lines: readonly PricedLine[]): CartTotals {
  let itemCount = 0;
  let subtotalPaise = 0;
  for (const line of lines) {
    const quantity = Math.max(0, Math.trunc(line.quantity));
    const price = parsePrice(line.price);
    itemCount += quantity;
    subtotalPaise += (Number.isNaN(price) ? 0 : toPaise(price)) * quantity;
  }
  const shippingPaise = toPaise(shippingFor(itemCount));
  return {
    itemCount,
    subtotal: fromPaise(subtotalPaise),
    shipping: fromPaise(shippingPaise),
    total: fromPaise(subtotalPaise + shippingPaise),
  };
}
