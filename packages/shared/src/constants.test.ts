import { describe, expect, it } from 'vitest';
import {
  ADDRESS_TYPES,
  FATWAH_CATEGORIES,
  FATWAH_STATUSES,
  INDIAN_STATES,
  ORDER_STATUSES,
  ORDER_STATUS_FILTERS,
  ORDER_STATUS_MOVES,
  PINCODE_PATTERN,
  SHIPPING_PROVIDERS,
  canMoveOrder,
  orderMoveRefusedMessage,
  ordersExportFileName,
  type OrderStatus,
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

  it('has the statuses, types and providers of docs/product.md, "Constants"', () => {
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

describe('order status moves', () => {
  /** Every status an order with status `from` can reach in one or more moves. */
  const reachable = (from: OrderStatus): Set<OrderStatus> => {
    const seen = new Set<OrderStatus>();
    const next = [...ORDER_STATUS_MOVES[from]];
    for (let status = next.pop(); status !== undefined; status = next.pop()) {
      if (seen.has(status)) continue;
      seen.add(status);
      next.push(...ORDER_STATUS_MOVES[status]);
    }
    return seen;
  };

  it('allows exactly these moves, and never keeping the same status', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canMoveOrder(from, to)).map((to) => `${from} → ${to}`),
    );
    expect(allowed).toEqual([
      'pending → shipped',
      'pending → delivered',
      'pending → cancelled',
      'shipped → delivered',
      'shipped → RTO',
      'RTO → shipped',
    ]);
    expect(Object.keys(ORDER_STATUS_MOVES).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const status of ORDER_STATUSES) expect(canMoveOrder(status, status), status).toBe(false);
  });

  it('never leads back to pending, and once an order has left pending it can never be cancelled', () => {
    for (const from of ORDER_STATUSES) expect(reachable(from).has('pending'), from).toBe(false);
    for (const from of ORDER_STATUSES.filter((status) => status !== 'pending')) {
      expect(reachable(from).has('cancelled'), from).toBe(false);
    }
    expect(reachable('delivered').size).toBe(0);
    expect(reachable('cancelled').size).toBe(0);
  });

  it('says why a move is refused and what the order can become instead', () => {
    expect(orderMoveRefusedMessage('shipped', 'pending')).toBe(
      'An order that is Shipped cannot become Pending; it can become Delivered or Returned to origin (RTO)',
    );
    expect(orderMoveRefusedMessage('pending', 'RTO')).toBe(
      'An order that is Pending cannot become Returned to origin (RTO); it can become Shipped, Delivered or Cancelled',
    );
    expect(orderMoveRefusedMessage('RTO', 'delivered')).toBe(
      'An order that is Returned to origin (RTO) cannot become Delivered; it can become Shipped',
    );
    expect(orderMoveRefusedMessage('delivered', 'shipped')).toBe(
      'An order that is Delivered cannot change its status',
    );
  });
});
