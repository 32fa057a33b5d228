import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers under this many bytes go out as they are. */
export const COMPRESS_THRESHOLD = 1024;
/** Brotli for text at quality 4: most of the saving of the highest qualities for a small part of their CPU. */
export const BROTLI_OPTIONS = {
  params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 },
};

/**
 * Compresses text answers made per request (pages, JSON, feeds, CSV) with brotli or gzip, as the client accepts.
 * Files already compressed at build time (the SPA's assets, served with `preCompressed`) and answers under 1 KB
 * are sent as they are; request bodies are never decompressed (their size limits stay those of the raw bytes).
 * It compresses in each route's own `onSend`, after the app-wide hooks: the public read cache keeps plain text.
 * Register it before the routes: @fastify/compress hooks into each route as it is added.
 */
export const compression = fp(
  async (app) => {
    await app.register(compress, {
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD,
      brotliOptions: BROTLI_OPTIONS,
    });
  },
  { name: 'compression', fastify: '5.x' },
);
