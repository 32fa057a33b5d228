import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  API_BASE,
  isRenderBundle,
  RENDER_CONTRACT_VERSION,
  type ApiTransport,
  type ArticleDom,
  type CookieCartLine,
  type FormPost,
  type RenderBundle,
  type RenderedPage,
} from '@scholar/shared';
import type { FastifyInstance } from 'fastify';
import { parseHTML } from 'linkedom';
import { renderReadHeaders } from '../../lib/render-reads';
import { sanitizeArticleHtml } from '../../lib/rich-text';

/** What is used of linkedom's document (this project's server code is typed without the DOM's types). */
interface LinkedDocument {
  createElement(tag: 'template'): { innerHTML: string; content: unknown };
}

/** A page the server could not make from the API's answers: one of them was a failure of the server's own. */
export class RenderReadFailed extends Error {
  override name = 'RenderReadFailed';
  constructor(readonly statusCode: number) {
    super(`A read of the page answered ${statusCode}`);
  }
}

/**
 * Renders the page at a path and query, showing the answer to a form sent to it when there is one; a Response is a
 * redirect the router asked for.
 */
export type RenderPage = (
  url: string,
  form?: FormPost,
  /** The guest's cart from its cookie, for `/cart` (cookie-cart.ts). */
  cart?: CookieCartLine[],
) => Promise<RenderedPage | Response>;

/** The one read a render makes with a POST: a guest cart's books at their current prices (`/cart`). */
const POST_READS = new Set([`${API_BASE}/cart/prices`]);

export type { RenderedPage };

/**
 * The web app's server build, when it has been built (`npm run build`); undefined otherwise. The one place the
 * build is imported: what it exports is checked against the render contract (packages/shared/src/render-contract.ts)
 * before it is used, so that a build of another version of the app is refused at start rather than failing a page.
 */
export async function loadRenderBundle(entry: string): Promise<RenderBundle | undefined> {
  if (!fs.existsSync(entry)) return undefined;
  const bundle: unknown = await import(pathToFileURL(entry).href);
  if (!isRenderBundle(bundle)) {
    const version = (bundle as { contractVersion?: unknown } | null)?.contractVersion;
    throw new Error(
      `${entry} is not a server build of render contract ${RENDER_CONTRACT_VERSION} (it says ${String(version)}): ` +
        'build the web app again (npm run build -w @scholar/web)',
    );
  }
  return bundle;
}

/**
 * Renders public pages with the web app's server build: the page's API reads are answered by this server's own
 * routes (`inject`: validation, the public cache and the handlers, as for a browser), marked as a page's reads;
 * article HTML is worked on in a document of linkedom's, sanitised as the server sanitises it on save.
 */
export function pageRenderer(app: FastifyInstance, web: RenderBundle, publicUrl: string): RenderPage {
  const { document } = parseHTML('<!doctype html><html><head></head><body></body></html>') as unknown as {
    document: LinkedDocument;
  };
  const articleDom: ArticleDom<LinkedDocument> = {
    document,
    sanitize: (html: string) => {
      const template = document.createElement('template');
      template.innerHTML = sanitizeArticleHtml(html);
      return template.content;
    },
  };
  return async (url, form, cart) => {
    let failed: number | undefined;
    const fetch: ApiTransport = async (readUrl, init) => {
      const method = init.method ?? 'GET';
      if (method !== 'GET' && !(method === 'POST' && POST_READS.has(readUrl))) {
        throw new Error('A page render only reads');
      }
      const res = await app.inject({
        method,
        url: readUrl,
        headers: {
          accept: 'application/json',
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          ...renderReadHeaders(),
        },
        ...(method === 'POST' ? { payload: typeof init.body === 'string' ? init.body : '' } : {}),
      });
      if (res.statusCode >= 500) failed ??= res.statusCode;
      return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.body, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    };
    const page = await web.render({
      url,
      publicUrl,
      fetch,
      articleDom,
      ...(form ? { form } : {}),
      ...(cart ? { cart } : {}),
    });
    if (failed !== undefined) throw new RenderReadFailed(failed);
    return page;
  };
}
