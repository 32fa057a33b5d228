import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip, gzipSync } from 'node:zlib';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD } from '../compression';

/** zlib's own asynchronous functions: the work runs on libuv's thread pool, not on the event loop. */
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * An answer of at least this many bytes is compressed on the thread pool. A smaller one is compressed on the event
 * loop: both copies take a few hundred microseconds at most, less than the round trip to the pool, which would also
 * hold every small miss back for a turn while other answers go out first. Larger ones would hold up every other
 * request instead (an 8 MB sitemap: hundreds of milliseconds).
 */
export const OFF_LOOP_BYTES = 32 * 1024;

/** The text answers a hit sends compressed when large enough, as plugins/compression.ts does for a miss. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|rss\+xml|atom\+xml|javascript))/;

/** What a hit sends: its status, its headers flat (name, value, name, value…) as `writeHead` takes them, a body. */
export interface EarlyHit {
  status: 200 | 304;
  headers: readonly string[];
  body?: Buffer;
}
export type Encoded = EarlyHit & { status: 200; body: Buffer };

/** A kept answer as a hit writes it, headers worked out once: plain, and compressed when it is worth it. */
export interface Encodings {
  plain: Encoded;
  br?: Encoded;
  gzip?: Encoded;
  /** The answer to a matching If-None-Match. */
  notModified: EarlyHit;
}

/**
 * What a hit sends, worked out once when the answer is kept: its headers, and its brotli and gzip copies when it
 * is compressible text of at least COMPRESS_THRESHOLD bytes, with the settings of plugins/compression.ts, so that a
 * hit is the size a miss was. From OFF_LOOP_BYTES up the two copies are made at the same time with zlib's
 * asynchronous functions, off the event loop, so that compressing a large answer (up to 8 MB) never holds up other
 * requests; the bytes are those the synchronous functions make.
 */
export async function encodeAnswer(
  body: Buffer,
  meta: { type: string; cacheControl: string; etag: string },
  securityHeaders: readonly string[],
): Promise<Encodings> {
  const common = [
    ...securityHeaders,
    'etag',
    meta.etag,
    'cache-control',
    meta.cacheControl,
    'x-cache',
    'hit',
  ];
  const compress = body.byteLength >= COMPRESS_THRESHOLD && COMPRESSIBLE.test(meta.type);
  // A proxy must keep the compressed and the plain answer apart.
  const vary = compress ? ['vary', 'accept-encoding'] : [];
  const encoded = (bytes: Buffer, encoding?: string): Encoded => ({
    status: 200,
    body: bytes,
    headers: [
      'content-type',
      meta.type,
      'content-length',
      String(bytes.byteLength),
      ...common,
      ...vary,
      ...(encoding ? ['content-encoding', encoding] : []),
    ],
  });
  const plain = encoded(body);
  const notModified: EarlyHit = { status: 304, headers: [...common, ...vary] };
  if (!compress) return { plain, notModified };
  const [br, gzipped] =
    body.byteLength >= OFF_LOOP_BYTES
      ? await Promise.all([brotliAsync(body, BROTLI_OPTIONS), gzipAsync(body)])
      : [brotliCompressSync(body, BROTLI_OPTIONS), gzipSync(body)];
  return { plain, notModified, br: encoded(br, 'br'), gzip: encoded(gzipped, 'gzip') };
}

/**
 * The encoding a hit is sent in for a plain `Accept-Encoding` list (`gzip, deflate, br, zstd` as browsers send it);
 * undefined for one with weights or wildcards, which goes the whole way through @fastify/compress instead.
 */
export function encodingFor(header: string | undefined, answer: Encodings): Encoded | undefined {
  if (header === undefined || header === '') return answer.plain;
  if (header.includes(';') || header.includes('*')) return undefined;
  if (answer.br === undefined) return answer.plain;
  const accepted = header.toLowerCase().split(',');
  const has = (name: string) => accepted.some((token) => token.trim() === name);
  if (has('br')) return answer.br;
  if (has('gzip') || has('x-gzip')) return answer.gzip;
  return answer.plain;
}
