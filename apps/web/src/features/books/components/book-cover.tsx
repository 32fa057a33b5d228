import { paths, type Book } from '@scholar/shared';
import { Link } from 'react-router';
import { BookImage } from '../../../components/book-image';
import { useT } from '../../../lib/i18n';

/** Grid columns: 2, 3 from 640 px, 4 from 1024 px, in a container at most 1280 px wide. */
export const BOOK_GRID_SIZES =
  '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

/** The frames a cover is shown in: upright on the shop's cards, wide on the desk's (room for the edit form). */
const SHAPES = {
  portrait: { frame: 'aspect-[3/4]', width: 600, height: 800 },
  landscape: { frame: 'aspect-[4/3]', width: 800, height: 600 },
} as const;

/**
 * A book's first picture, leading to its page, on a card of the grid. `eager`: the card is in the first row the
 * visitor sees, so its cover is fetched at once (the page's largest paint).
 */
export function BookCover({
  book,
  shape,
  eager = false,
  className = '',
}: {
  book: Book;
  shape: keyof typeof SHAPES;
  eager?: boolean;
  className?: string;
}) {
  const { frame, width, height } = SHAPES[shape];
  const t = useT();
  return (
    <Link to={paths.book(book._id)} className={`block ${frame} overflow-hidden bg-stone-100`}>
      <BookImage
        path={book.images[0]}
        alt={t('book.coverAlt', { name: book.name })}
        sizes={BOOK_GRID_SIZES}
        loading={eager ? 'eager' : 'lazy'}
        {...(eager ? { fetchPriority: 'high' as const } : {})}
        width={width}
        height={height}
        className={`h-full w-full object-cover ${className}`}
      />
    </Link>
  );
}
