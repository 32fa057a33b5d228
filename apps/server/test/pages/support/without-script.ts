import type { FastifyInstance } from 'fastify';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { expect } from 'vitest';
import { oneLine } from '../../../../../e2e/fixtures/html-text';
import { readerAddress } from './raw-page';

/**
 * The public pages as a browser without JavaScript has them: the HTML parsed as such a browser parses it (parse5
 * follows the HTML standard, `<noscript>` read as markup), its elements found by their role and accessible name as
 * a journey finds them, its links followed and its GET forms sent the way the browser builds their addresses.
 */

type Node = DefaultTreeAdapterMap['node'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];
export type Element = DefaultTreeAdapterMap['element'];

/** A page a reader without script is on. */
export interface ShownPage {
  /** Where the reader is: the address asked for (the server redirects none of these pages). */
  url: URL;
  status: number;
  document: ParentNode;
  /** The reader's network address: the forms they send come from it (the forms' limits are per address). */
  reader: string;
}

/** The origin the pages are read at; only their paths and queries matter. */
const ORIGIN = 'http://localhost';

const isElement = (node: Node): node is Element => 'tagName' in node;

export const attr = (element: Element, name: string) =>
  element.attrs.find((attribute) => attribute.name === name)?.value;

function setAttr(element: Element, name: string, value: string | undefined) {
  element.attrs = element.attrs.filter((attribute) => attribute.name !== name);
  if (value !== undefined) element.attrs.push({ name, value });
}

const childrenOf = (node: Node): Node[] => ('childNodes' in node ? node.childNodes : []);

/** The elements under `scope` in document order. */
function descendants(scope: Node, out: Element[] = []): Element[] {
  for (const child of childrenOf(scope)) {
    if (!isElement(child)) continue;
    out.push(child);
    descendants(child, out);
  }
  return out;
}

function ancestors(element: Element): Element[] {
  const out: Element[] = [];
  for (let node = element.parentNode; node && isElement(node); node = node.parentNode) out.push(node);
  return out;
}

function documentOf(element: Element): Node {
  let node: Node = element;
  while ('parentNode' in node && node.parentNode) node = node.parentNode;
  return node;
}

/** Never shown, so never a reader's: what the `hidden` attribute, `aria-hidden` or the head keep out of the page. */
const NEVER_SHOWN = new Set(['head', 'script', 'style', 'template', 'title', 'meta', 'link']);
const isHidden = (element: Element) =>
  [element, ...ancestors(element)].some(
    (each) =>
      NEVER_SHOWN.has(each.tagName) ||
      attr(each, 'hidden') !== undefined ||
      attr(each, 'aria-hidden') === 'true',
  );

/** The text of a node as `textContent` gives it (scripts and styles left aside), on one line. */
export function textOf(node: Node): string {
  const parts: string[] = [];
  const walk = (each: Node) => {
    if ('value' in each && each.nodeName === '#text') parts.push(each.value);
    if (isElement(each) && (each.tagName === 'script' || each.tagName === 'style')) return;
    childrenOf(each).forEach(walk);
  };
  walk(node);
  return oneLine(parts.join(''));
}

const LANDMARK_SCOPES = new Set(['article', 'aside', 'main', 'nav', 'section']);

