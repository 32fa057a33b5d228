import { isAbortError } from '../../../lib/api-client';

/**
 * Failures that are logged only (stats, copy link; docs/product.md, "Messages"): the console, not a toast. A read
 * given up because the page was left is not a failure.
 */
export function logError(message: string, error: unknown): void {
  if (isAbortError(error)) return;
  console.error(message, error);
}
