import { isArticleImageUrl } from '@scholar/shared';
import sanitizeHtml from 'sanitize-html';

/**
 * Article content as stored: sanitised HTML. The editor sends plain text where each line is a paragraph; HTML is
 * accepted too (API clients, older content) and cleaned to a small set of formatting tags.
 */

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'b',
    'i',
    'u',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h2',
    'h3',
    'h4',
    'img',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt'] },
  // Links may also be mail addresses; images only http(s). Relative URLs (this site's paths) stay allowed.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Dropped together with everything inside them (the default keeps the text of other unknown tags).
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'title',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
  },
  // An image stays only with an http(s) URL or an uploaded image's path (its source may have been refused above).
  exclusiveFilter: (frame) => frame.tag === 'img' && !isArticleImageUrl(frame.attribs.src ?? ''),
};

/** Something that looks like a tag: `<p>`, `</em>`, `<br/>`, `<a href="…">`. */
const TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i;
/** Tags that make their own blocks; content without any is read line by line. */
const BLOCK_TAG = /<\/?(?:p|div|ul|ol|li|blockquote|h[1-6]|pre|table|section|article|hr)\b/i;

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const lines = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

/**
 * The stored HTML of what the editor sent:
 * - plain text (no tags): each non-empty line becomes an escaped `<p>`;
 * - text with inline tags only (`<strong>`, `<a>`…): each non-empty line becomes a `<p>`, then sanitised;
 * - HTML with blocks (`<p>`, lists, headings…): sanitised as it is.
 */
export function toStoredContent(content: string): string {
  if (!TAG.test(content)) {
    return lines(content)
      .map((line) => `<p>${escapeText(line)}</p>`)
      .join('');
  }
  if (!BLOCK_TAG.test(content)) {
    return sanitizeArticleHtml(
      lines(content)
        .map((line) => `<p>${line}</p>`)
        .join(''),
    );
  }
  return sanitizeArticleHtml(content);
}

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

/** The readable text of stored HTML: tags removed, entities decoded, whitespace collapsed. */
export function plainTextOf(html: string): string {
  const spaced = html.replace(/<\/(?:p|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, '$& ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
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
