import { paths, type Book } from '@scholar/shared';
import { Link } from 'react-router';
import { Money } from '../../../lib/i18n';
import { BookCover } from './book-cover';
import { CardAddButton, type CardAdd } from './card-add-to-cart';
import { StockLabel } from './stock-label';

/**
 * `eager`: the card is in the first row the visitor sees, so its cover is fetched at once (the page's largest paint).
 * `cardAdd`: the list's Add to Cart (none for staff).
 */
export function BookCard({
  book,
  eager = false,
  cardAdd,
}: {
  book: Book;
  eager?: boolean;
  cardAdd?: CardAdd;
}) {
  return (
    <article className="group flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
      <BookCover book={book} shape="portrait" eager={eager} className="transition group-hover:scale-105" />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-serif text-lg font-semibold">
          <Link to={paths.book(book._id)} className="hover:text-brand-700">
            {book.name}
          </Link>
        </h3>
        <p className="text-sm text-stone-600">{book.author}</p>
        <p className="mt-auto pt-2 font-semibold text-brand-700">
          <Money value={book.price} />
        </p>
        <StockLabel stock={book.stock} />
        {cardAdd && <CardAddButton book={book} cardAdd={cardAdd} />}
      </div>
    </article>
  );
}
