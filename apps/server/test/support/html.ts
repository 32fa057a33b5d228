import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const isElement = (node: Node): node is Element => 'tagName' in node;

function elements(node: Node, out: Element[] = []): Element[] {
  if (isElement(node)) out.push(node);
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) elements(child, out);
  // A <template>'s content is a fragment of its own.
  if (isElement(node) && node.tagName === 'template')
    elements((node as DefaultTreeAdapterMap['template']).content, out);
  return out;
}

const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
const text = (element: Element) =>
  element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');

/**
 * A page read the way a browser reads it (parse5 follows the HTML standard's parsing rules): what a crawler
 * or a link preview would find in its head, without running any script.
 */
export function readPage(html: string) {
  const all = elements(parse(html));
  const inHead = all.filter(
    (element) => element.parentNode && isElement(element.parentNode) && element.parentNode.tagName === 'head',
  );
  const metas = (key: string) =>
    inHead
      .filter((e) => e.tagName === 'meta' && (attr(e, 'name') === key || attr(e, 'property') === key))
      .map((e) => attr(e, 'content') ?? '');
  return {
    lang: attr(
      all.find((e) => e.tagName === 'html')!,
      'lang',
    ),
    dir: attr(
      all.find((e) => e.tagName === 'html')!,
      'dir',
    ),
    titles: all.filter((e) => e.tagName === 'title').map(text),
    /** Contents of every meta tag in the head named (name= or property=) `key`. */
    metas,
    /** The single value of a meta tag; fails when there is none or several. */
    meta(key: string): string {
      const values = metas(key);
      if (values.length !== 1) throw new Error(`expected one meta ${key}, found ${values.length}`);
      return values[0]!;
    },
    links: (rel: string) =>
      inHead
        .filter((e) => e.tagName === 'link' && attr(e, 'rel') === rel)
        .map((e) => ({ href: attr(e, 'href'), type: attr(e, 'type'), title: attr(e, 'title') })),
    /** Every attribute of the head's links of one `rel`, in document order. */
    linkAttributes: (rel: string) =>
      inHead
        .filter((e) => e.tagName === 'link' && attr(e, 'rel') === rel)
        .map((e) => Object.fromEntries(e.attrs.map((a) => [a.name, a.value]))),
    /** The head's elements in document order, each as `tag` or `tag:rel` (to check what comes before what). */
    headOrder: inHead.map((e) => (e.tagName === 'link' ? `link:${attr(e, 'rel')}` : e.tagName)),
    scripts: all
      .filter((e) => e.tagName === 'script')
      .map((e) => ({ type: attr(e, 'type'), src: attr(e, 'src'), text: text(e) })),
    /** The JSON-LD blocks, parsed. */
    jsonLd: () =>
      all
        .filter((e) => e.tagName === 'script' && attr(e, 'type') === 'application/ld+json')
        .map((e) => JSON.parse(text(e)) as Record<string, unknown>),
    hasRoot: all.some((e) => e.tagName === 'div' && attr(e, 'id') === 'root'),
  };
}
