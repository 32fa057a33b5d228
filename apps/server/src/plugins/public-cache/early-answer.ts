import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { matchesIfNoneMatch } from '../../lib/http-cache';
import { encodingFor, type EarlyHit } from './encode';
import type { Aliases } from './keys';
import type { AnswerStore } from './store';

/** Writes an answer to the request itself and returns true, or leaves the request alone and returns false. */
export type EarlyAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The early hit: a GET of a URL seen before (an alias), from a reader without a token (so no admin, and no answer
 * of their own), whose answer is kept and current, as it is sent: the plain or compressed copy the request accepts,
 * or 304 for a matching If-None-Match, with the headers worked out when it was kept, security headers included.
 * Validation, the handler and the onSend hooks (ETag, compression) have nothing to add to it. Undefined for
 * anything unusual (a token, `x-no-compression`, weighted or wildcard Accept-Encoding, a URL not seen before or
 * of a route with a limit of its own), which goes the whole way, to the hit in the cache's preHandler.
 */
export function earlyHitOf(
  req: IncomingMessage,
  aliases: Aliases,
  answers: AnswerStore,
): EarlyHit | undefined {
  const key = req.method === 'GET' && req.url !== undefined ? aliases.keyOf(req.url) : undefined;
  const entry = key === undefined ? undefined : answers.current(key);
  if (
    entry === undefined ||
    req.headers.authorization !== undefined ||
    req.headers['x-no-compression'] !== undefined
  ) {
    return undefined;
  }
  if (matchesIfNoneMatch(req.headers['if-none-match'], entry.etag)) return entry.notModified;
  return encodingFor(req.headers['accept-encoding'], entry);
}

/** Sends an early hit on the raw response: one `writeHead` and one `end`. */
export function writeEarlyHit(res: ServerResponse, hit: EarlyHit): void {
  res.writeHead(hit.status, hit.headers as string[]).end(hit.body);
}

/**
 * A Fastify `serverFactory` whose HTTP server lets answers kept in memory reply before Fastify routes a request:
 * each request is offered to the early answers given to `answerFirst` (the public read cache's, then the built
 * app's files', plugins/asset-answers.ts), in that order, and reaches Fastify only when none of them wrote it. An
 * answer written there has no request object, no routing, no hooks and no per-request log line. The server gets
 * the timeouts Fastify sets on a server it makes itself.
 */
export function serverAnsweringFromMemory(): {
  serverFactory: FastifyServerFactory;
  /** Adds an early answer, offered each request after those added before it. */
  answerFirst(answer: EarlyAnswer): void;
} {
  const answers: EarlyAnswer[] = [];
  const answered = (req: IncomingMessage, res: ServerResponse) => answers.some((answer) => answer(req, res));
  return {
    serverFactory: (handler, options) => {
      const server = http.createServer((req, res) => {
        if (!answered(req, res)) handler(req, res);
      });
      // Fastify's options arrive here with its defaults filled in.
      const timeouts = options as Record<
        'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout' | 'maxRequestsPerSocket',
        number
      >;
      server.keepAliveTimeout = timeouts.keepAliveTimeout;
      server.requestTimeout = timeouts.requestTimeout;
      server.setTimeout(timeouts.connectionTimeout);
      if (timeouts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = timeouts.maxRequestsPerSocket;
      return server;
    },
    answerFirst: (answer) => {
      answers.push(answer);
    },
  };
}
