import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/** What a hashed file of the web build is sent with: it never changes under its name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The types of the files the build writes under assets/ (a file of another type goes through @fastify/static). */
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
};
/** A file larger than this is streamed from the disk as before (source maps, big pictures). */
const MAX_FILE_BYTES = 1024 * 1024;
/** All the files kept, together: a build's scripts, styles and fonts, in every encoding, fit many times over. */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;
const NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

interface Kept {
  status: 200 | 304;
  headers: readonly string[];
  body?: Buffer;
}

interface Variant {
  ok: Kept;
  notModified: Kept;
}

/** Whether the client's copy (If-None-Match, a list of tags, weak or not) is this one. */
function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

/** A file in each encoding the build wrote, with its answers worked out once. */
interface Asset {
  plain: Variant;
  br?: Variant;
  gzip?: Variant;
}

/**
 * The hashed files of the web build (`/assets/<name>`), answered from memory before Fastify makes a request of
 * them, as the public read cache answers its hits (docs/decisions/030, 039). A static file through @fastify/static
 * takes several turns of the event loop (open, stat, read, close, each a callback), and under a flood each turn
 * waits for the flood's requests: a script of the page then took over a second. From memory it is one write.
 * The answer is the one @fastify/static gives (the build's brotli or gzip copy as the client accepts it, the same
 * ETag and Last-Modified, `immutable`, the security headers); a request with a query, a Range, a weighted or
 * wildcard Accept-Encoding, or for a file not kept (a source map, a large picture, a name that is not there) goes
 * the whole way instead. Returns the function the server calls first, which answers and returns true, or returns
 * false and leaves the request alone.
 */
export function createAssetAnswers(
  distDir: string,
  securityHeaders: (contentType: string) => readonly (readonly [string, string])[],
): { answer: (req: IncomingMessage, res: ServerResponse) => boolean; stop: () => void } {
  const assetsDir = path.join(distDir, 'assets');
  const kept = new Map<string, Asset | null>();
  let keptBytes = 0;
  let stopped = false;

  const read = (file: string, type: string, encoding: string | undefined): Variant | undefined => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return undefined;
    }
    if (!stat.isFile() || stat.size > MAX_FILE_BYTES || keptBytes + stat.size > MAX_KEPT_BYTES)
      return undefined;
    const body = fs.readFileSync(file);
    keptBytes += body.byteLength;
    // As @fastify/static (send) makes them: weak, size and modification time in hex.
    const etag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
    const common = [
      ...securityHeaders(type).flat(),
      'last-modified',
      stat.mtime.toUTCString(),
      'etag',
      etag,
      'cache-control',
      IMMUTABLE,
      'vary',
      'accept-encoding',
    ];
    return {
      ok: {
        status: 200,
        body,
        headers: [
          ...common,
          'content-type',
          type,
          'content-length',
          String(body.byteLength),
          ...(encoding ? ['content-encoding', encoding] : []),
        ],
      },
      notModified: { status: 304, headers: common },
    };
  };

  const load = (name: string): Asset | null => {
    const type = TYPES[path.extname(name)];
    if (!type) return null;
    const file = path.join(assetsDir, name);
    const plain = read(file, type, undefined);
    if (!plain) return null;
    const br = read(`${file}.br`, type, 'br');
    const gzip = read(`${file}.gz`, type, 'gzip');
    return { plain, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) };
  };

  const variantFor = (header: string | undefined, asset: Asset): Variant | undefined => {
    if (header === undefined || header === '') return asset.plain;
    if (header.includes(';') || header.includes('*')) return undefined;
    const accepted = header.toLowerCase().split(',');
    const has = (token: string) => accepted.some((value) => value.trim() === token);
    if (asset.br && has('br')) return asset.br;
    if (asset.gzip && (has('gzip') || has('x-gzip'))) return asset.gzip;
    return asset.plain;
  };

  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url;
    if (stopped || url === undefined || !url.startsWith('/assets/')) return false;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range !== undefined) return false;
    const name = url.slice('/assets/'.length);
    if (!NAME.test(name)) return false;
    let asset = kept.get(name);
    if (asset === undefined) {
      asset = load(name);
      // A name that is not kept is remembered too, up to a point: it goes the whole way each time.
      if (asset !== null || kept.size < 10_000) kept.set(name, asset);
    }
    if (asset === null) return false;
    const variant = variantFor(req.headers['accept-encoding'], asset);
    if (!variant) return false;
    const etag = variant.ok.headers[variant.ok.headers.indexOf('etag') + 1]!;
    const chosen = isFresh(req.headers['if-none-match'], etag) ? variant.notModified : variant.ok;
    res.writeHead(chosen.status, chosen.headers as string[]);
    res.end(req.method === 'HEAD' ? undefined : chosen.body);
    return true;
  };

  return {
    answer,
    // While stopping, requests go the whole way, to the answer that tells the client to come back.
    stop: () => {
      stopped = true;
    },
  };
}
