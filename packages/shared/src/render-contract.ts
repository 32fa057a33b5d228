/**
 * What the server and the web app's server build (apps/web/src/entry-server.tsx, built into apps/web/dist-ssr)
 * agree on when the server renders a public page: what a render is given, what it answers, and what the build
 * exports. The server loads the build with a plain `import()`, which TypeScript cannot follow, so this module is
 * the one place both sides take these types from, and `isRenderBundle` checks the shape the server was handed.
 * See docs/decisions/060-one-pass-render-from-route-loaders.md.
 */

import { CART_FORMS, type CookieCartLine } from './cookie-cart';
import type { PageHead } from './page-heads';

/**
 * Bumped whenever a type below changes in a way an older build would not meet: a server refuses a build made for
 * another contract (an old `dist-ssr` left beside a new server) rather than rendering with it.
 */
export const RENDER_CONTRACT_VERSION = 4;

/** How a render's API calls reach the API: the browser's `fetch`, or the server's own routes in its process. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

/**
 * What article HTML is worked on with where there is no browser: a document, and a sanitiser that answers the
 * safe HTML's nodes. The web app's code reads them as a browser's `Document` and `Node`; the server, whose code is
 * typed without the DOM, hands in linkedom's, which behave as those do for what the app uses of them.
 */
export interface ArticleDom<Doc = unknown, Fragment = unknown> {
  document: Doc;
  sanitize: (html: string) => Fragment;
}

/** The public forms that make an API call, sent to a page without the app's script (docs/decisions/063). */
export const CALL_FORMS = ['subscribe', 'question'] as const;
export type CallFormName = (typeof CALL_FORMS)[number];

/** Every public form a page can be sent without the app's script: those and the cart's (docs/decisions/064). */
export const PAGE_FORMS = [...CALL_FORMS, ...CART_FORMS] as const;
export type PageFormName = (typeof PAGE_FORMS)[number];

/** The field of such a form that names it (a hidden input). */
export const PAGE_FORM_FIELD = '_form';

/**
 * A public form a reader sent to the page's own address without the app's script (a slow phone, or JavaScript
 * off), with what came of it: the page is rendered showing that, as the app shows it after its own call.
 */
export interface FormPost {
  form: PageFormName;
  /** The fields as sent, to show again beside a refusal. */
  values: FormFields;
  /** The API's answer to the call the form makes: its status, and its body (`data`; or `error` and `details`). */
  answer: { status: number; body: unknown };
}

/** A form's fields as sent: a field sent more than once (the categories ticked) is a list. */
export type FormFields = Record<string, string | string[]>;

/** A field of a form as one text (the first, when it was sent more than once); '' when it was not sent. */
export function formText(fields: FormFields, name: string): string {
  const value = fields[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** A field of a form as a list (sent once or more); empty when it was not sent. */
export function formList(fields: FormFields, name: string): string[] {
  const value = fields[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** What the server gives a render of one page. */
export interface RenderRequest<Dom extends ArticleDom = ArticleDom> {
  /** The page's path and query, as asked for. */
  url: string;
  /** PUBLIC_URL: the site's address in absolute links. */
  publicUrl: string;
  /** Answers the page's API reads as the API answers them (the server's own routes, in its process). */
  fetch: ApiTransport;
  /** How article HTML is worked on without a browser. */
  articleDom: Dom;
  /** A form sent to the page without the app's script, and its answer: the page shows what came of it. */
  form?: FormPost;
  /** The guest's cart kept in its cookie (`/cart` only; docs/decisions/064). */
  cart?: CookieCartLine[];
}

/** A rendered page. */
export interface RenderedPage {
  status: number;
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The `<script>` that hands the browser the reads the page was made from. */
  dataScript: string;
  /** The head the page's render made (none for a page that shows no head of its own). */
  head: PageHead | undefined;
  /**
   * The query keys (as JSON) of reads the page's screens asked for that its route loaders did not make: those
   * parts of the page show their loading state and the browser reads them after it hydrates. Empty when the
   * loaders cover the page, as they should.
   */
  unloaded: string[];
}

/** What the web app's server build exports. */
export interface RenderBundle<Dom extends ArticleDom = ArticleDom> {
  /** The `RENDER_CONTRACT_VERSION` the build was made with. */
  contractVersion: number;
  /** Renders a page as a signed-out reader sees it; a `Response` is a redirect the router asked for. */
  render: (request: RenderRequest<Dom>) => Promise<RenderedPage | Response>;
}

/** Whether a module (the server build as `import()` answers it) has the shape of a bundle of this contract. */
export function isRenderBundle(module: unknown): module is RenderBundle {
  if (typeof module !== 'object' || module === null) return false;
  const { contractVersion, render } = module as Partial<Record<keyof RenderBundle, unknown>>;
  return contractVersion === RENDER_CONTRACT_VERSION && typeof render === 'function';
}
