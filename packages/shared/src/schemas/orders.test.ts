import { describe, expect, it } from 'vitest';
import { adminOrdersFilterSchema, fulfillmentBodySchema } from './orders';

describe('order schemas', () => {
  it('take real calendar dates for the filters and the estimated delivery', () => {
    expect(adminOrdersFilterSchema.parse({ startDate: '2028-02-29', endDate: '' })).toEqual({
      startDate: '2028-02-29',
      endDate: '',
    });
    expect(fulfillmentBodySchema.parse({ estimatedDelivery: '2026-12-31' })).toEqual({
      estimatedDelivery: '2026-12-31',
    });
  });

  it('refuse a date that does not exist or that no order can have, with the reason', () => {
    for (const [value, message] of [
      ['2026-02-30', 'Not a real date'],
      ['2026-04-31', 'Not a real date'],
      ['2026-13-01', 'Not a real date'],
      ['30/11/2026', 'Dates look like 2026-11-22'],
      ['0000-01-01', 'Dates run from 1900 to 2999'],
      ['9999-12-31', 'Dates run from 1900 to 2999'],
    ] as const) {
      for (const result of [
        adminOrdersFilterSchema.safeParse({ startDate: value }),
        adminOrdersFilterSchema.safeParse({ endDate: value }),
        fulfillmentBodySchema.safeParse({ estimatedDelivery: value }),
      ]) {
        expect(result.success, value).toBe(false);
        expect(
          result.error?.issues.map((issue) => issue.message),
          value,
        ).toContain(message);
      }
    }
  });
});
