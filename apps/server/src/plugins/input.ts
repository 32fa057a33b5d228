import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';

const MAX_DEPTH = 64;

/**
 * What PostgreSQL cannot store: a NUL character (refused in text and JSON) and half of a surrogate pair (refused in
 * JSON, which would otherwise store it as "\ud800").
 */
// eslint-disable-next-line no-control-regex -- the NUL character is what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** True when a string anywhere in the value (keys included) holds a character PostgreSQL cannot store. */
export function containsUnstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object' || Buffer.isBuffer(value))
    return false;
  if (Array.isArray(value)) return value.some((item) => containsUnstorable(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key) || containsUnstorable(item, depth + 1)) return true;
  }
  return false;
}

/**
 * A copy of parsed JSON with every character PostgreSQL cannot store (in strings and keys) replaced by U+FFFD, for
 * data that must be kept rather than refused (a signed webhook). 400 when it is nested deeper than any real
 * document.
 */
export function storableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(UNSTORABLE_ALL, '\uFFFD');
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) throw badRequest('The request body is nested too deeply', 'TOO_DEEP');
  if (Array.isArray(value)) return value.map((item) => storableJson(item, depth + 1));
  // fromEntries defines own properties, so a "__proto__" key stays a plain key.
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key.replace(UNSTORABLE_ALL, '\uFFFD'),
      storableJson(item, depth + 1),
    ]),
  );
}

/**
 * No text that PostgreSQL cannot store reaches a handler: it would end as a 500. Checked after validation, so that
 * multipart fields are covered too. Its 400 is answered in the envelope by the `errors` plugin.
 */
export const inputChecks = fp(
  async (app) => {
    app.addHook('preHandler', async (request) => {
      if (
        containsUnstorable(request.params) ||
        containsUnstorable(request.query) ||
        containsUnstorable(request.body)
      ) {
        throw badRequest('The request contains characters that are not allowed', 'INVALID_CHARACTERS');
      }
    });
  },
  { name: 'input-checks', fastify: '5.x', dependencies: ['errors'] },
);