/** The element's role, its own or the one HTML gives it (the roles the public pages use). */
export function roleOf(element: Element): string | undefined {
  const explicit = attr(element, 'role')?.trim().split(/\s+/)[0];
  if (explicit) return explicit;
  const type = (attr(element, 'type') ?? 'text').toLowerCase();
  switch (element.tagName) {
    case 'a':
    case 'area':
      return attr(element, 'href') === undefined ? undefined : 'link';
    case 'button':
      return 'button';
    case 'input':
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      if (type === 'search') return 'searchbox';
      if (type === 'checkbox' || type === 'radio') return type;
      if (type === 'hidden') return undefined;
      return 'textbox';
    case 'textarea':
      return 'textbox';
    case 'select':
      return attr(element, 'multiple') !== undefined || Number(attr(element, 'size') ?? 1) > 1
        ? 'listbox'
        : 'combobox';
    case 'ul':
    case 'ol':
    case 'menu':
      return 'list';
    case 'li':
      return 'listitem';
    case 'nav':
      return 'navigation';
    case 'main':
      return 'main';
    case 'aside':
      return 'complementary';
    case 'article':
      return 'article';
    case 'header':
    case 'footer':
      if (ancestors(element).some((each) => LANDMARK_SCOPES.has(each.tagName))) return undefined;
      return element.tagName === 'header' ? 'banner' : 'contentinfo';
    case 'section':
      return accessibleName(element) ? 'region' : undefined;
    case 'form':
      return accessibleName(element) ? 'form' : undefined;
    default:
      return /^h[1-6]$/.test(element.tagName) ? 'heading' : undefined;
  }
}

/** Roles whose name comes from what they hold when nothing names them. */
const NAMED_BY_CONTENT = new Set([
  'link',
  'button',
  'heading',
  'listitem',
  'option',
  'cell',
  'tab',
  'menuitem',
]);

/** The text an element contributes to the name of what holds it. */
function nameFromContent(node: Node): string {
  if ('value' in node && node.nodeName === '#text') return node.value;
  if (!isElement(node)) return '';
  if (attr(node, 'hidden') !== undefined || attr(node, 'aria-hidden') === 'true') return '';
  const label = attr(node, 'aria-label')?.trim();
  if (label) return ` ${label} `;
  if (node.tagName === 'img') return ` ${attr(node, 'alt') ?? ''} `;
  if (node.tagName === 'script' || node.tagName === 'style') return '';
  return childrenOf(node).map(nameFromContent).join('');
}

function byId(element: Element, id: string): Element | undefined {
  return descendants(documentOf(element)).find((each) => attr(each, 'id') === id);
}

/** The element's accessible name, as the browser computes it for the elements of these pages. */
export function accessibleName(element: Element): string {
  const labelledBy = attr(element, 'aria-labelledby');
  if (labelledBy) {
    return oneLine(
      labelledBy
        .split(/\s+/)
        .map((id) => byId(element, id))
        .map((label) => (label ? nameFromContent(label) : ''))
        .join(' '),
    );
  }
  const label = attr(element, 'aria-label')?.trim();
  if (label) return oneLine(label);
  if (['input', 'select', 'textarea'].includes(element.tagName)) {
    const id = attr(element, 'id');
    const labels = [
      ...(id
        ? descendants(documentOf(element)).filter(
            (each) => each.tagName === 'label' && attr(each, 'for') === id,
          )
        : []),
      ...ancestors(element).filter((each) => each.tagName === 'label'),
    ];
    if (labels.length > 0) return oneLine(labels.map(nameFromContent).join(' '));
  }
  if (element.tagName === 'img') return oneLine(attr(element, 'alt') ?? '');
  const explicit = attr(element, 'role');
  const role = explicit ? explicit.trim().split(/\s+/)[0] : undefined;
  const implicit = role ?? (/^h[1-6]$/.test(element.tagName) ? 'heading' : undefined);
  const byContent =
    NAMED_BY_CONTENT.has(implicit ?? '') ||
    ['a', 'button', 'li', 'option', 'td', 'th'].includes(element.tagName) ||
    (element.tagName === 'input' && ['button', 'submit', 'reset'].includes(attr(element, 'type') ?? ''));
  if (byContent) {
    if (element.tagName === 'input') return oneLine(attr(element, 'value') ?? '');
    return oneLine(nameFromContent(element));
  }
  return oneLine(attr(element, 'title') ?? '');
}

export interface RoleOptions {
  /** As a journey's `getByRole`: a string is found in the name whatever its case, unless `exact`. */
  name?: string | RegExp;
  exact?: boolean;
  /** A heading's level. */
  level?: number;
}

