import { looksLikeHtml } from '@scholar/shared';
import { plainTextOf, sanitizeArticleHtml } from '../../lib/rich-text';

/**
 * Article content as stored: sanitised HTML. The editor sends plain text where each line is a paragraph; HTML is
 * accepted too (API clients, older content) and cleaned to a small set of formatting tags.
 */

/** Opening or closing tags of elements that make their own blocks. */
const BLOCK_TAGS = /<(\/?)(?:p|div|ul|ol|li|blockquote|h[1-6]|pre|table|section|article)\b[^<>]*?(\/?)>/gi;
const BLOCK_TAG = /<\/?(?:p|div|ul|ol|li|blockquote|h[1-6]|pre|table|section|article|hr)\b/i;

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const lines = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** How many blocks a line leaves open (negative when it closes more than it opens). */
function blockDepthChange(line: string): number {
  let change = 0;
  for (const [, closing, selfClosing] of line.matchAll(BLOCK_TAGS)) {
    if (selfClosing) continue;
    change += closing ? -1 : 1;
  }
  return change;
}

/**
 * Each line that stands outside every block becomes a paragraph; lines that are or sit inside blocks (`<h2>`,
 * lists, a `<p>` over several lines) stay as they are.
 */
function paragraphsOfLines(html: string): string {
  let depth = 0;
  let previousWrapped = false;
  let out = '';
  for (const line of lines(html)) {
    const wrap = depth === 0 && !BLOCK_TAG.test(line);
    if (out !== '' && !(wrap && previousWrapped)) out += '\n';
    out += wrap ? `<p>${line}</p>` : line;
    previousWrapped = wrap;
    depth = Math.max(0, depth + blockDepthChange(line));
  }
  return out;
}

/**
 * The stored HTML of what the editor sent, where each line is a paragraph:
 * - plain text (see `looksLikeHtml`): each non-empty line becomes an escaped `<p>`, whatever angle brackets it holds;
 * - HTML: each line outside a block becomes a `<p>`, blocks stay, and the whole is sanitised.
 */
export function toStoredContent(content: string): string {
  if (!looksLikeHtml(content)) {
    return lines(content)
      .map((line) => `<p>${escapeText(line)}</p>`)
      .join('');
  }
  return sanitizeArticleHtml(paragraphsOfLines(content));
}

export const EXCERPT_LENGTH = 200;

/** About the first 200 characters of the text, cut at a word boundary, with '…' when shortened. */
export function excerptOf(html: string, max = EXCERPT_LENGTH): string {
  const text = plainTextOf(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const boundary = cut.lastIndexOf(' ');
  const shortened = (boundary > max / 2 ? cut.slice(0, boundary) : text.slice(0, max)).replace(
    /[\s,;:.–—-]+$/,
    '',
  );
  return `${shortened}…`;
}

/** True when stored HTML shows something: text or an image. */
export function hasVisibleContent(html: string): boolean {
  return plainTextOf(html) !== '' || /<img\s/i.test(html);
}
