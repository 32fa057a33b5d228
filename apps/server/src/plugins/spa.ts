import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiNotFound } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not built</title></head>
<body><p>The web app has not been built yet. Run <code>npm run build</code>, or <code>npm start</code>, which builds it.</p></body></html>`;

/**
 * Serves the built SPA: hashed files under /assets are cached for a year, index.html never; any other GET that
 * is not under /api gets index.html so that deep links work (history fallback).
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = fs.existsSync(indexFile);
  let indexHtml: string | undefined;
  const readIndex = () => (indexHtml ??= fs.readFileSync(indexFile, 'utf8'));

  const sendIndex = (reply: FastifyReply, status = 200) =>
    reply
      .code(built ? status : 503)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(built ? readIndex() : NOT_BUILT);

  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      wildcard: true,
      // The build's .vite/manifest.json is for tools, not visitors.
      dotfiles: 'ignore',
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
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing hashed asset is a real 404, not a page.
    if (isApi || !isPage || pathname.startsWith('/assets/')) {
      return reply.code(404).send(apiNotFound(request.method, request.url));
    }
    return sendIndex(reply);
  });
}
