// @database: order numbers unique under parallel orders
import { describe, expect, it } from 'vitest';
import { newOrderNumber } from './order-number';

describe('order numbers', () => {
  it('carry the date in India and a random suffix without look-alike letters', () => {
    // 00:30 on 22 November in India is still 21 November in UTC.
    const number = newOrderNumber(new Date('2026-11-21T19:00:00Z'));
    expect(number).toMatch(/^ORD-20261122-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(newOrderNumber(new Date('2026-11-21T18:29:00Z'))).toMatch(/^ORD-20261121-/);
    expect(newOrderNumber()).not.toBe(newOrderNumber());
  });
});
