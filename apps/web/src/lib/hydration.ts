import { useSyncExternalStore } from 'react';

/**
 * Whether the app started on a page the server rendered: its first render must then produce the server's HTML
 * exactly, so that what only the browser knows (the stored session) is read once the page has hydrated, by an
 * effect, not by the first render. Set by main.tsx before it hydrates; the server's renderer reads nothing stored.
 */
export const hydration: {
  fromServer: boolean;
  publicUrl?: string;
  /** Lines of the cart's cookie joined the browser's cart as the app started (lib/cookie-cart.tsx). */
  cookieCartTaken?: boolean;
} = { fromServer: false };

const noSubscription = () => () => undefined;

/**
 * False while the page is HTML only (on the server, and in the browser's first render that takes that HTML over),
 * true once the app runs it: a control that only works with the app (Add to Cart) stays disabled until then, so that
 * a reader's early tap is never lost on a button that does nothing yet.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
