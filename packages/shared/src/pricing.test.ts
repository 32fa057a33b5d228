import { describe, expect, it } from 'vitest';
import { cartTotals, shippingFor } from './pricing';

describe('shippingFor', () => {
  it('charges 50 for every started pair of books', () => {
    expect(shippingFor(0)).toBe(0);
    expect(shippingFor(1)).toBe(50);
    expect(shippingFor(2)).toBe(50);
    expect(shippingFor(3)).toBe(100);
    expect(shippingFor(4)).toBe(100);
    expect(shippingFor(5)).toBe(150);
  });

  it('charges nothing for nonsense quantities', () => {
    expect(shippingFor(-3)).toBe(0);
    expect(shippingFor(Number.NaN)).toBe(0);
  });
});

describe('cartTotals', () => {
  it('sums price × quantity and adds shipping', () => {
    const totals = cartTotals([
      { price: 250, quantity: 3 },
      { price: '199.99', quantity: 1 },
    ]);
    expect(totals).toEqual({ itemCount: 4, subtotal: 949.99, shipping: 100, total: 1049.99 });
  });

  it('keeps cents exact', () => {
    expect(cartTotals([{ price: 0.1, quantity: 3 }]).subtotal).toBe(0.3);
  });

  it('reads decimal-object prices and ignores negative quantities', () => {
    const totals = cartTotals([
      { price: { $numberDecimal: '10.50' }, quantity: 2 },
      { price: 99, quantity: -1 },
    ]);
    expect(totals).toEqual({ itemCount: 2, subtotal: 21, shipping: 50, total: 71 });
  });

  it('is zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({ itemCount: 0, subtotal: 0, shipping: 0, total: 0 });
  });
});
