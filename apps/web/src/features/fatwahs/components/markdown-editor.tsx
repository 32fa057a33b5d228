import { Bold, Heading2, Italic, Link2, List, Quote } from 'lucide-react';
import { forwardRef, useImperativeHandle, useRef, type ComponentType } from 'react';

/** What the toolbar does to the selection: wrap it, or start each of its lines with a mark. */
type Edit = { wrap: [string, string]; placeholder: string } | { linePrefix: string; placeholder: string };

const TOOLS: { label: string; Icon: ComponentType<{ className?: string }>; edit: Edit }[] = [
  { label: 'Bold', Icon: Bold, edit: { wrap: ['**', '**'], placeholder: 'bold text' } },
  { label: 'Italic', Icon: Italic, edit: { wrap: ['*', '*'], placeholder: 'italic text' } },
  { label: 'Heading', Icon: Heading2, edit: { linePrefix: '## ', placeholder: 'Heading' } },
  { label: 'List', Icon: List, edit: { linePrefix: '- ', placeholder: 'item' } },
  { label: 'Quote', Icon: Quote, edit: { linePrefix: '> ', placeholder: 'quotation' } },
  { label: 'Link', Icon: Link2, edit: { wrap: ['[', '](https://)'], placeholder: 'link text' } },
];

/** The text after an edit of the selection [start, end), and the new selection. */
export function applyEdit(
  text: string,
  start: number,
  end: number,
  edit: Edit,
): { text: string; start: number; end: number } {
  const selected = text.slice(start, end) || edit.placeholder;
  if ('wrap' in edit) {
    const [before, after] = edit.wrap;
    const next = text.slice(0, start) + before + selected + after + text.slice(end);
    return { text: next, start: start + before.length, end: start + before.length + selected.length };
  }
  // A line mark starts a line: a selection inside a line gets a line of its own.
  const lead = start > 0 && text[start - 1] !== '\n' ? '\n' : '';
  const marked = selected
    .split('\n')
    .map((line) => edit.linePrefix + line)
    .join('\n');
  const next = text.slice(0, start) + lead + marked + text.slice(end);
  const from = start + lead.length;
  return { text: next, start: from, end: from + marked.length };
}

export interface MarkdownEditorHandle {
  /** Puts text at the cursor (or in place of the selection), and the cursor after it. */
  insert: (text: string) => void;
}

/**
 * The answer's Markdown box and its toolbar of labelled buttons. `dir="auto"`: a paragraph in Urdu or Arabic runs
 * right to left as the scholar types it.
 */
export const MarkdownEditor = forwardRef<
  MarkdownEditorHandle,
  {
    id: string;
    label: string;
    value: string;
    onChange: (value: string) => void;
    error?: string | undefined;
    describedBy?: string;
  }
>(function MarkdownEditor({ id, label, value, onChange, error, describedBy }, handle) {
  const box = useRef<HTMLTextAreaElement>(null);

  const replace = (next: { text: string; start: number; end: number }) => {
    onChange(next.text);
    // After React has put the new text in the box.
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(next.start, next.end);
    });
  };

  useImperativeHandle(handle, () => ({
    insert: (text: string) => {
      const area = box.current;
      const start = area?.selectionStart ?? value.length;
      const end = area?.selectionEnd ?? value.length;
      const at = start + text.length;
      replace({ text: value.slice(0, start) + text + value.slice(end), start: at, end: at });
    },
  }));

  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <div
        role="toolbar"
        aria-label="Formatting"
        aria-controls={id}
        className="mt-1 flex flex-wrap gap-1 rounded-t-md border border-b-0 border-stone-300 bg-stone-50 p-1"
      >
        {TOOLS.map(({ label: name, Icon, edit }) => (
          <button
            key={name}
            type="button"
            onClick={() => {
              const area = box.current;
              replace(
                applyEdit(
                  value,
                  area?.selectionStart ?? value.length,
                  area?.selectionEnd ?? value.length,
                  edit,
                ),
              );
            }}
            className="inline-flex items-center gap-1 rounded px-2 py-1 text-sm text-stone-700 hover:bg-stone-200 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <Icon aria-hidden="true" className="h-4 w-4" />
            {name}
          </button>
        ))}
      </div>
      <textarea
        ref={box}
        id={id}
        dir="auto"
        rows={16}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined}
        className="block min-h-80 w-full rounded-b-md border border-stone-300 px-3 py-2 font-mono text-sm leading-6 field-sizing-content"
      />
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
