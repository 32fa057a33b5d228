import { TIMINGS } from '@scholar/shared';
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

/** How a notification's sentence is put in the page's language; set by `<Toasts>` (lib/error-text.ts). */
let textOf: (sentence: string) => string = (sentence) => sentence;

/** Called by `<Toasts>` with the page's `useErrorText`. */
export function setToastText(translate: (sentence: string) => string): void {
  textOf = translate;
}

/**
 * About what can be read in the 3 s a notification stays (some 20 characters a second). A longer sentence (a
 * refusal that says what to do next, such as a changed price) stays `TIMINGS.secondaryToastMs` (5 s) instead,
 * unless the caller sets a duration of its own.
 */
export const LONG_NOTIFICATION_CHARS = 60;

function timed(message: Message, options: ExternalToast | undefined): ExternalToast | undefined {
  if (typeof message !== 'string' || message.length <= LONG_NOTIFICATION_CHARS) return options;
  if (options?.duration !== undefined) return options;
  return { ...options, duration: TIMINGS.secondaryToastMs };
}

let toasterReady = false;
const waiting: { id: ExternalToast['id']; show: () => void }[] = [];

function show(kind: 'success' | 'error', message: Message, options?: ExternalToast): void {
  const publish = (sonner: Sonner) => {
    // The sentence in the page's language, which is the one whose length counts.
    const text = typeof message === 'string' ? textOf(message) : message;
    sonner.toast[kind](text, timed(text, options));
  };
  if (loaded && toasterReady) {
    publish(loaded);
    return;
  }
  // sonner's Toaster only shows what is published once it listens: until it is on screen, toasts wait here, in order.
  waiting.push({
    id: options?.id,
    show: () => {
      if (loaded) publish(loaded);
    },
  });
  loadSonner().catch((error: unknown) => console.error('Could not load the notifications', error));
}

/** Takes away the notification of this id, whether on screen or still waiting for the Toaster. */
function dismiss(id: string | number): void {
  for (let i = waiting.length - 1; i >= 0; i -= 1) if (waiting[i]?.id === id) waiting.splice(i, 1);
  loaded?.toast.dismiss(id);
}

/**
 * Called by `<Toasts>` once sonner's Toaster is on screen: the toasts asked for until then show now, in order.
 * Answers what to call when the Toaster goes away.
 */
export function toasterMounted(): () => void {
  toasterReady = true;
  for (const entry of waiting.splice(0)) entry.show();
  return () => {
    toasterReady = false;
  };
}

/**
 * Notifications (docs/product.md, "Every page"). Pages call `toast` from here, never from `sonner` itself, so the
 * library is not part of the code a page needs before it can show. It loads once the first screen has painted
 * (`<Toasts>`) or at the first toast, whichever comes first; a toast asked for before then shows as soon as the
 * Toaster is on screen, in order. A notification given an `id` replaces the one of that id still on screen, and
 * `dismiss(id)` takes it away.
 */
export const toast = {
  success: (message: Message, options?: ExternalToast): void => show('success', message, options),
  error: (message: Message, options?: ExternalToast): void => show('error', message, options),
  dismiss,
};
