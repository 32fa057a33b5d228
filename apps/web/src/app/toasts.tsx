import { TIMINGS } from '@scholar/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { useErrorText } from '../lib/i18n';
import { loadedSonner, loadSonner, setToastText, subscribeToSonner, toasterMounted } from '../lib/toast';

/**
 * Below the sticky header (about 3.6 rem tall), so that a notification never covers the cart badge or the Account
 * menu: on a phone (sonner's layout below 600 px) across the width, elsewhere at the right.
 */
const BELOW_HEADER = 'calc(4rem + 8px)';
const OFFSET = { top: BELOW_HEADER, right: 16 };
const MOBILE_OFFSET = { top: BELOW_HEADER, right: 12, left: 12 };

/**
 * The notification area (docs/product.md, "Every page"): top right, below the header, each notification closing by
 * itself after 3 s, or after 5 s when its sentence is longer than 60 characters (`LONG_NOTIFICATION_CHARS` in
 * lib/toast.ts) and its caller sets no duration. Its code loads after the first screen has painted, so it never
 * delays one.
 */
export function Toasts() {
  const sonner = useSyncExternalStore(subscribeToSonner, loadedSonner, () => undefined);
  // A sentence from a check or the server reads in the page's language.
  const errorText = useErrorText();
  useEffect(() => setToastText(errorText), [errorText]);
  useEffect(() => {
    loadSonner().catch((error: unknown) => console.error('Could not load the notifications', error));
  }, []);
  // Runs after the Toaster's own effects, so it is listening by then.
  useEffect(() => (sonner ? toasterMounted() : undefined), [sonner]);
  if (!sonner) return null;
  const { Toaster } = sonner;
  return (
    <Toaster
      position="top-right"
      offset={OFFSET}
      mobileOffset={MOBILE_OFFSET}
      duration={TIMINGS.toastMs}
      richColors
      closeButton
    />
  );
}
