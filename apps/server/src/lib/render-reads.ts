import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The API reads the server makes of itself while it renders a page (modules/pages/renderer.ts) carry this header
 * with a value made at start-up, which no one outside the process knows. They are the page's reads, not a reader's:
 * the page's own request has already taken its share of the database (plugins/fair-reads.ts) and counted towards
 * its address; and a read of an article made for a page counts no view (the reader's browser counts it).
 */
const HEADER = 'x-page-render';
const token = randomUUID();

export const renderReadHeaders = (): Record<string, string> => ({ [HEADER]: token });

export const isRenderRead = (request: FastifyRequest): boolean => request.headers[HEADER] === token;
