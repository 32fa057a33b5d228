import { describe, expect, it } from 'vitest';
import { formatMoney, fromPaise, parsePrice, roundRupees, toPaise } from './money';

describe('parsePrice', () => {
  it('reads numbers, numeric strings and decimal objects', () => {
    expect(parsePrice(499)).toBe(499);
    expect(parsePrice('249.50')).toBe(249.5);
    expect(parsePrice(' 12 ')).toBe(12);
    expect(parsePrice({ $numberDecimal: '1299.99' })).toBe(1299.99);
  });

  it('answers NaN for what is not a price', () => {
    for (const input of [null, undefined, '', 'abc', Number.POSITIVE_INFINITY, { $numberDecimal: 'x' }]) {
      expect(parsePrice(input as never)).toBeNaN();
    }
  });
});

describe('paise', () => {
  it('converts without floating-point drift', () => {
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1.005)).toBe(101);
    expect(toPaise(19.99)).toBe(1999);
    expect(toPaise(-2.5)).toBe(-250);
    expect(fromPaise(12345)).toBe(123.45);
    expect(roundRupees(10.456)).toBe(10.46);
  });
});

describe('formatMoney', () => {
  it('shows the rupee sign and 2 decimals', () => {
    expect(formatMoney(100)).toBe('₹100.00');
    expect(formatMoney('49.5')).toBe('₹49.50');
    expect(formatMoney({ $numberDecimal: '0' })).toBe('₹0.00');
  });

  it('groups thousands the Indian way', () => {
    expect(formatMoney(123456.7)).toBe('₹1,23,456.70');
  });

  it('shows ₹0.00 for a value that is not a price', () => {
    expect(formatMoney('oops')).toBe('₹0.00');
  });
});
