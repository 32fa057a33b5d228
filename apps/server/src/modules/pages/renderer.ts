import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PageHead } from '@scholar/shared';
import type { FastifyInstance } from 'fastify';
import { parseHTML } from 'linkedom';
import { renderReadHeaders } from '../../lib/render-reads';
import { sanitizeArticleHtml } from '../../lib/rich-text';

/** A page rendered by the web app's server build (apps/web/src/entry-server.tsx). */
export interface RenderedPage {
  status: number;
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The `<script>` with the reads the page was made from. */
  dataScript: string;
  head: PageHead | undefined;
}

/** What is used of linkedom's document (this project's server code is typed without the DOM's types). */
interface LinkedDocument {
  createElement(tag: 'template'): { innerHTML: string; content: unknown };
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** What the web app's server build exports. */
interface WebRenderer {
  render(request: {
    url: string;
    publicUrl: string;
    fetch: Transport;
    articleDom: { document: unknown; sanitize: (html: string) => unknown };
  }): Promise<RenderedPage | Response>;
}

/** A page the server could not make from the API's answers: one of them was a failure of the server's own. */
export class RenderReadFailed extends Error {
  override name = 'RenderReadFailed';
  constructor(readonly statusCode: number) {
    super(`A read of the page answered ${statusCode}`);
  }
}

/** Renders the page at a path and query; a Response is a redirect the router asked for. */
export type RenderPage = (url: string) => Promise<RenderedPage | Response>;

/** The web app's server build, when it has been built (`npm run build`); undefined otherwise. */
export async function loadWebRenderer(entry: string): Promise<WebRenderer | undefined> {
  if (!fs.existsSync(entry)) return undefined;
  return (await import(pathToFileURL(entry).href)) as WebRenderer;
}

/**
 * Renders public pages with the web app's server build: the page's API reads are answered by this server's own
 * routes (`inject`: validation, the public cache and the handlers, as for a browser), marked as a page's reads;
 * article HTML is worked on in a document of linkedom's, sanitised as the server sanitises it on save.
 */
export function pageRenderer(app: FastifyInstance, web: WebRenderer, publicUrl: string): RenderPage {
  const { document } = parseHTML('<!doctype html><html><head></head><body></body></html>') as unknown as {
    document: LinkedDocument;
  };
  const articleDom = {
    document,
    sanitize: (html: string) => {
      const template = document.createElement('template');
      template.innerHTML = sanitizeArticleHtml(html);
      return template.content;
    },
  };
  return async (url) => {
    let failed: number | undefined;
    const fetch: Transport = async (readUrl, init) => {
      if ((init.method ?? 'GET') !== 'GET') throw new Error('A page render only reads');
      const res = await app.inject({
        method: 'GET',
        url: readUrl,
        headers: { accept: 'application/json', ...renderReadHeaders() },
      });
      if (res.statusCode >= 500) failed ??= res.statusCode;
      return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.body, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    };
    const page = await web.render({ url, publicUrl, fetch, articleDom });
    if (failed !== undefined) throw new RenderReadFailed(failed);
    return page;
  };
}
