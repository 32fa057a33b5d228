import { describe, expect, it } from 'vitest';
import {
  ADDRESS_TYPES,
  FATWAH_CATEGORIES,
  FATWAH_STATUSES,
  INDIAN_STATES,
  ORDER_STATUSES,
  ORDER_STATUS_FILTERS,
  PINCODE_PATTERN,
  SHIPPING_PROVIDERS,
  ordersExportFileName,
} from './constants';

describe('constants', () => {
  it('lists the 36 states and union territories once each, Delhi among them', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES).size).toBe(36);
    expect(INDIAN_STATES).toContain('Delhi');
    expect(INDIAN_STATES).toContain('West Bengal');
  });

  it('has the ten fatwah categories ending with Other', () => {
    expect(FATWAH_CATEGORIES).toHaveLength(10);
    expect(FATWAH_CATEGORIES.at(-1)).toBe('Other');
  });

  it('has the statuses, types and providers of the spec', () => {
    expect(ORDER_STATUSES).toEqual(['pending', 'shipped', 'delivered', 'RTO', 'cancelled']);
    expect(ORDER_STATUS_FILTERS[0]).toBe('all');
    expect(FATWAH_STATUSES).toEqual(['draft', 'pending', 'published']);
    expect(ADDRESS_TYPES).toEqual(['Home', 'Work', 'Other']);
    expect(SHIPPING_PROVIDERS).toHaveLength(9);
    expect(SHIPPING_PROVIDERS).toContain('India Post');
  });

  it('accepts only six-digit pincodes', () => {
    expect(PINCODE_PATTERN.test('700001')).toBe(true);
    expect(PINCODE_PATTERN.test('70001')).toBe(false);
    expect(PINCODE_PATTERN.test('7000011')).toBe(false);
    expect(PINCODE_PATTERN.test('70000a')).toBe(false);
  });

  it('names the CSV export by the date in India', () => {
    expect(ordersExportFileName(new Date('2026-11-22T10:00:00Z'))).toBe('orders_export_2026-11-22.csv');
    // From 00:00 to 05:30 in India it is still the day before in UTC.
    expect(ordersExportFileName(new Date('2026-11-21T18:30:00Z'))).toBe('orders_export_2026-11-22.csv');
    expect(ordersExportFileName(new Date('2026-11-21T23:59:59Z'))).toBe('orders_export_2026-11-22.csv');
    expect(ordersExportFileName(new Date('2026-12-31T20:00:00Z'))).toBe('orders_export_2027-01-01.csv');
    // Until 23:59:59 in India.
    expect(ordersExportFileName(new Date('2026-11-21T18:29:59Z'))).toBe('orders_export_2026-11-21.csv');
  });
});
