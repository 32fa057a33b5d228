import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isSpaRoute, REFUND_POLL_META, splitLocale, type Locale } from '@scholar/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { withLanguage } from '../lib/html-language';
import { apiNotFound } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT = `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><title>Not built</title></head>
<body><p>The web app has not been built yet. Run <code>npm run build</code>, or <code>npm start</code>, which builds it.</p></body></html>`;

/** The built SPA: its folder and its index.html, the page every route starts from. */
export interface WebShell {
  readonly distDir: string;
  /** The built index.html (read once, then kept in memory); undefined when the web app is not built. */
  indexHtml(): string | undefined;
  /**
   * The URLs of the script files a source module of the web app (e.g. `src/app/pages/home-page.tsx`) needs
   * besides those index.html loads already, the module's own first: what a page can `modulepreload` so that
   * its lazy code downloads beside the entry instead of after it. Empty for a module the build does not know.
   */
  modulePreloads(sourceModule: string): readonly string[];
  /** The web app's server build (`apps/web/dist-ssr`), which renders the public pages when it is there. */
  readonly ssrEntry: string;
  /** The not-found page as the server renders it (modules/pages sets it when it renders pages). */
  renderNotFound?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

/** What Vite's build manifest (`.vite/manifest.json`) says of one chunk. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

function readManifest(webDistDir: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return {};
  }
}

/** A chunk and every chunk it imports statically, recursively, in discovery order. */
function staticClosure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export function openWebShell(webDistDir: string): WebShell {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = fs.existsSync(indexFile);
  let indexHtml: string | undefined;
  let manifest: Record<string, ManifestChunk> | undefined;
  let entryChunks: Set<string> | undefined;
  const preloads = new Map<string, readonly string[]>();
  return {
    distDir: webDistDir,
    ssrEntry: path.join(webDistDir, '..', 'dist-ssr', 'entry-server.js'),
    indexHtml: () => (built ? (indexHtml ??= fs.readFileSync(indexFile, 'utf8')) : undefined),
    modulePreloads(sourceModule) {
      const known = preloads.get(sourceModule);
      if (known) return known;
      manifest ??= built ? readManifest(webDistDir) : {};
      const chunks = manifest;
      entryChunks ??= new Set(
        Object.keys(chunks)
          .filter((key) => chunks[key]?.isEntry)
          .flatMap((key) => [...staticClosure(chunks, key)]),
      );
      const files = [...staticClosure(chunks, sourceModule)]
        .filter((key) => !entryChunks?.has(key))
        .map((key) => `/${chunks[key]?.file ?? ''}`);
      preloads.set(sourceModule, files);
      return files;
    },
  };
}

/**
 * Sends a page of the SPA, `no-cache` so that a browser always asks again and a new deploy or an admin's edit is
 * seen at once. Without a web build it answers 503 with a hint instead.
 */
export function sendHtml(reply: FastifyReply, status: number, html: string | undefined): FastifyReply {
  return reply
    .code(html === undefined ? 503 : status)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(html ?? NOT_BUILT);
}

/**
 * index.html telling the app the refund poll interval the server was started with (REFUND_POLL_MS), which the order
 * pages read (apps/web/src/lib/refund-poll.ts); unchanged when none was set.
 */
export function withRefundPoll(html: string, refundPollMs: number | undefined): string {
  if (refundPollMs === undefined) return html;
  return html.replace('</head>', () => `<meta name="${REFUND_POLL_META}" content="${refundPollMs}"></head>`);
}

/**
 * A screen of the app as the browser runs it (the server renders none of it): index.html in the language of its
 * address, with the refund poll's interval for the screens that show a refund.
 */
export function sendAppScreen(
  reply: FastifyReply,
  shell: WebShell,
  locale: Locale,
  refundPollMs: number | undefined,
): FastifyReply {
  const indexHtml = shell.indexHtml();
  return sendHtml(
    reply,
    200,
    indexHtml === undefined ? undefined : withRefundPoll(withLanguage(indexHtml, locale), refundPollMs),
  );
}

/**
 * The address without its trailing slashes when a page's address has them (`/books/`, `/ur/`): one address per
 * page, so that search engines and the public cache see one. Undefined for any other request: the API keeps its
 * own answers, and an address whose path starts with two slashes or a backslash is left alone, so that the answer
 * can never send a browser to another site (`//example.com/` without its slash is a link to that host).
 */
export function withoutTrailingSlash(method: string, url: string): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!/^\/[^/\\][^\\]*?\/+$/.test(pathname)) return undefined;
  if (pathname === '/api/' || pathname.startsWith('/api/')) return undefined;
  return `${pathname.replace(/\/+$/, '')}${queryAt === -1 ? '' : url.slice(queryAt)}`;
}

export interface SpaOptions {
  shell: WebShell;
  /**
   * index.html made into the not-found page (its head says `noindex`; modules/pages makes it), for an address that
   * is not a screen of the app when the shell has no `renderNotFound`.
   */
  notFoundPage: (indexHtml: string) => string;
}

/**
 * Serves the built SPA: hashed files under /assets are cached for a year, index.html never, each file in the
 * brotli or gzip copy the build made when the client accepts one; any other GET that
 * is not under /api and has no route of its own (the public pages have theirs, see modules/pages) gets
 * index.html so that deep links work (history fallback): with 200 for a screen of the app (`SPA_ROUTES`), else
 * with 404 and `noindex`, and the app shows its not-found screen. It sets the app's not-found handler.
 */
export const spa = fp<SpaOptions>(
  async (app, { shell, notFoundPage }) => {
    const webDistDir = shell.distDir;
    if (shell.indexHtml() !== undefined) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        index: false,
        wildcard: true,
        // The build's .vite/manifest.json is for tools, not visitors.
        dotfiles: 'ignore',
        // The build writes a brotli and a gzip copy beside each text file (apps/web/vite.config.ts).
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          const relative = path.relative(webDistDir, filePath);
          reply.header(
            'cache-control',
            relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600, must-revalidate',
          );
        },
      });
    }

    // One address per page: `/books/` answers 308 to `/books`, in every language, its query kept.
    app.addHook('onRequest', async (request, reply) => {
      const location = withoutTrailingSlash(request.method, request.url);
      if (location !== undefined) return reply.redirect(location, 308);
    });

    let notFoundHtml: string | undefined;
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isApi = pathname === '/api' || pathname.startsWith('/api/');
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      // A missing hashed asset is a real 404, not a page.
      if (isApi || !isPage || pathname.startsWith('/assets/')) {
        return reply.code(404).send(apiNotFound(request.method, request.url));
      }
      // A screen of the app in any language (`/ur/cart`), in the language of its address.
      const { locale, path: screen } = splitLocale(pathname);
      if (isSpaRoute(screen)) return sendAppScreen(reply, shell, locale, app.config.refundPollMs);
      if (shell.renderNotFound) return shell.renderNotFound(request, reply);
      const indexHtml = shell.indexHtml();
      notFoundHtml ??= indexHtml === undefined ? undefined : notFoundPage(indexHtml);
      return sendHtml(reply, 404, notFoundHtml);
    });
  },
  { name: 'spa', fastify: '5.x' },
);
