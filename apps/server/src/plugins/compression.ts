import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses text answers made per request (pages, JSON, feeds, CSV) with brotli or gzip, as the client accepts.
 * Files already compressed at build time (the SPA's assets, served with `preCompressed`) and answers under 1 KB
 * are sent as they are; request bodies are never decompressed (their size limits stay those of the raw bytes).
 * It compresses in each route's own `onSend`, after the app-wide hooks: the public read cache keeps plain text.
 * Register it before the routes.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
  });
}
