import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { arrowStep } from '../../../lib/direction';
import { useFormat } from '../../../lib/i18n';

export interface LightboxImage {
  src: string;
  title: string;
}

export interface LightboxLabels {
  label: string;
  close: string;
  previous: string;
  next: string;
}

const defaultLabels: LightboxLabels = {
  label: 'Image viewer',
  close: 'Close',
  previous: 'Previous image',
  next: 'Next image',
};

interface LightboxProps {
  images: readonly LightboxImage[];
  /** The image shown, 0-based. */
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  labels?: LightboxLabels;
}

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * A full-screen modal image viewer: previous and next wrap around, an 'n/total' counter, the page behind does
 * not scroll while it is open. Keyboard: Escape closes, ArrowLeft and ArrowRight move, Tab stays inside; the
 * focus goes back to whatever opened it.
 */
export function Lightbox({ images, index, onIndexChange, onClose, labels = defaultLabels }: LightboxProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const total = images.length;
  const image = images[index];
  const { number } = useFormat();

  const go = useCallback(
    (step: number) => {
      if (total > 0) onIndexChange((((index + step) % total) + total) % total);
    },
    [index, total, onIndexChange],
  );

  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    return () => opener?.focus();
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        // The arrow towards the start of the line goes back: left, or right on a right-to-left page.
        event.preventDefault();
        go(arrowStep(event.key, dialogRef.current));
      } else if (event.key === 'Tab') {
        const focusable = dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE);
        const first = focusable?.[0];
        const last = focusable?.[focusable.length - 1];
        if (!first || !last) return;
        const active = document.activeElement;
        if (!dialogRef.current?.contains(active)) {
          event.preventDefault();
          first.focus();
        } else if (event.shiftKey && active === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && active === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [go, onClose]);

  if (!image) return null;
  const controlClass =
    'grid size-11 place-items-center rounded-full bg-black/60 text-white ring-1 ring-white/40 hover:bg-black/80';
  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={labels.label}
      aria-describedby="lightbox-title"
      className="fixed inset-0 z-50 flex flex-col bg-stone-950 text-white"
    >
      <div className="flex items-center gap-4 px-4 py-3">
        <p aria-live="polite" className="min-w-12 text-sm font-semibold tabular-nums">
          {`${number(index + 1)}/${number(total)}`}
        </p>
        <h2 id="lightbox-title" className="flex-1 truncate text-center font-serif text-base sm:text-lg">
          {image.title}
        </h2>
        <button
          ref={closeRef}
          type="button"
          aria-label={labels.close}
          onClick={onClose}
          className={controlClass}
        >
          <X aria-hidden="true" className="size-6" />
        </button>
      </div>
      <div
        className="relative flex min-h-0 flex-1 items-center justify-center px-4 pb-20 sm:px-20 sm:pb-6"
        onClick={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
      >
        <img
          key={image.src}
          src={image.src}
          alt={image.title}
          className="max-h-full max-w-full rounded object-contain shadow-2xl"
        />
        <button
          type="button"
          aria-label={labels.previous}
          onClick={() => go(-1)}
          className={`absolute bottom-4 start-[calc(50%-4rem)] sm:top-1/2 sm:bottom-auto sm:start-4 sm:-translate-y-1/2 ${controlClass}`}
        >
          <ChevronLeft aria-hidden="true" className="size-7 rtl:-scale-x-100" />
        </button>
        <button
          type="button"
          aria-label={labels.next}
          onClick={() => go(1)}
          className={`absolute end-[calc(50%-4rem)] bottom-4 sm:top-1/2 sm:end-4 sm:bottom-auto sm:-translate-y-1/2 ${controlClass}`}
        >
          <ChevronRight aria-hidden="true" className="size-7 rtl:-scale-x-100" />
        </button>
      </div>
    </div>
  );
}
