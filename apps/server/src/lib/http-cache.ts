import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const PUBLIC_REVALIDATE = 'public, max-age=0, must-revalidate';

/** A weak validator: the hash of the JSON body sent. */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match with weak comparison (RFC 9110 §13.1.2): `*` or any listed tag equal once `W/` is dropped. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * onSend hook for public reads: every 200 answer gets an ETag and `Cache-Control: public, max-age=0,
 * must-revalidate`; a request whose If-None-Match matches gets 304 without a body.
 *
 * The ETag is a hash of the body itself rather than a version counter or max(updatedAt) + count: it needs no
 * shared state (right with several server processes on one PostgreSQL, and after a restart), and it changes
 * exactly when what a client would see changes, so an admin's create, update or delete is seen at the next
 * revalidation. The price is one query per revalidation, which a catalogue of this size affords.
 */
export async function revalidatedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  // An answer from the public read cache already carries its ETag (and was checked against If-None-Match).
  if (reply.getHeader('etag')) return payload;
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  const etag = etagOf(payload);
  reply.header('etag', etag);
  reply.header('cache-control', PUBLIC_REVALIDATE);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    reply.code(304);
    reply.removeHeader('content-length');
    return '';
  }
  return payload;
}
