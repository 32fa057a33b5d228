import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { setTimeout } from 'node:timers/promises';
import { AppError, serviceUnavailable } from '../lib/errors';
import { WindowCounter } from '../lib/window-counter';
import { isDatabaseUnavailable, isTransactionConflict, rootMessage } from '../db/errors';

interface ErrorBody {
  success: false;
  error: string;
  code: string;
  details?: { path: string; message: string }[];
}

function body(error: string, code: string, details?: ErrorBody['details']): ErrorBody {
  return details ? { success: false, error, code, details } : { success: false, error, code };
}

const FASTIFY_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The request body is empty but JSON was announced',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not accepted here',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request body does not match its length',
  },
};

/** Seconds a client is asked to wait after a 503: PostgreSQL comes back, or the restarted server listens again. */
const RETRY_AFTER_SECONDS = 5;
/**
 * A write that lost a conflict with others (a deadlock) more times than the database layer retries it: the next try
 * will most likely pass, soon (docs/decisions/036).
 */
const CONFLICT_RETRY_AFTER_SECONDS = 1;
const CONFLICT_MESSAGE = 'The server is busy with other changes. Please try again in a moment.';

/**
 * A 503 the server gives on purpose (the database unreachable, the server stopping) is a passing condition, not a
 * bug: logged at warn without a stack, and the client is told when to try again. Sets both on the reply; the
 * caller sends the body (the envelope here, a page or plain text for the public pages).
 */
export function markUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  logMessage: string,
  cause: unknown,
): FastifyReply {
  const reason = rootMessage(cause);
  request.log.warn(reason === undefined ? {} : { reason }, logMessage);
  return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
}

function sendUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  logMessage: string,
  message: string,
  cause: unknown,
): FastifyReply {
  return markUnavailable(request, reply, logMessage, cause).send(body(message, 'SERVICE_UNAVAILABLE'));
}

/**
 * A client that keeps sending what it is refused (429) after being told to wait: beyond `afterRefusals` refusals in
 * `windowMs` from one address, each further refusal is answered only after `delayMs`. A refusal costs the server
 * little, but a script on a few hundred connections sends thousands a second, and every other client's request
 * waits behind them in the event loop; slowed down, the same script sends a few hundred. Browsers never come near.
 */
export const TARPIT = { afterRefusals: 30, windowMs: 10_000, delayMs: 1000 };

/**
 * The app's error handler: a failure thrown by a route or a hook is answered `{success:false, error, code}`:
 * - validation: 400 with the fields' details;
 * - an AppError (rate limits included): its status and its message, whatever the status; from 500 up it is logged
 *   at error first, and a 503 at warn, with Retry-After;
 * - Fastify's body errors: 400, 413 or 415 with a message written here; any other error with a 4xx status: its own
 *   message;
 * - the database unreachable, or a conflict that outlasted its retries: 503 with a message written here;
 * - anything else: 500 `An unexpected error occurred`, logged at error; its own message is not sent.
 * Unknown `/api` paths are answered by `apiNotFound`, from the not-found handler of `spa.ts`. The plugins that throw
 * AppErrors name this one among their dependencies.
 */
export const errorHandling = fp(
  async (app) => {
    // Counted in this process even with Redis (docs/decisions/028): it shields this instance's event loop, which a
    // flood on another instance does not touch, and a refusal must not wait on a round trip.
    const refusals = new WindowCounter(Number.POSITIVE_INFINITY, TARPIT.windowMs);
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error.statusCode === 429 && refusals.add(request.ip) > TARPIT.afterRefusals) {
        await setTimeout(TARPIT.delayMs);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const where = error.validationContext ?? 'body';
        const details = error.validation.map((issue) => ({
          path: [where, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
          message: issue.message ?? 'Invalid value',
        }));
        return reply
          .code(400)
          .send(body(details[0]?.message ?? 'Invalid request', 'VALIDATION_ERROR', details));
      }
      if (error instanceof AppError) {
        if (error.statusCode === 503) {
          markUnavailable(request, reply, error.message, error.cause);
          if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
          return reply.send(body(error.message, error.code));
        }
        if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
        if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
        return reply.code(error.statusCode).send(body(error.message, error.code, error.details));
      }
      const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
      if (known) return reply.code(known.status).send(body(known.message, known.code));
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send(body(error.message || 'Bad request', error.code ?? 'BAD_REQUEST'));
      }
      if (isDatabaseUnavailable(error)) {
        return sendUnavailable(request, reply, 'database unavailable', serviceUnavailable().message, error);
      }
      if (isTransactionConflict(error)) {
        markUnavailable(request, reply, 'database conflict outlasted its retries', error);
        return reply
          .header('retry-after', String(CONFLICT_RETRY_AFTER_SECONDS))
          .send(body(CONFLICT_MESSAGE, 'SERVICE_UNAVAILABLE'));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(body('An unexpected error occurred', 'INTERNAL_ERROR'));
    });
  },
  { name: 'errors', fastify: '5.x' },
);

/**
 * Failures the router meets before any route or hook runs (Fastify's `frameworkErrors`): a path with broken
 * percent-encoding, or a path parameter longer than the router accepts. Without this they would answer Fastify's
 * own shape instead of the envelope.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send(body('The address of this request is not valid', 'BAD_URL'));
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send(body('The address of this request is too long', 'URL_TOO_LONG'));
    return;
  }
  void reply.code(500).send(body('An unexpected error occurred', 'INTERNAL_ERROR'));
}

/** Unknown `/api` paths (and non-GET requests elsewhere) answer 404 JSON. */
export function apiNotFound(method: string, url: string): ErrorBody {
  return body(`No API route for ${method} ${url.split('?')[0]}`, 'NOT_FOUND');
}
