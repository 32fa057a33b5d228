import { TIMINGS } from '@scholar/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { useErrorText, useLocale } from '../lib/i18n';
import { loadedSonner, loadSonner, setToastText, subscribeToSonner, toasterMounted } from '../lib/toast';

/**
 * Where notifications go (docs/decisions/057): at the foot of the screen, where they cover no heading, no header
 * menu and no button a page starts with. On a phone (sonner's layout below 600 px) across the width; elsewhere at
 * the end of the line (right, or left on an Urdu page). They keep 5.5 rem clear of the bottom: the round 'Scroll to
 * top' button (3 rem, 1.5 rem from the corner) and a desk's sticky row of buttons stay in sight below them, and a bar
 * fixed to the foot of the screen (the language suggestion) adds its height through `--toast-clearance`.
 */
export const TOAST_BOTTOM = 'calc(5.5rem + var(--toast-clearance, 0px))';
const OFFSET = { bottom: TOAST_BOTTOM, right: 24, left: 24 };
const MOBILE_OFFSET = { bottom: TOAST_BOTTOM, right: 12, left: 12 };

/**
 * The notification area (docs/product.md, "Every page"): at the bottom of the screen, each notification closing by
 * itself after 3 s, or after 5 s when its sentence is longer than 60 characters (`LONG_NOTIFICATION_CHARS` in
 * lib/toast.ts) and its caller sets no duration. Its code loads after the first screen has painted, so it never
 * delays one.
 */
export function Toasts() {
  const sonner = useSyncExternalStore(subscribeToSonner, loadedSonner, () => undefined);
  // A sentence from a check or the server reads in the page's language.
  const errorText = useErrorText();
  const { dir } = useLocale();
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
      position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'}
      dir={dir}
      offset={OFFSET}
      mobileOffset={MOBILE_OFFSET}
      duration={TIMINGS.toastMs}
      richColors
      closeButton
    />
  );
}
