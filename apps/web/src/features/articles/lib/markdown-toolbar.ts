/**
 * What the editor's toolbar does to the Markdown: each button works on the selected text (or the cursor) and
 * answers the new text with the selection to keep, so that typing goes on where the writer expects.
 */

export type MarkdownFormat = 'heading' | 'bold' | 'italic' | 'list' | 'numbered' | 'quote' | 'link';

export interface Edit {
  text: string;
  /** The selection after the edit. */
  start: number;
  end: number;
}

/** What an empty selection stands for, so that the writer sees what to type over. */
const PLACEHOLDERS: Record<MarkdownFormat, string> = {
  heading: 'Heading',
  bold: 'bold text',
  italic: 'italic text',
  list: 'List item',
  numbered: 'List item',
  quote: 'Quote',
  link: 'link text',
};

/** Wraps the selection in `before` and `after`; the wrapped words stay selected. */
function wrap(
  text: string,
  start: number,
  end: number,
  before: string,
  after: string,
  placeholder: string,
): Edit {
  const inner = text.slice(start, end) || placeholder;
  const next = `${text.slice(0, start)}${before}${inner}${after}${text.slice(end)}`;
  return { text: next, start: start + before.length, end: start + before.length + inner.length };
}

/** Each line the selection touches gets a prefix (`## `, `- `, `1. `, `> `); a line alone starts a block. */
function prefixLines(
  text: string,
  start: number,
  end: number,
  prefix: (index: number) => string,
  placeholder: string,
): Edit {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const endBreak = text.indexOf('\n', end);
  const lineEnd = endBreak === -1 ? text.length : endBreak;
  const selected = text.slice(lineStart, lineEnd) || placeholder;
  const lines = selected.split('\n').map((line, index) => `${prefix(index)}${line}`);
  // A block needs a blank line before it, unless it starts the text or one is there.
  const head = text.slice(0, lineStart);
  const gap = head === '' || head.endsWith('\n\n') ? '' : '\n';
  const block = lines.join('\n');
  const next = `${head}${gap}${block}${text.slice(lineEnd)}`;
  const from = head.length + gap.length;
  return { text: next, start: from + prefix(0).length, end: from + block.length };
}

/** The Markdown after a toolbar button, on the text selected from `start` to `end`. */
export function applyFormat(text: string, start: number, end: number, format: MarkdownFormat): Edit {
  const placeholder = PLACEHOLDERS[format];
  switch (format) {
    case 'bold':
      return wrap(text, start, end, '**', '**', placeholder);
    case 'italic':
      return wrap(text, start, end, '_', '_', placeholder);
    case 'link': {
      const edit = wrap(text, start, end, '[', '](https://)', placeholder);
      // The address is what is left to type: it is selected.
      const url = edit.end + 2;
      return { text: edit.text, start: url, end: url + 'https://'.length };
    }
    case 'heading':
      return prefixLines(text, start, end, () => '## ', placeholder);
    case 'list':
      return prefixLines(text, start, end, () => '- ', placeholder);
    case 'numbered':
      return prefixLines(text, start, end, (index) => `${index + 1}. `, placeholder);
    case 'quote':
      return prefixLines(text, start, end, () => '> ', placeholder);
  }
}

/** Brackets and backslashes of an image's description would end it early: they are dropped. */
const altText = (alt: string) => alt.replace(/[[\]\\\n]/g, ' ').trim();

/** `![alt](url)` at the cursor (in place of a selection), on a line of its own; the cursor goes after it. */
export function insertImage(text: string, start: number, end: number, url: string, alt: string): Edit {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const image = `![${altText(alt)}](${url})`;
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const trail = after.startsWith('\n') ? '' : '\n';
  const next = `${before}${lead}${image}${trail}${after}`;
  const cursor = before.length + lead.length + image.length + trail.length;
  return { text: next, start: cursor, end: cursor };
}