function nameMatches(name: string, wanted: string | RegExp, exact: boolean | undefined) {
  if (wanted instanceof RegExp) return wanted.test(name);
  return exact ? name === oneLine(wanted) : name.toLowerCase().includes(oneLine(wanted).toLowerCase());
}

/** The shown elements under `scope` of a role (with its name and level), in document order. */
export function allByRole(scope: Node, role: string, options: RoleOptions = {}): Element[] {
  return descendants(scope).filter((element) => {
    if (roleOf(element) !== role || isHidden(element)) return false;
    if (options.level !== undefined) {
      const level = Number(attr(element, 'aria-level') ?? element.tagName.slice(1));
      if (level !== options.level) return false;
    }
    return options.name === undefined || nameMatches(accessibleName(element), options.name, options.exact);
  });
}

/** The one shown element under `scope` of a role: none or several fail, as a journey's locator would. */
export function byRole(scope: Node, role: string, options: RoleOptions = {}): Element {
  const found = allByRole(scope, role, options);
  expect(found, `one ${role} ${String(options.name ?? '')}`).toHaveLength(1);
  return found[0]!;
}

/** Whether the page shows the element, as far as its HTML says (its styles are not read). */
export const isShown = (element: Element) => !isHidden(element);

/** The elements under `scope` of a tag. */
export const allByTag = (scope: Node, tag: string) =>
  descendants(scope).filter((element) => element.tagName === tag);

/** The elements under `scope` with a `data-testid`. */
export const allByTestId = (scope: Node, id: string) =>
  descendants(scope).filter((element) => attr(element, 'data-testid') === id);

/** The links under `scope` to an address (as written in the page). */
export const linksTo = (scope: Node, href: string) =>
  descendants(scope).filter((element) => element.tagName === 'a' && attr(element, 'href') === href);

/** Where the reader is, as a path and query. */
export const pathOf = (page: ShownPage) => `${page.url.pathname}${page.url.search}`;

/** Opens an address as a browser without script does: the HTML, parsed with scripting off. */
export async function open(
  app: FastifyInstance,
  address: string | URL,
  reader = readerAddress(),
): Promise<ShownPage> {
  const url = new URL(address, ORIGIN);
  const res = await app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { accept: 'text/html' },
    remoteAddress: reader,
  });
  expect(res.headers['content-type'], `${url.pathname}${url.search}`).toMatch(/^text\/html/);
  return { url, status: res.statusCode, document: parse(res.body, { scriptingEnabled: false }), reader };
}

/** Follows a link: its address, read against the page's. */
export function follow(app: FastifyInstance, page: ShownPage, link: Element): Promise<ShownPage> {
  const href = attr(link, 'href');
  expect(href, `the link "${accessibleName(link)}" has an address`).toBeDefined();
  return open(app, new URL(href!, page.url), page.reader);
}

/** Types into an input or a text area, as a reader does. */
export function fill(field: Element, value: string): void {
  expect(['input', 'textarea'], 'a field to type into').toContain(field.tagName);
  if (field.tagName === 'input') {
    setAttr(field, 'value', value);
    return;
  }
  const text = { nodeName: '#text', value, parentNode: field } as unknown as Node;
  (field as unknown as { childNodes: Node[] }).childNodes = [text];
}

/** Ticks or unticks a checkbox. */
export function check(box: Element, checked = true): void {
  expect(attr(box, 'type'), 'a checkbox').toBe('checkbox');
  setAttr(box, 'checked', checked ? '' : undefined);
}

/** Chooses an option of a select by its value. */
export function selectOption(select: Element, value: string): void {
  const options = descendants(select).filter((each) => each.tagName === 'option');
  const chosen = options.find((option) => optionValue(option) === value);
  expect(chosen, `an option ${value}`).toBeDefined();
  for (const option of options) setAttr(option, 'selected', option === chosen ? '' : undefined);
}

const optionValue = (option: Element) => attr(option, 'value') ?? textOf(option);

