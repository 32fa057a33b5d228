import { ARTICLE_ALLOWED_ATTRIBUTES, ARTICLE_ALLOWED_TAGS, looksLikeHtml } from '@scholar/shared';
import DOMPurify from 'dompurify';

const ALLOWED_ATTR = Object.values(ARTICLE_ALLOWED_ATTRIBUTES).flat();
const NEWLINE = /\r\n|\r|\n/;

/** What article HTML is worked on with: a document, and a sanitiser that answers the safe HTML's nodes. */
export interface ArticleDom {
  document: Document;
  sanitize: (html: string) => Node;
}

/** In the browser: its document and DOMPurify. */
let articleDom = (): ArticleDom => ({
  document,
  sanitize: (html) =>
    DOMPurify.sanitize(html, { ALLOWED_TAGS: ARTICLE_ALLOWED_TAGS, ALLOWED_ATTR, RETURN_DOM_FRAGMENT: true }),
});

/** Where there is no browser (the server's renderer): a document of its own, and the server's sanitiser. */
export function setArticleDom(dom: ArticleDom): void {
  articleDom = () => dom;
}

/** The readable text of stored article HTML (paragraphs apart by a space). */
export function articleTextOf(html: string): string {
  const container = articleDom().document.createElement('div');
  container.innerHTML = html;
  for (const block of container.querySelectorAll('p, li, h2, h3, h4, blockquote, br')) block.after(' ');
  return container.textContent ?? '';
}

/** Line breaks inside a text become `<br>`; the breaks at its edges are only layout of the HTML and go. */
function breakLines(root: Node): void {
  const texts: Text[] = [];
  const collect = (node: Node) => {
    // 3: a text node (NodeFilter and Node are not globals outside a browser).
    if (node.nodeType === 3) texts.push(node as Text);
    else for (const child of node.childNodes) collect(child);
  };
  collect(root);
  for (const text of texts) {
    const value = text.data;
    if (!NEWLINE.test(value) || value.trim() === '') continue;
    const parts = value.replace(/^\s*(?:\r\n|\r|\n)\s*|\s*(?:\r\n|\r|\n)\s*$/g, '').split(NEWLINE);
    const pieces: Node[] = [];
    parts.forEach((part, index) => {
      if (index > 0) pieces.push(text.ownerDocument.createElement('br'));
      pieces.push(text.ownerDocument.createTextNode(part));
    });
    text.replaceWith(...pieces);
  }
}

/** Stored article HTML, sanitised again with DOMPurify and with line breaks inside texts turned into `<br>`. */
export function articleHtml(html: string): string {
  const dom = articleDom();
  const fragment = dom.sanitize(html);
  breakLines(fragment);
  const container = dom.document.createElement('div');
  container.append(fragment);
  for (const link of container.querySelectorAll('a')) link.setAttribute('rel', 'noopener noreferrer');
  return container.innerHTML;
}

/**
 * The editor's text of stored content (each paragraph a line), the reverse of what the server does with the text.
 * Paragraphs of plain text give their text, unless one of them would read as HTML when saved again (see
 * `looksLikeHtml`); then, as when one carries formatting, each line keeps its HTML (the server reads such lines
 * the same way); content with lists or headings stays HTML as it is.
 */
export function editorTextOf(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const nodes = [...template.content.childNodes].filter(
    (node) => !(node.nodeType === Node.TEXT_NODE && node.textContent?.trim() === ''),
  );
  const paragraphs = nodes.filter((node): node is HTMLParagraphElement => node.nodeName === 'P');
  if (paragraphs.length === 0 || paragraphs.length !== nodes.length) return html;
  const plain = paragraphs.every(
    (p) =>
      p.children.length === 0 && !looksLikeHtml(p.textContent ?? '') && !NEWLINE.test(p.textContent ?? ''),
  );
  return paragraphs.map((p) => (plain ? (p.textContent ?? '') : p.innerHTML).trim()).join('\n');
}
