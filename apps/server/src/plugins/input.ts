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
