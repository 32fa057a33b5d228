import { beforeEach, vi } from 'vitest';
import { toast } from '../lib/toast';

/**
 * The notifications as spies, for each test of the calling file: what a screen asked to show is read from
 * `toast.success`, `toast.error` and `toast.dismiss`, and nothing is shown. Spies on the module's object rather than
 * `vi.mock` of the module, so that the file shares its worker's modules (the `web` project, vitest.config.ts);
 * setup.ts restores them after each test.
 */
export function spyOnToasts(): void {
  beforeEach(() => {
    vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    vi.spyOn(toast, 'dismiss').mockImplementation(() => undefined);
  });
}
