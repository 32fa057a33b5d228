/** Escaping for the HTML, JSON-LD and XML that the server writes around user-written text. */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an HTML element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

// Characters XML 1.0 does not allow at all: C0 controls other than tab, LF and CR, lone surrogates, U+FFFE/FFFF.
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for an XML element or a quoted attribute; characters XML cannot carry are dropped. */
export function escapeXml(text: string): string {
  return escapeHtml(text.replace(NOT_XML, '')).replace(/&#39;/g, '&apos;');
}

/**
 * The text of a `<script type="application/ld+json">` block. JSON itself is safe, but the HTML parser ends the
 * script at the first `</script` whatever the JSON means, so `<`, `>` and `&` are written as JSON escapes (which
 * parse back to the same characters), and so are U+2028/U+2029.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export { summarize } from '@scholar/shared';
