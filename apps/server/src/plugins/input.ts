import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

const MAX_DEPTH = 64;

/** True when a string anywhere in the value holds a NUL character (PostgreSQL text cannot store it). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object' || Buffer.isBuffer(value))
    return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * A copy of parsed JSON with every NUL character in its strings and keys replaced by U+FFFD, for data that must be
 * kept rather than refused (a signed webhook). 400 when it is nested deeper than any real document.
 */
export function withoutNul(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\uFFFD');
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) throw badRequest('The request body is nested too deeply', 'TOO_DEEP');
  if (Array.isArray(value)) return value.map((item) => withoutNul(item, depth + 1));
  // fromEntries defines own properties, so a "__proto__" key stays a plain key.
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key.replaceAll('\u0000', '\uFFFD'),
      withoutNul(item, depth + 1),
    ]),
  );
}

/**
 * No text with a NUL character reaches a handler: PostgreSQL refuses it in every text column and query, which
 * would end as a 500. Checked after validation, so that multipart fields are covered too.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest('The request contains characters that are not allowed', 'INVALID_CHARACTERS');
    }
  });
}
