import { API_BASE } from '@scholar/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { escapeRegExp, textOf } from '../../../../../e2e/fixtures/html-text';

export {
  decodeEntities,
  escapeRegExp,
  oneLine,
  paragraphsOf,
  textOf,
} from '../../../../../e2e/fixtures/html-text';

/**
 * A public page read as it arrives, without a browser and without running any script: what a reader without
 * JavaScript, a crawler or a link preview gets.
 */

/** The root and what it names to start the app with (its entry, the screen's code), after the page is painted. */
const ROOT_OPEN = /<div id="root"(?: data-app="([^"]*)" data-modules="([^"]*)")?>/;
const PAGE_DATA_OPEN = '<script type="application/json" id="page-data">';

/** A read the page was made from, as the page hands it to the browser. */
export interface PageRead {
  key: unknown;
  data?: unknown;
  error?: { status: number };
}

/** A page as the server answers it. */
export interface RawPage {
  status: number;
  headers: Record<string, string>;
  /** The whole document. */
  html: string;
  /** The document's head. */
  head: string;
  /** What the render put inside `<div id="root">`. */
  root: string;
  /** The root's text as a reader sees it. */
  text: string;
  /** The texts of the root's h1 headings. */
  h1: string[];
  /** The reads of the page data that follows the root. */
  reads: PageRead[];
  /** What the root names to start the app: its entry script and the screen's code. */
  app?: { entry: string; modules: string[] };
  /** The HTML after the page data. */
  after: string;
}

/** The answer's headers as strings (a repeated header joined as a browser joins it). */
function flatHeaders(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : String(value),
    ]),
  );
}

let readers = 0;

/**
 * A reader's address of its own for each request: the server shares its database fairly among addresses
 * (plugins/fair-reads.ts), and a test file's many reads from one address would soon be told to wait.
 */
export function readerAddress(): string {
  readers += 1;
  return `10.${(readers >> 16) & 255}.${(readers >> 8) & 255}.${readers & 255}`;
}

/** GETs `path` as a browser asks for a page, and splits what comes back into its parts. */
export async function rawPage(app: FastifyInstance, path: string): Promise<RawPage> {
  const res = await app.inject({
    method: 'GET',
    url: path,
    headers: { accept: 'text/html' },
    remoteAddress: readerAddress(),
  });
  const html = res.body;
  const rootOpen = ROOT_OPEN.exec(html);
  expect(rootOpen, `${path}: the root`).not.toBeNull();
  const start = rootOpen!.index + rootOpen![0].length;
  const data = html.indexOf(PAGE_DATA_OPEN);
  expect(data, `${path}: the page data, after the root`).toBeGreaterThan(start);
  const root = html.slice(start, data).replace(/<\/div>\s*$/, '');
  const dataEnd = html.indexOf('</script>', data);
  const { reads } = JSON.parse(html.slice(data + PAGE_DATA_OPEN.length, dataEnd)) as { reads: PageRead[] };
  return {
    status: res.statusCode,
    headers: flatHeaders(res.headers),
    html,
    head: html.slice(0, html.indexOf('</head>')),
    root,
    text: textOf(root),
    h1: [...root.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => textOf(match[1] ?? '')),
    reads,
    app:
      rootOpen![1] === undefined
        ? undefined
        : { entry: rootOpen![1], modules: (rootOpen![2] ?? '').split(' ').filter(Boolean) },
    after: html.slice(dataEnd),
  };
}

/** The texts of the links to `href` in some HTML. */
export const linkTexts = (html: string, href: string) =>
  [...html.matchAll(new RegExp(`<a\\b[^>]*\\shref="${escapeRegExp(href)}"[^>]*>([\\s\\S]*?)</a>`, 'g'))].map(
    (match) => textOf(match[1] ?? ''),
  );

/** The `data` of an API read (`path` under /api), which must answer 200. */
export async function read<T>(app: FastifyInstance, path: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url: `${API_BASE}${path}`, remoteAddress: readerAddress() });
  expect(res.statusCode, path).toBe(200);
  return res.json<{ data: T }>().data;
}
