/** Failures the spec wants logged only (stats, copy link): the console, not a toast. */
export function logError(message: string, error: unknown): void {
  console.error(message, error);
}
