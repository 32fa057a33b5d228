import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { BookImage } from '../../../components/book-image';
import { arrowStep } from '../../../lib/direction';
import { useFormat, useT } from '../../../lib/i18n';

const arrowButton =
  'absolute top-1/2 -translate-y-1/2 grid size-10 place-items-center rounded-full bg-white/90 text-stone-800 shadow-md transition hover:bg-white';

/**
 * The book's pictures one at a time, with previous and next buttons (wrapping around), a dot per picture and the
 * left and right arrow keys. One picture shows without controls; none shows the placeholder.
 */
export function ImageCarousel({ images, name, sizes }: { images: string[]; name: string; sizes?: string }) {
  const t = useT();
  const { number } = useFormat();
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = count === 0 ? 0 : Math.min(index, count - 1);
  const go = (next: number) => setIndex(((next % count) + count) % count);
  /** Picture `position` (from 0) of the `count`, as the page's language counts. */
  const nth = (position: number) => ({ current: number(position + 1), count: number(count) });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      go(current + arrowStep(event.key, event.currentTarget));
    }
  };

  return (
    <section
      aria-roledescription={t('carousel.role')}
      aria-label={t('carousel.label', { name })}
      onKeyDown={onKeyDown}
    >
      <div className="relative aspect-[3/4] overflow-hidden rounded-lg border border-stone-200 bg-stone-100">
        <div
          role="group"
          aria-roledescription={t('carousel.slideRole')}
          aria-label={count > 1 ? t('carousel.slide', nth(current)) : undefined}
          className="h-full w-full"
        >
          <BookImage
            key={current}
            path={images[current]}
            alt={count > 1 ? t('carousel.imageAlt', { name, ...nth(current) }) : t('book.coverAlt', { name })}
            sizes={sizes}
            width={600}
            height={800}
            // The first picture is the page's largest paint (the server also preloads it).
            fetchPriority={current === 0 ? 'high' : undefined}
            className="h-full w-full object-contain"
          />
        </div>
        {count > 1 && (
          <>
            <button
              type="button"
              aria-label={t('carousel.previous')}
              onClick={() => go(current - 1)}
              className={`${arrowButton} start-3`}
            >
              <ChevronLeft aria-hidden="true" className="size-6 rtl:-scale-x-100" />
            </button>
            <button
              type="button"
              aria-label={t('carousel.next')}
              onClick={() => go(current + 1)}
              className={`${arrowButton} end-3`}
            >
              <ChevronRight aria-hidden="true" className="size-6 rtl:-scale-x-100" />
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <div className="mt-3 flex items-center justify-center gap-1">
          {images.map((image, i) => (
            <button
              key={`${i}-${image}`}
              type="button"
              aria-label={t('carousel.show', nth(i))}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
              className="grid size-6 place-items-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={`block size-2.5 rounded-full transition ${i === current ? 'bg-brand-700' : 'bg-stone-300 hover:bg-stone-400'}`}
              />
            </button>
          ))}
          <p aria-live="polite" className="sr-only">
            {t('carousel.status', nth(current))}
          </p>
        </div>
      )}
    </section>
  );
}
