import { formatMoney, paths, type Book } from '@scholar/shared';
import { Link } from 'react-router';
import { BookImage } from '../../../components/book-image';
import { StockLabel } from './stock-label';

/** Grid columns: 2, 3 from 640 px, 4 from 1024 px, in a container at most 1280 px wide. */
export const BOOK_GRID_SIZES =
  '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

/** `eager`: the card is in the first row the visitor sees, so its cover is fetched at once (the page's largest paint). */
export function BookCard({ book, eager = false }: { book: Book; eager?: boolean }) {
  return (
    <article className="group flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
      <Link to={paths.book(book._id)} className="block aspect-[3/4] overflow-hidden bg-stone-100">
        <BookImage
          path={book.images[0]}
          alt={`Cover of ${book.name}`}
          sizes={BOOK_GRID_SIZES}
          loading={eager ? 'eager' : 'lazy'}
          {...(eager ? { fetchPriority: 'high' as const } : {})}
          width={600}
          height={800}
          className="h-full w-full object-cover transition group-hover:scale-105"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-serif text-lg font-semibold">
          <Link to={paths.book(book._id)} className="hover:text-brand-700">
            {book.name}
          </Link>
        </h3>
        <p className="text-sm text-stone-600">{book.author}</p>
        <p className="mt-auto pt-2 font-semibold text-brand-700">{formatMoney(book.price)}</p>
        <StockLabel stock={book.stock} />
      </div>
    </article>
  );
}
