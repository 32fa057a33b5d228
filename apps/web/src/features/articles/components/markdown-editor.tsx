import { BOOK_IMAGE_LIMITS, BOOK_MESSAGES, ARTICLE_MESSAGES } from '@scholar/shared';
import {
  Bold,
  Heading2,
  ImagePlus,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Quote,
  type LucideIcon,
} from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { labelClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { usePreviewArticle } from '../api/preview-article';
import { useUploadArticleImage } from '../api/upload-article-image';
import { applyFormat, insertImage, type Edit, type MarkdownFormat } from '../lib/markdown-toolbar';
import { ArticleContent } from './article-content';

const BUTTONS: { format: MarkdownFormat; label: string; Icon: LucideIcon }[] = [
  { format: 'heading', label: 'Heading', Icon: Heading2 },
  { format: 'bold', label: 'Bold', Icon: Bold },
  { format: 'italic', label: 'Italic', Icon: Italic },
  { format: 'list', label: 'Bulleted list', Icon: List },
  { format: 'numbered', label: 'Numbered list', Icon: ListOrdered },
  { format: 'quote', label: 'Quote', Icon: Quote },
  { format: 'link', label: 'Link', Icon: LinkIcon },
];

const acceptedImageTypes = new Set<string>(BOOK_IMAGE_LIMITS.types);
const toolClass =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md px-2 text-stone-700 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-gold-500';

/** Image name without its extension, as the image's description until the writer changes it. */
const altOf = (file: File) => file.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ');

/**
 * The article's text in Markdown: a toolbar (heading, bold, italic, lists, quote, link, an uploaded image at the
 * cursor), the text box (`dir="auto"`: an Urdu text runs right to left), and a Preview tab that shows the text as
 * the server renders it for readers. The desk's screens are in English, as the other desk screens.
 */
export function MarkdownEditor({
  value,
  onChange,
  error,
  disabled,
  label = 'Article Content *',
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  label?: string;
}) {
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const preview = usePreviewArticle();
  const upload = useUploadArticleImage();
  const [problem, setProblem] = useState<string | null>(null);

  /** Applies an edit to the text and puts the selection where it says, once the text box shows it. */
  const apply = (edit: Edit) => {
    onChange(edit.text);
    requestAnimationFrame(() => {
      const box = textarea.current;
      if (!box) return;
      box.focus();
      box.setSelectionRange(edit.start, edit.end);
    });
  };
  const selection = () => {
    const box = textarea.current;
    return box ? [box.selectionStart, box.selectionEnd] : [value.length, value.length];
  };

  const format = (kind: MarkdownFormat) => {
    const [start = 0, end = 0] = selection();
    apply(applyFormat(value, start, end, kind));
  };

  const sendImage = async (file: File | undefined) => {
    if (!file) return;
    if (!acceptedImageTypes.has(file.type)) return setProblem(BOOK_MESSAGES.imageType);
    if (file.size > BOOK_IMAGE_LIMITS.maxBytes) return setProblem(BOOK_MESSAGES.imageTooLarge);
    setProblem(null);
    // Where the cursor was when the file was chosen.
    const [start = value.length, end = value.length] = selection();
    try {
      const { path } = await upload.mutateAsync(file);
      apply(insertImage(value, start, end, path, altOf(file)));
    } catch (failure) {
      setProblem(errorMessage(failure, ARTICLE_MESSAGES.imageUploadFailed));
    }
  };

  const showPreview = () => {
    setTab('preview');
    preview.mutate(value);
  };

  const tabButton = (name: 'write' | 'preview', children: ReactNode, onClick: () => void) => (
    <button
      type="button"
      role="tab"
      id={`${id}-${name}-tab`}
      aria-selected={tab === name}
      aria-controls={`${id}-${name}`}
      onClick={onClick}
      className={`rounded-t-md px-4 py-2 text-sm font-medium focus-visible:outline-3 focus-visible:outline-gold-500 ${
        tab === name ? 'border border-b-0 border-stone-300 bg-white text-brand-800' : 'text-stone-600'
      }`}
    >
      {children}
    </button>
  );

  return (
    <div>
      <div className="flex items-end justify-between gap-4">
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <div role="tablist" aria-label="Editor" className="flex gap-1">
          {tabButton('write', 'Write', () => setTab('write'))}
          {tabButton('preview', 'Preview', showPreview)}
        </div>
      </div>
      <div
        id={`${id}-write`}
        role="tabpanel"
        aria-labelledby={`${id}-write-tab`}
        hidden={tab !== 'write'}
        className="rounded-b-md rounded-tl-md border border-stone-300"
      >
        <div
          role="toolbar"
          aria-label="Formatting"
          aria-controls={id}
          className="flex flex-wrap gap-1 border-b border-stone-200 bg-stone-50 p-1"
        >
          {BUTTONS.map(({ format: kind, label: name, Icon }) => (
            <button
              key={kind}
              type="button"
              className={toolClass}
              aria-label={name}
              title={name}
              disabled={disabled}
              onClick={() => format(kind)}
            >
              <Icon aria-hidden="true" className="size-4" />
            </button>
          ))}
          <label
            className={`${toolClass} cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-500`}
            title="Insert an image"
          >
            <ImagePlus aria-hidden="true" className="size-4" />
            <span className="text-sm">Image</span>
            <input
              type="file"
              aria-label="Insert an image"
              accept={BOOK_IMAGE_LIMITS.types.join(',')}
              disabled={disabled || upload.isPending}
              className="sr-only"
              onChange={(event) => {
                void sendImage(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
          {upload.isPending && (
            <span role="status" className="self-center text-sm text-stone-600">
              Uploading...
            </span>
          )}
        </div>
        <textarea
          ref={textarea}
          id={id}
          name="markdown"
          dir="auto"
          rows={16}
          value={value}
          disabled={disabled}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => onChange(event.target.value)}
          className="block w-full resize-y rounded-b-md bg-white px-3 py-2 font-mono text-sm leading-6"
        />
      </div>
      <div
        id={`${id}-preview`}
        role="tabpanel"
        aria-labelledby={`${id}-preview-tab`}
        hidden={tab !== 'preview'}
        className="min-h-40 rounded-b-md rounded-tl-md border border-stone-300 bg-white p-5"
      >
        {preview.isPending ? (
          <p role="status" className="text-stone-600">
            Loading preview...
          </p>
        ) : preview.isError ? (
          <p role="alert" className="text-red-700">
            {errorMessage(preview.error, ARTICLE_MESSAGES.previewFailed)}
          </p>
        ) : preview.data ? (
          <div dir="auto">
            <ArticleContent html={preview.data.html} />
          </div>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
        Markdown: ## heading, **bold**, _italic_, - list, 1. numbered list, &gt; quote, [link](https://…),
        images uploaded with the Image button.
      </p>
      {problem && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
