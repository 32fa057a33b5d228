/** Article rules without zod, so that pages which only need a sentence or a limit stay small. */

/** The sentences of the article screens and calls (docs/product.md, "Validation" and "Messages"). */
export const ARTICLE_MESSAGES = {
  required: 'Please fill in all required fields',
  imageInvalid: 'Featured image must be an http(s) URL or an uploaded image path (/api/uploads/...)',
  imageMissing: 'Choose an image to upload',
  imageOne: 'Upload one image at a time',
  imageNotMultipart: 'Send the image as multipart/form-data in the field "image"',
  imageUploaded: 'Image uploaded',
  imageUploadFailed: 'Failed to upload image',
  titleTooLong: 'Title must be at most 200 characters long',
  authorTooLong: 'Author must be at most 100 characters long',
  excerptTooLong: 'Excerpt must be at most 500 characters long',
  categoryTooLong: 'Category must be at most 50 characters long',
  contentTooLong: 'Content must be at most 100,000 characters long',
  tagsInvalid: 'Tags must be at most 10, of at most 40 characters each',
  publishAtInvalid: 'Publish at must be a date and time',
  previewFailed: 'Failed to preview article',
  notFound: 'Article not found',
  loadListFailed: 'Failed to load articles',
  loadFailed: 'Failed to load article',
  created: 'Article created successfully!',
  createFailed: 'Failed to create article',
  updated: 'Article updated successfully!',
  updateFailed: 'Failed to update article',
  deleted: 'Article deleted successfully',
  deleteFailed: 'Failed to delete article',
  published: 'Article published successfully',
  unpublished: 'Article unpublished successfully',
  statusFailed: 'Failed to update article status',
} as const;

/** `Are you sure you want to delete "{title}"?` */
export const articleDeleteConfirm = (title: string) => `Are you sure you want to delete "${title}"?`;

/** An article saved without a category. */
export const DEFAULT_ARTICLE_CATEGORY = 'General';

/**
 * The categories the form offers (no list of them is fixed for articles). A category is free text of at most
 * `ARTICLE_LIMITS.category` characters; these are suggestions, so that the desk writes the same words each time.
 */
export const ARTICLE_CATEGORY_SUGGESTIONS = [
  'General',
  'Fiqh',
  'Family',
  'Spirituality',
  'Education',
  'Community',
  'Ramadan',
] as const;

/** The featured image upload: one image in the multipart field `image` (the books' limits and checks). */
export const ARTICLE_IMAGE_FIELD = 'image';

export const ARTICLE_LIMITS = {
  title: 200,
  author: 100,
  excerpt: 500,
  category: 50,
  /** Characters of the content as sent (plain text or HTML). */
  content: 100_000,
  tags: 10,
  tag: 40,
  imageUrl: 2048,
  search: 200,
} as const;

/** Words a reader reads in a minute: an article's reading time is its words / 200, at least 1 minute. */
export const READING_WORDS_PER_MINUTE = 200;

/** The minutes an article's plain text takes to read: its words / 200, rounded up, at least 1. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE));
}

/**
 * A tag as stored and linked: trimmed, lower-cased, inner spaces collapsed. The editor and the server normalise
 * with this one rule, so that "Hajj " and "hajj" are one tag.
 */
export function normalizeTag(tag: string): string {
  return tag.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Normalised tags without blanks or repeats, in the order written. */
export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map(normalizeTag).filter(Boolean))];
}

/** True when an article published at `publishedAt` is scheduled: published, with its time still to come. */
export function isScheduled(article: { isPublished: boolean; publishedAt: string | null }, now = Date.now()) {
  return article.isPublished && article.publishedAt !== null && Date.parse(article.publishedAt) > now;
}

/** An uploaded image's path (e.g. `/api/uploads/demo/article-1.webp`). */
const UPLOADED_IMAGE_PATH = /^\/api\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** True for an absolute http(s) URL with a host, or a path of an uploaded image (no `..`, no query). */
export function isArticleImageUrl(value: string): boolean {
  const text = value.trim();
  if (text.startsWith('/')) return UPLOADED_IMAGE_PATH.test(text) && !text.split('/').includes('..');
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const ARTICLE_SORT_FIELDS = ['publishedAt', 'createdAt', 'views', 'title'] as const;
export type ArticleSortField = (typeof ARTICLE_SORT_FIELDS)[number];
export const ARTICLE_SORT_ORDERS = ['asc', 'desc'] as const;
export type ArticleSortOrder = (typeof ARTICLE_SORT_ORDERS)[number];

/** The element names of HTML: `<name …>` or `</name>` with one of them makes an article's text HTML. */
const HTML_ELEMENTS =
  'a|abbr|address|area|article|aside|audio|b|base|bdi|bdo|big|blockquote|body|br|button|canvas|caption|center|' +
  'cite|code|col|colgroup|data|datalist|dd|del|details|dfn|dialog|div|dl|dt|em|embed|fieldset|figcaption|figure|' +
  'font|footer|form|frame|frameset|h[1-6]|head|header|hgroup|hr|html|i|iframe|img|input|ins|kbd|label|legend|li|' +
  'link|main|map|mark|marquee|math|menu|meta|meter|nav|noscript|object|ol|optgroup|option|output|p|param|' +
  'picture|pre|progress|q|rp|rt|ruby|s|samp|script|section|select|slot|small|source|span|strike|strong|style|' +
  'sub|summary|sup|svg|table|tbody|td|template|textarea|tfoot|th|thead|time|title|tr|track|tt|u|ul|var|video|wbr';
const HTML_TAG = new RegExp(`<\\/?(?:${HTML_ELEMENTS})(?=[\\s/>])[^<>]*>`, 'i');
/** A character reference such as `&amp;`, `&lt;` or `&#39;`. */
const HTML_ENTITY = /&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i;

/**
 * The formatting an article may carry, and the attributes of its links and images: the server keeps only these
 * when it saves an article, and the page shows only these (a second line of defence).
 */
export const ARTICLE_ALLOWED_TAGS: string[] = [
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
];
export const ARTICLE_ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt'],
};

/**
 * True when an article's text is HTML rather than plain text: it holds a tag of a real HTML element or a
 * character reference. Anything else between angle brackets (`x<y and z>w`) is text and kept as typed. The
 * server and the editor decide with this one rule, so that text saved, opened and saved again comes back the same.
 */
export function looksLikeHtml(text: string): boolean {
  return HTML_TAG.test(text) || HTML_ENTITY.test(text);
}

/** Lower-case letters and digits of a text, one space between words (punctuation and an ellipsis dropped). */
function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A lead this close to the whole text (by length) repeats it. */
const NEARLY_WHOLE = 0.8;

/**
 * True when an article's excerpt, shown as the lead above its text, would only repeat that text: the text holds
 * the excerpt (an excerpt derived from it, or copied out of it) and the excerpt is the whole or nearly the whole
 * text. A short article's derived excerpt is all of it; the page then shows no lead. An empty excerpt counts too.
 */
export function excerptRepeatsText(excerpt: string, text: string): boolean {
  const lead = comparable(excerpt);
  const body = comparable(text);
  if (lead === '') return true;
  if (!body.includes(lead)) return false;
  return lead.length >= body.length * NEARLY_WHOLE;
}
