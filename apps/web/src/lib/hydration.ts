import {
  createContext,
  createElement,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';

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

/** Whether the app runs the page; undefined outside `HydrationProvider` (a test rendering a few screens). */
const HydratedContext = createContext<boolean | undefined>(undefined);

/** What a render knows before any effect: the server's and the hydrating render know the page as HTML only. */
function hydratedAtFirstRender(): boolean {
  return typeof document !== 'undefined' && !hydration.fromServer;
}

/**
 * Tells the app's controls when the app runs the page they are on (`useHydrated`). After the hydration of a page
 * the server rendered, the change is a transition: React re-renders the controls that read it in slices, between
 * which the browser answers the reader, instead of in one task of the whole page's controls at once (the forced
 * synchronous re-render that an external store with a server snapshot of its own costs).
 */
export function HydrationProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(hydratedAtFirstRender);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return createElement(HydratedContext.Provider, { value: hydrated }, children);
}

/**
 * False while the page is HTML only (on the server, and in the browser's first render that takes that HTML over),
 * true once the app runs it: a control whose script-less form posts to the server (Add to Cart) becomes the app's
 * control then.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext) ?? typeof document !== 'undefined';
}
