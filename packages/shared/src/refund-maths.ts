/**
 * What a refund by items gives back (docs/decisions/055). Money in paise.
 *
 * - Each copy is refunded at its price, less its share of the order's coupon discount. The discount is shared
 *   pro rata across the goods: refunding goods worth `g` (counted over every copy refunded so far and now) gives
 *   back `g − ⌊discount × g ÷ subtotal⌋`, and a refund is the difference between that figure after it and before
 *   it. Successive partial refunds therefore add up to exactly what was paid for the goods, never more.
 * - When the refund makes every copy of the order refunded, it is all that is left of the amount: the delivery
 *   charge (and a cash-on-delivery fee) come back only then.
 * - Never more than what is left of the amount (a refund by amount made earlier counts against it).
 */
export interface RefundMathsItem {
  id: string;
  pricePaise: number;
  quantity: number;
  refundedQuantity: number;
}

export interface RefundMathsOrder {
  subtotalPaise: number;
  discountPaise: number;
  amountPaise: number;
  refundedPaise: number;
  items: readonly RefundMathsItem[];
}

export interface RefundMathsLine {
  orderItemId: string;
  quantity: number;
}

/** The goods' value less their share of the discount. */
function paidForGoods(order: RefundMathsOrder, goodsPaise: number): number {
  if (order.subtotalPaise <= 0 || order.discountPaise <= 0) return goodsPaise;
  const discount = Math.min(order.discountPaise, order.subtotalPaise);
  return goodsPaise - Math.floor((discount * goodsPaise) / order.subtotalPaise);
}

export interface ItemsRefund {
  amountPaise: number;
  /** Every copy of the order is refunded once this refund is made. */
  allRefunded: boolean;
}

/**
 * The amount of a refund of these lines. Lines naming no item of the order, or more copies than are left to
 * refund, are the caller's to refuse first; here they count as far as the item allows.
 */
export function itemsRefundPaise(order: RefundMathsOrder, lines: readonly RefundMathsLine[]): ItemsRefund {
  const asked = new Map<string, number>();
  for (const line of lines) asked.set(line.orderItemId, (asked.get(line.orderItemId) ?? 0) + line.quantity);
  let before = 0;
  let after = 0;
  let allRefunded = order.items.length > 0;
  for (const item of order.items) {
    const more = Math.max(0, Math.min(asked.get(item.id) ?? 0, item.quantity - item.refundedQuantity));
    before += item.pricePaise * item.refundedQuantity;
    after += item.pricePaise * (item.refundedQuantity + more);
    if (item.refundedQuantity + more < item.quantity) allRefunded = false;
  }
  const rest = Math.max(0, order.amountPaise - order.refundedPaise);
  if (allRefunded) return { amountPaise: rest, allRefunded };
  const amount = paidForGoods(order, after) - paidForGoods(order, before);
  return { amountPaise: Math.max(0, Math.min(amount, rest)), allRefunded };
}
