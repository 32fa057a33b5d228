import { BOOK_IMAGE_LIMITS, BOOK_MESSAGES } from '@scholar/shared';
import { ArrowDown, ArrowUp, ImagePlus, X, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { BookImage } from '../../../components/book-image';
import { labelClass } from '../../../components/ui/field';

/** An image of the list: one the book already has (its stored path) or a file just chosen. */
export type PickedImage = { key: string; path: string; file?: undefined } | { key: string; file: File };

/** The book's current images as the list's first entries. */
export const pickedFromPaths = (paths: readonly string[]): PickedImage[] =>
  paths.map((path) => ({ key: `stored:${path}`, path }));

/**
 * The text the shop gives an image at this place (its alt text): "Cover of {book}" for the first, "{book}, image 2
 * of 3" for the others, as the book page's pictures say; without a book name yet, "Cover" and "Image 2 of 3".
 */
export function imageAltText(bookName: string, index: number, count: number): string {
  const name = bookName.trim();
  if (index === 0) return name ? `Cover of ${name}` : 'Cover';
  return name ? `${name}, image ${index + 1} of ${count}` : `Image ${index + 1} of ${count}`;
}

/** What the list calls an image: a new file by its name; a stored one by its place (not its stored file name). */
const nameOf = (image: PickedImage, index: number) =>
  image.file ? `image ${index + 1} (${image.file.name})` : `image ${index + 1}`;

/** A new file's preview owns its object URL: made when shown, revoked when removed or when the page goes. */
function FilePreview({ file, alt }: { file: File; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url ? <img src={url} alt={alt} className="h-full w-full object-cover" /> : null;
}

const iconButton =
  'grid size-9 shrink-0 place-items-center rounded-md border border-stone-300 bg-white text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-300';

const accepted = new Set<string>(BOOK_IMAGE_LIMITS.types);

type Move = 'up' | 'down';
type Control = Move | 'remove';

/** The buttons beside each chosen image; `label` names one for assistive technology ('Move image 2 (a.jpg) up'). */
const CONTROLS: readonly {
  control: Control;
  title: string;
  label: (which: string) => string;
  Icon: LucideIcon;
}[] = [
  { control: 'up', title: 'Move up', label: (which) => `Move ${which} up`, Icon: ArrowUp },
  { control: 'down', title: 'Move down', label: (which) => `Move ${which} down`, Icon: ArrowDown },
  { control: 'remove', title: 'Remove', label: (which) => `Remove ${which}`, Icon: X },
];

/**
 * The images of a book in their order, the first being the cover: chosen files are added at the end, each image
 * can be moved up or down with its buttons (keyboard and screen readers included; no dragging needed) and removed.
 * The browser only checks the declared type, size and count for a quick answer; the server checks the bytes.
 * `error` is the form's message for the images (said beside them, the chooser marked invalid).
 */
export function ImagePicker({
  images,
  onChange,
  disabled,
  error,
  bookName = '',
}: {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  disabled?: boolean;
  error?: string | undefined;
  /** The book's name as typed: each image shows the alt text the shop will give it. */
  bookName?: string;
}) {
  const id = useId();
  const nextKey = useRef(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  /**
   * Where the focus goes back after a move (the moved image's button) or a removal (the next image's remove
   * button, else the chooser), so that a keyboard user keeps their place.
   */
  const [refocus, setRefocus] = useState<{ key: string; control: Control } | 'chooser' | null>(null);

  useEffect(() => {
    if (!refocus) return;
    setRefocus(null);
    if (refocus === 'chooser') {
      input.current?.focus();
      return;
    }
    const index = images.findIndex((image) => image.key === refocus.key);
    let control = refocus.control;
    // At the top (or bottom) the pressed button is disabled: the other one takes the focus.
    if (control === 'up' && index === 0) control = 'down';
    else if (control === 'down' && index === images.length - 1) control = 'up';
    buttons.current.get(`${refocus.key}:${control}`)?.focus();
  }, [refocus, images]);

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const picked = [...files];
    const wrongType = picked.some((file) => !accepted.has(file.type));
    const tooLarge = picked.some((file) => file.size > BOOK_IMAGE_LIMITS.maxBytes);
    const fitting = picked.filter(
      (file) => accepted.has(file.type) && file.size <= BOOK_IMAGE_LIMITS.maxBytes,
    );
    const room = BOOK_IMAGE_LIMITS.maxFiles - images.length;
    const added = fitting
      .slice(0, Math.max(0, room))
      .map((file) => ({ key: `new:${nextKey.current++}`, file }));
    setProblem(
      wrongType
        ? BOOK_MESSAGES.imageType
        : tooLarge
          ? BOOK_MESSAGES.imageTooLarge
          : fitting.length > room
            ? BOOK_MESSAGES.tooManyImages
            : null,
    );
    if (added.length > 0) onChange([...images, ...added]);
  };

  const move = (index: number, direction: Move) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    const image = images[index];
    const other = images[to];
    if (!image || !other) return;
    const next = [...images];
    next[to] = image;
    next[index] = other;
    onChange(next);
    setRefocus({ key: image.key, control: direction });
    const moved = image.file ? image.file.name : `Image ${index + 1}`;
    setAnnouncement(
      `${moved} moved to position ${to + 1} of ${images.length}${to === 0 ? ', the cover' : ''}`,
    );
  };

  const remove = (index: number) => {
    const image = images[index];
    if (!image) return;
    const neighbour = images[index + 1] ?? images[index - 1];
    onChange(images.filter((other) => other.key !== image.key));
    setRefocus(neighbour ? { key: neighbour.key, control: 'remove' } : 'chooser');
    setAnnouncement(`${image.file ? image.file.name : `Image ${index + 1}`} removed`);
  };

  const message = problem ?? error;
  const described = [`${id}-hint`, message ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Images
      </label>
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
        JPEG, PNG, WebP or GIF, up to 5 MB each and 10 in all. The first is the cover; move an image up to
        make it the cover.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-dashed border-stone-400 bg-white px-4 py-2 text-sm font-medium text-stone-700 hover:bg-stone-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-500 has-[[aria-invalid=true]]:border-red-600"
        >
          <ImagePlus aria-hidden="true" className="size-5" />
          {images.length === 0 ? 'Choose images' : 'Add images'}
          <input
            ref={input}
            id={id}
            type="file"
            multiple
            accept={BOOK_IMAGE_LIMITS.types.join(',')}
            disabled={disabled}
            aria-invalid={message ? true : undefined}
            aria-describedby={described}
            onChange={(event) => {
              add(event.target.files);
              event.target.value = '';
            }}
            className="sr-only"
          />
        </label>
        <span className="text-sm text-stone-600">
          {images.length === 0
            ? 'No images chosen'
            : `${images.length} of ${BOOK_IMAGE_LIMITS.maxFiles} chosen`}
        </span>
      </div>
      {message && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {message}
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {images.length > 0 && (
        <ol aria-label="Chosen images" className="mt-3 flex flex-col gap-2">
          {images.map((image, index) => {
            const which = nameOf(image, index);
            const alt = imageAltText(bookName, index, images.length);
            const bind = (control: Control) => (element: HTMLButtonElement | null) => {
              const key = `${image.key}:${control}`;
              if (element) buttons.current.set(key, element);
              else buttons.current.delete(key);
            };
            return (
              <li
                key={image.key}
                className="flex items-center gap-3 rounded-md border border-stone-200 bg-stone-50 p-2"
              >
                <div className="aspect-[3/4] w-14 shrink-0 overflow-hidden rounded bg-stone-100">
                  {image.file ? (
                    <FilePreview file={image.file} alt={alt} />
                  ) : (
                    <BookImage path={image.path} alt={alt} className="h-full w-full object-cover" />
                  )}
                </div>
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-stone-800">
                    Position {index + 1} of {images.length}
                    {index === 0 && (
                      <span className="ms-2 inline-block rounded bg-brand-700 px-1.5 py-0.5 text-xs text-white">
                        Cover
                      </span>
                    )}
                  </p>
                  <p className="truncate text-xs text-stone-600">
                    <span className="font-medium">Alt text:</span> {alt}
                  </p>
                  {image.file && (
                    <p className="truncate text-xs text-stone-500">New file: {image.file.name}</p>
                  )}
                </div>
                {CONTROLS.map(({ control, title, label, Icon }) => (
                  <button
                    key={control}
                    ref={bind(control)}
                    type="button"
                    onClick={() => (control === 'remove' ? remove(index) : move(index, control))}
                    disabled={
                      disabled ||
                      (control === 'up' && index === 0) ||
                      (control === 'down' && index === images.length - 1)
                    }
                    aria-label={label(which)}
                    title={title}
                    className={iconButton}
                  >
                    <Icon aria-hidden="true" className="size-4" />
                  </button>
                ))}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
