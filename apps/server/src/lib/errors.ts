/**
 * A failure the client sees: its message is shown to the person, its code read by programs. The error handler
 * (plugins/errors.ts) sends the message whatever the status, a 5xx's too, so it is written for the person; what
 * the log needs goes elsewhere (`cause` of `serviceUnavailable`).
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: { path: string; message: string }[],
    /** Seconds the client should wait before trying again (the Retry-After header of a 429 or 503). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const badRequest = (
  message: string,
  code = 'BAD_REQUEST',
  details?: { path: string; message: string }[],
) => new AppError(400, code, message, details);
export const unauthorized = (message = 'Authentication required', code = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You are not allowed to do this', code = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT', details?: { path: string; message: string }[]) =>
  new AppError(409, code, message, details);
export const tooManyRequests = (message: string, code = 'RATE_LIMITED', retryAfterSeconds?: number) =>
  new AppError(429, code, message, undefined, retryAfterSeconds);
/** `cause`: what made the service unavailable, for the log (its message, not its stack). */
export const serviceUnavailable = (
  message = 'The service is temporarily unavailable. Please try again shortly.',
  cause?: unknown,
) => Object.assign(new AppError(503, 'SERVICE_UNAVAILABLE', message), cause === undefined ? {} : { cause });
