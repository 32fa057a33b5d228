import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets: the one-time token of an admin invitation link
 * (`/admin/invite?token=…`). The web page reads it once and drops it from the address bar; the log never gets it.
 */
const SECRET_PARAMETERS = /([?&]token=)[^&#]*/gi;

export const redactUrl = (url: string) => url.replace(SECRET_PARAMETERS, '$1[redacted]');

/** Fastify's request serializer for the log, with secret query values replaced. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
