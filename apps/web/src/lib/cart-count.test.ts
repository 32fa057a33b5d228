import { STORAGE_KEYS } from '@scholar/shared';
import { describe, expect, it } from 'vitest';
import { readGuestCartCount } from './cart-count';

describe('readGuestCartCount', () => {
  it('sums the quantities of the guest cart lines', () => {
    localStorage.setItem(
      STORAGE_KEYS.localCart,
      JSON.stringify([
        { _id: 'a', quantity: 2, name: 'A' },
        { _id: 'b', quantity: 1, name: 'B' },
      ]),
    );
    expect(readGuestCartCount()).toBe(3);
  });

  it('reads a missing, broken or odd cart as empty lines', () => {
    expect(readGuestCartCount()).toBe(0);
    localStorage.setItem(STORAGE_KEYS.localCart, '{not json');
    expect(readGuestCartCount()).toBe(0);
    localStorage.setItem(STORAGE_KEYS.localCart, JSON.stringify({ quantity: 4 }));
    expect(readGuestCartCount()).toBe(0);
    localStorage.setItem(
      STORAGE_KEYS.localCart,
      JSON.stringify([null, { _id: 'a' }, { _id: 'b', quantity: '2' }, { _id: 'c', quantity: 4 }]),
    );
    expect(readGuestCartCount()).toBe(4);
  });
});
