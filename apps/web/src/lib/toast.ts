import type { ExternalToast, toast as sonnerToast, Toaster } from 'sonner';

/** What is used of sonner (imported for its types only above, so it adds no code here). */
interface Sonner {
  toast: typeof sonnerToast;
  Toaster: typeof Toaster;
}
type Message = Parameters<typeof sonnerToast.success>[0];

let loaded: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/** Loads sonner once (again after a failed attempt); every caller gets the same module. */
export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (sonner) => {
      loaded = sonner;
      for (const listener of listeners) listener();
      return sonner;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The loaded module, or undefined while it is not there yet (for `useSyncExternalStore`). */
export const loadedSonner = (): Sonner | undefined => loaded;

export function subscribeToSonner(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: 'success' | 'error', message: Message, options?: ExternalToast): void {
  if (loaded) {
    loaded.toast[kind](message, options);
    return;
  }
  // Callbacks on one promise run in the order they were added, so waiting toasts keep their order.
  loadSonner().then(
    (sonner) => sonner.toast[kind](message, options),
    (error: unknown) => console.error('Could not load the notifications', error),
  );
}

/**
 * Notifications (spec §2). Pages call `toast` from here, never from `sonner` itself, so the library is not part of
 * the code a page needs before it can show. It loads once the first screen has painted (`<Toasts>`) or at the
 * first toast, whichever comes first; a toast asked for before then shows as soon as it has loaded, in order.
 */
export const toast = {
  success: (message: Message, options?: ExternalToast): void => show('success', message, options),
  error: (message: Message, options?: ExternalToast): void => show('error', message, options),
};
