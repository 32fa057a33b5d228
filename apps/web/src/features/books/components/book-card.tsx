import { paths, type Book } from '@scholar/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { useLanguageName } from '../../../lib/book-languages';
import { Money, useLocale, useT } from '../../../lib/i18n';
import { FallbackChip, textLanguageProps, useBookIn } from '../lib/book-text';
import { cardEdition, isInStock, NOTIFY_ANCHOR } from '../lib/editions';
import { BookCover } from './book-cover';
import { CardAddButton, type CardAdd } from './card-add-to-cart';
import { StockLabel } from './stock-label';

/**
 * A book in a list: its cover, name and author, and the edition its Add to Cart adds (`cardEdition`: the page's
 * language when the book is printed in it), named in the page's language with its price and stock. A sold-out
 * edition says so ("Bengali edition: out of stock"), its Add to Cart is disabled and a link offers the book page's
 * "Notify me when it is back" for that edition; another edition is the reader's own choice, on the book's page.
 *
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
  const t = useT();
  const { locale } = useLocale();
  const languageName = useLanguageName();
  // Its name and author in the page's language where written, else in English, marked so.
  const { book: shown, languages } = useBookIn(book);
  const id = useId();
  const edition = cardEdition(book, locale);
  const language = languageName(edition.language);
  const soldOut = !isInStock(edition);
  return (
    <article className="group flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
      <BookCover book={shown} shape="portrait" eager={eager} className="transition group-hover:scale-105" />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-serif text-lg font-semibold">
          <Link
            to={paths.book(book._id)}
            className="hover:text-brand-700"
            {...textLanguageProps(languages.name, locale)}
          >
            {shown.name}
          </Link>
          <FallbackChip language={languages.name} />
        </h3>
        <p className="text-sm text-stone-600" {...textLanguageProps(languages.author, locale)}>
          {shown.author}
        </p>
        <p id={`${id}-price`} className="mt-auto pt-2 font-semibold text-brand-700">
          <Money value={edition.price} />
        </p>
        <p
          id={`${id}-edition`}
          className={`text-sm ${soldOut ? 'font-medium text-red-700' : 'text-stone-600'}`}
        >
          {soldOut ? t('book.edition.out', { language }) : t('book.edition.name', { language })}
        </p>
        {!soldOut && <StockLabel stock={edition.stock} />}
        {soldOut && (
          // The book page opens on this same edition, with the back-in-stock ask.
          <Link
            to={`${paths.book(book._id)}#${NOTIFY_ANCHOR}`}
            className="text-sm font-medium text-brand-700 underline underline-offset-2"
          >
            {t('notify.heading')} <span className="sr-only">({shown.name})</span>
          </Link>
        )}
        {cardAdd && (
          <CardAddButton
            book={book}
            edition={edition}
            cardAdd={cardAdd}
            describedBy={`${id}-edition ${id}-price`}
          />
        )}
      </div>
    </article>
  );
}
