import { ARTICLE_ALLOWED_ATTRIBUTES, ARTICLE_ALLOWED_TAGS, isArticleImageUrl } from '@scholar/shared';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * Rich text as readers are shown it: HTML cleaned to a small set of formatting tags (articles and fatwah answers),
 * and Markdown rendered to that HTML. Whatever a writer sends, what is stored and served has passed `sanitizeArticleHtml`.
 */

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ARTICLE_ALLOWED_TAGS,
  allowedAttributes: ARTICLE_ALLOWED_ATTRIBUTES,
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

/** Cleans HTML to the formatting tags and attributes an article or an answer may hold. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

/**
 * Markdown as the editors write it (headings, lists, quotes, links, emphasis, images): a single line break stays a
 * line break, as a writer typing in a box expects. Raw HTML inside the Markdown is kept only as far as the sanitiser
 * allows it.
 */
const markdown = new Marked({ gfm: true, breaks: true, async: false });

/** Markdown rendered and sanitised: the HTML that is stored and shown. */
export function markdownToHtml(source: string): string {
  return sanitizeArticleHtml(markdown.parse(source, { async: false }));
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
