import { STORAGE_KEYS } from '@scholar/shared';
import { useSyncExternalStore } from 'react';
import { storage } from './storage';

/**
 * Dispatched on `window` whenever the cart changes in this tab (`window.dispatchEvent(new Event(CART_CHANGED_EVENT))`).
 * Other tabs are heard through the `storage` event.
 */
export const CART_CHANGED_EVENT = 'cart:changed';

/** The total quantity of the guest cart kept in localStorage; a broken entry counts as empty. */
export function readGuestCartCount(): number {
  const lines = storage.get<unknown>(STORAGE_KEYS.localCart);
  if (!Array.isArray(lines)) return 0;
  let count = 0;
  for (const line of lines) {
    const quantity = (line as { quantity?: unknown } | null)?.quantity;
    if (typeof quantity === 'number' && Number.isFinite(quantity) && quantity > 0) count += quantity;
  }
  return count;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
  };
}

/**
 * The number of items in the cart, for the header badge. Today this is the guest cart for everyone; the cart
 * feature plugs the server cart in for signed-in users.
 */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readGuestCartCount, () => 0);
}
