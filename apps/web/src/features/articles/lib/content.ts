import { ARTICLE_ALLOWED_ATTRIBUTES, ARTICLE_ALLOWED_TAGS, type ArticleDom } from '@scholar/shared';
import DOMPurify from 'dompurify';
import { createContext, useContext, useMemo } from 'react';

const ALLOWED_ATTR = Object.values(ARTICLE_ALLOWED_ATTRIBUTES).flat();
const NEWLINE = /\r\n|\r|\n/;

/** What article HTML is worked on with: a document, and a sanitiser that answers the safe HTML's nodes. */
export type BrowserArticleDom = ArticleDom<Document, Node>;

/** In the browser: its document and DOMPurify. */
const browserArticleDom = (): BrowserArticleDom => ({
  document,
  sanitize: (html) =>
    DOMPurify.sanitize(html, { ALLOWED_TAGS: ARTICLE_ALLOWED_TAGS, ALLOWED_ATTR, RETURN_DOM_FRAGMENT: true }),
});

/**
 * Where there is no browser, the render provides its own (the server's: linkedom's document and the server's
 * sanitiser, handed to entry-server.tsx with the render's request); without one, the browser's.
 */
const ArticleDomContext = createContext<BrowserArticleDom | undefined>(undefined);
export const ArticleDomProvider = ArticleDomContext.Provider;

/** `articleHtml` with the DOM of the render. */
export function useArticleHtml(html: string): string {
  const dom = useContext(ArticleDomContext);
  return useMemo(() => articleHtml(html, dom), [html, dom]);
}

/** `articleTextOf` with the DOM of the render. */
export function useArticleText(html: string): string {
  const dom = useContext(ArticleDomContext);
  return useMemo(() => articleTextOf(html, dom), [html, dom]);
}

/** The readable text of stored article HTML (paragraphs apart by a space). */
export function articleTextOf(html: string, dom: BrowserArticleDom = browserArticleDom()): string {
  const container = dom.document.createElement('div');
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
export function articleHtml(html: string, dom: BrowserArticleDom = browserArticleDom()): string {
  const fragment = dom.sanitize(html);
  breakLines(fragment);
  const container = dom.document.createElement('div');
  container.append(fragment);
  for (const link of container.querySelectorAll('a')) link.setAttribute('rel', 'noopener noreferrer');
  return container.innerHTML;
}

/** Characters Markdown would read as formatting, and line starts it would read as a block. */
const MARKDOWN_SPECIAL = /[\\`*_[\]<>|~]/g;
const BLOCK_START = /^(\s*)(#|>|[-+](?=\s))/;
const NUMBERED_START = /^(\s*\d+)([.)])(?=\s)/;

/** Plain text as Markdown that shows it as typed: formatting characters escaped. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(MARKDOWN_SPECIAL, '\\$&')
    .replace(BLOCK_START, '$1\\$2')
    .replace(NUMBERED_START, '$1\\$2');
}

/**
 * The Markdown an article opens with in the editor: as it was written; an article saved as HTML before the editor
 * wrote Markdown opens as Markdown of that HTML. Paragraphs of plain text become paragraphs of (escaped) text; any
 * other HTML stays as it is, which Markdown shows as it was (the server sanitises it on save, as before).
 */
export function editorMarkdownOf(article: { markdown?: string | null; content: string }): string {
  if (typeof article.markdown === 'string') return article.markdown;
  const template = document.createElement('template');
  template.innerHTML = article.content;
  const nodes = [...template.content.childNodes].filter(
    (node) => !(node.nodeType === Node.TEXT_NODE && node.textContent?.trim() === ''),
  );
  const plain =
    nodes.length > 0 &&
    nodes.every((node) => node.nodeName === 'P' && (node as Element).children.length === 0);
  if (!plain) return article.content;
  return nodes.map((node) => escapeMarkdown((node.textContent ?? '').trim())).join('\n\n');
}
