import { TIMINGS } from '@scholar/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { loadedSonner, loadSonner, subscribeToSonner, toasterMounted } from '../lib/toast';

/**
 * The notification area (spec §2): top right, each notification closing by itself after 3 s. Its code loads
 * after the first screen has painted, so it never delays one.
 */
export function Toasts() {
  const sonner = useSyncExternalStore(subscribeToSonner, loadedSonner, () => undefined);
  useEffect(() => {
    loadSonner().catch((error: unknown) => console.error('Could not load the notifications', error));
  }, []);
  // Runs after the Toaster's own effects, so it is listening by then.
  useEffect(() => (sonner ? toasterMounted() : undefined), [sonner]);
  if (!sonner) return null;
  const { Toaster } = sonner;
  return <Toaster position="top-right" duration={TIMINGS.toastMs} richColors closeButton />;
}
