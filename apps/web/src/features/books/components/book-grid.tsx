import type { Book } from '@scholar/shared';
import { useT } from '../../../lib/i18n';
import { useBooks } from '../api/get-books';
import { BookCard } from './book-card';
import { useCardAdd } from './card-add-to-cart';

/**
 * The cards of a list of books, 2 to 4 a row. On a page that opens with the list, `eagerCount` cards (a phone's
 * first row) load their covers at once; the others when they come near the screen.
 */
export function BookCards({
  books,
  busy = false,
  eagerCount = 0,
}: {
  books: Book[];
  busy?: boolean;
  eagerCount?: number;
}) {
  const t = useT();
  // Each card's Add to Cart, and the panel that opens once a book is in the cart.
  const { cardAdd, panel } = useCardAdd();
  return (
    <>
      <ul
        className={`grid grid-cols-2 gap-4 transition-opacity sm:grid-cols-3 lg:grid-cols-4 ${busy ? 'opacity-60' : ''}`}
        aria-label={t('books.listLabel')}
        aria-busy={busy || undefined}
      >
        {books.map((book, index) => (
          <li key={book._id}>
            <BookCard book={book} eager={index < eagerCount} cardAdd={cardAdd} />
          </li>
        ))}
      </ul>
      {panel}
    </>
  );
}

/** Every book, newest first (the home page). */
export function BookGrid() {
  const { data: books, isPending, isError } = useBooks();
  const t = useT();
  if (isPending) {
    return (
      <p role="status" className="text-stone-600">
        {t('books.loading')}
      </p>
    );
  }
  if (isError) return <p className="text-red-700">{t('books.loadFailed')}</p>;
  if (books.length === 0) return <p className="text-stone-600">{t('books.none')}</p>;
  return <BookCards books={books} />;
}
