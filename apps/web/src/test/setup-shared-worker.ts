import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadedSonner, toasterMounted } from '../lib/toast';

/**
 * For the files that share a worker (the `web` project, vitest.config.ts), after setup.ts: what the notifications'
 * modules keep. A toast asked for while no Toaster is on screen waits in lib/toast, and sonner hands every toast not
 * dismissed to the next Toaster that mounts: either would show in a later file's Toaster. Not in setup.ts, as a
 * module a setup file imports can no longer be replaced by a test file's `vi.mock` (web:isolated replaces this one).
 */
function forgetToasts(): void {
  // The waiting toasts go to sonner (or are dropped while it is not loaded), and the Toaster counts as gone.
  toasterMounted()();
  loadedSonner()?.toast.dismiss();
}

afterEach(() => {
  // Before the toasts: a Toaster still on screen would be handed the waiting ones.
  cleanup();
  forgetToasts();
});
