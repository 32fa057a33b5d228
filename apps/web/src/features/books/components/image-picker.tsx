import { BOOK_IMAGE_LIMITS, BOOK_MESSAGES } from '@scholar/shared';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { labelClass } from './form-styles';

export interface PickedImage {
  /** Stable across removals, for React keys. */
  key: number;
  file: File;
}

/** A preview that owns its object URL: made when shown, revoked when removed or when the page goes. */
function Preview({ file, index, onRemove }: { file: File; index: number; onRemove: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <li className="relative overflow-hidden rounded-md border border-stone-200 bg-stone-100">
      {url && (
        <img
          src={url}
          alt={`Preview ${index + 1}: ${file.name}`}
          className="aspect-[3/4] w-full object-cover"
        />
      )}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove image ${index + 1} (${file.name})`}
        className="absolute top-1 right-1 grid size-8 place-items-center rounded-full bg-white/90 text-stone-800 shadow hover:bg-white"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
      {index === 0 && (
        <span className="absolute bottom-1 left-1 rounded bg-brand-700 px-1.5 py-0.5 text-xs text-white">
          Cover
        </span>
      )}
    </li>
  );
}

const accepted = new Set<string>(BOOK_IMAGE_LIMITS.types);

/**
 * Picks one or more images, added to those already picked, with previews that can be removed. The browser only
 * checks the declared type, size and count for a quick answer; the server checks the bytes.
 */
export function ImagePicker({
  images,
  onChange,
  disabled,
}: {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const nextKey = useRef(1);
  const [problem, setProblem] = useState<string | null>(null);

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const picked = [...files];
    const wrongType = picked.some((file) => !accepted.has(file.type));
    const tooLarge = picked.some((file) => file.size > BOOK_IMAGE_LIMITS.maxBytes);
    const fitting = picked.filter(
      (file) => accepted.has(file.type) && file.size <= BOOK_IMAGE_LIMITS.maxBytes,
    );
    const room = BOOK_IMAGE_LIMITS.maxFiles - images.length;
    const added = fitting.slice(0, Math.max(0, room)).map((file) => ({ key: nextKey.current++, file }));
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

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Images
      </label>
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
        JPEG, PNG, WebP or GIF, up to 5 MB each and 10 in all. The first is the cover.
      </p>
      <div className="mt-2 flex items-center gap-3">
        <label
          htmlFor={id}
          className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-dashed border-stone-400 bg-white px-4 py-2 text-sm font-medium text-stone-700 hover:bg-stone-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-500"
        >
          <ImagePlus aria-hidden="true" className="size-5" />
          Choose images
          <input
            id={id}
            type="file"
            multiple
            accept={BOOK_IMAGE_LIMITS.types.join(',')}
            disabled={disabled}
            aria-describedby={`${id}-hint`}
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
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      {images.length > 0 && (
        <ul aria-label="Chosen images" className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5">
          {images.map((image, index) => (
            <Preview
              key={image.key}
              file={image.file}
              index={index}
              onRemove={() => onChange(images.filter((other) => other.key !== image.key))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