/** The value a field would be sent with. */
export function valueOf(field: Element): string {
  if (field.tagName === 'select') {
    const options = descendants(field).filter((each) => each.tagName === 'option');
    const selected =
      options.find((option) => attr(option, 'selected') !== undefined) ??
      options.find((option) => attr(option, 'disabled') === undefined);
    return selected ? optionValue(selected) : '';
  }
  if (field.tagName === 'textarea') {
    return childrenOf(field)
      .map((child) => ('value' in child && child.nodeName === '#text' ? child.value : ''))
      .join('');
  }
  return attr(field, 'value') ?? '';
}

const SUBMITS = (element: Element) =>
  (element.tagName === 'button' && (attr(element, 'type') ?? 'submit') === 'submit') ||
  (element.tagName === 'input' && ['submit', 'image'].includes(attr(element, 'type') ?? ''));

/** The form a field belongs to: its `form` attribute's, or the one it sits in. */
export function formOf(field: Element): Element {
  const id = attr(field, 'form');
  const form = id ? byId(field, id) : ancestors(field).find((each) => each.tagName === 'form');
  expect(form, `the form of ${accessibleName(field)}`).toBeDefined();
  return form!;
}

/**
 * Sends a form as the browser does (the HTML standard's form submission): its named fields that are not disabled,
 * checkboxes and radios only when checked, and the button that sent it; a GET form as the action's query, a POST
 * form as an `application/x-www-form-urlencoded` body to the action, with the headers a browser sends with it
 * (`Origin`, `Sec-Fetch-Site`). Without `submitter`, the form's first submit button (what Enter in a field presses).
 */
export async function submit(
  app: FastifyInstance,
  page: ShownPage,
  form: Element,
  submitter?: Element,
): Promise<ShownPage> {
  const method = (attr(form, 'method') ?? 'get').toLowerCase();
  expect(['get', 'post'], 'the form is sent with GET or POST').toContain(method);
  const owned = [
    ...descendants(form).filter((each) => attr(each, 'form') === undefined),
    ...(attr(form, 'id')
      ? descendants(documentOf(form)).filter((each) => attr(each, 'form') === attr(form, 'id'))
      : []),
  ];
  const button = submitter ?? owned.find(SUBMITS);
  if (button) expect(attr(button, 'disabled'), 'the button that sends the form').toBeUndefined();
  const disabled = (field: Element) =>
    attr(field, 'disabled') !== undefined ||
    ancestors(field).some((each) => each.tagName === 'fieldset' && attr(each, 'disabled') !== undefined);
  const query = new URLSearchParams();
  for (const field of owned) {
    const name = attr(field, 'name');
    if (!name || disabled(field) || !['input', 'select', 'textarea', 'button'].includes(field.tagName))
      continue;
    const type = (attr(field, 'type') ?? '').toLowerCase();
    if (field.tagName === 'button' || ['submit', 'image', 'reset', 'button'].includes(type)) {
      if (field === button) query.append(name, attr(field, 'value') ?? '');
      continue;
    }
    if ((type === 'checkbox' || type === 'radio') && attr(field, 'checked') === undefined) continue;
    if (type === 'checkbox' || type === 'radio') query.append(name, attr(field, 'value') ?? 'on');
    else query.append(name, valueOf(field));
  }
  const action = new URL(attr(form, 'action') || page.url.href, page.url);
  if (method === 'get') {
    action.search = query.toString();
    return open(app, action, page.reader);
  }
  const res = await app.inject({
    method: 'POST',
    url: `${action.pathname}${action.search}`,
    headers: {
      accept: 'text/html',
      'content-type': 'application/x-www-form-urlencoded',
      // The site's pages keep their address to themselves (Referrer-Policy: no-referrer): a browser says `null`.
      origin: 'null',
      'sec-fetch-site': 'same-origin',
    },
    payload: query.toString(),
    remoteAddress: page.reader,
  });
  expect(res.headers['content-type'], `the answer to the form sent to ${action.pathname}`).toMatch(
    /^text\/html/,
  );
  return {
    url: action,
    status: res.statusCode,
    document: parse(res.body, { scriptingEnabled: false }),
    reader: page.reader,
  };
}
