import { describe, expect, it } from 'vitest';
import { itemsRefundPaise, type RefundMathsOrder } from './refund-maths';

/** Two books (₹250 × 2 and ₹400 × 1: ₹900), ₹50 delivery, a ₹90 coupon: ₹860 paid. */
const order = (refunded: [number, number] = [0, 0], refundedPaise = 0): RefundMathsOrder => ({
  subtotalPaise: 90_000,
  discountPaise: 9_000,
  amountPaise: 86_000,
  refundedPaise,
  items: [
    { id: 'a', pricePaise: 25_000, quantity: 2, refundedQuantity: refunded[0] },
    { id: 'b', pricePaise: 40_000, quantity: 1, refundedQuantity: refunded[1] },
  ],
});

describe('refunds by items', () => {
  it('refunds a copy at its price less its share of the coupon, pro rata', () => {
    // ₹250 of ₹900 of goods carries ₹25 of the ₹90 discount.
    expect(itemsRefundPaise(order(), [{ orderItemId: 'a', quantity: 1 }])).toEqual({
      amountPaise: 22_500,
      allRefunded: false,
    });
    expect(itemsRefundPaise(order(), [{ orderItemId: 'b', quantity: 1 }]).amountPaise).toBe(36_000);
  });

  it('gives the delivery charge back only with the last copy, and the parts add up to what was paid', () => {
    const first = itemsRefundPaise(order(), [{ orderItemId: 'a', quantity: 1 }]).amountPaise;
    const second = itemsRefundPaise(order([1, 0], first), [{ orderItemId: 'b', quantity: 1 }]).amountPaise;
    const last = itemsRefundPaise(order([1, 1], first + second), [{ orderItemId: 'a', quantity: 1 }]);
    expect(last.allRefunded).toBe(true);
    expect(last.amountPaise).toBe(22_500 + 5_000);
    expect(first + second + last.amountPaise).toBe(86_000);
  });

  it('never refunds more than is left of the amount, nor copies already refunded', () => {
    expect(itemsRefundPaise(order([0, 0], 80_000), [{ orderItemId: 'b', quantity: 1 }]).amountPaise).toBe(
      6_000,
    );
    expect(itemsRefundPaise(order([2, 0]), [{ orderItemId: 'a', quantity: 1 }]).amountPaise).toBe(0);
    expect(itemsRefundPaise(order(), [{ orderItemId: 'zzz', quantity: 3 }]).amountPaise).toBe(0);
  });

  it('without a coupon refunds the price of each copy', () => {
    const plain = { ...order(), discountPaise: 0, amountPaise: 95_000 };
    expect(itemsRefundPaise(plain, [{ orderItemId: 'a', quantity: 2 }]).amountPaise).toBe(50_000);
  });
});
