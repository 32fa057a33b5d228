import type { Book, BookEdition } from '@scholar/shared';
import { ShoppingCart } from 'lucide-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useCartPanel } from '../../../components/cart-panel';
import { ApiError } from '../../../lib/api-client';
import { useCart } from '../../../lib/cart';
import { bookIn } from '../../../lib/book-in';
import { useLocale, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { isInStock } from '../lib/editions';
import { AddToCartForm, useAddRefusal } from './add-to-cart-form';

/** What a list of cards hands each card to add its book: none for staff, who have no cart. */
export interface CardAdd {
  /** Adds one copy of `edition`, the one the card shows (`cardEdition`). */
  add: (book: Book, edition: BookEdition, button: HTMLButtonElement | null) => void;
  /** The id of the book being added, if any. */
  adding: string | null;
}

/**
 * Adding from a list of book cards: one copy of the edition the card shows (`cardEdition`: the page's language
 * when the book is printed in it), at that edition's price, then the cart panel with the ways on, its closing giving the focus back to the card's
 * button. One for the whole list, so that each card stays light.
 */
export function useCardAdd(): { cardAdd: CardAdd | undefined; panel: ReactNode } {
  const t = useT();
  const { locale } = useLocale();
  const { isStaff } = useSession();
  const { add } = useCart();
  const cartPanel = useCartPanel();
  const [adding, setAdding] = useState<string | null>(null);
  const { show } = cartPanel;
  const { mutate } = add;

  const addBook = useCallback(
    (book: Book, edition: BookEdition, button: HTMLButtonElement | null) => {
      setAdding(book._id);
      mutate(
        { book: { ...book, price: edition.price }, quantity: 1, selectedLanguage: edition.language },
        {
          onSuccess: () =>
            show({ name: bookIn(book, locale).book.name, language: edition.language, quantity: 1 }, button),
          onError: (failure) => {
            if (failure instanceof ApiError && failure.code === 'NOT_ENOUGH_STOCK')
              toast.error(failure.message);
            else toast.error(t('book.addFailed'));
          },
          onSettled: () => setAdding(null),
        },
      );
    },
    [mutate, show, t, locale],
  );

  return { cardAdd: isStaff ? undefined : { add: addBook, adding }, panel: cartPanel.panel };
}

/**
 * A book card's Add to Cart of the edition the card shows, named with the book and described by the card's edition
 * and price (`describedBy`); disabled when that edition is sold out, never adding another one in its place.
 */
export function CardAddButton({
  book,
  edition,
  cardAdd,
  describedBy,
}: {
  book: Book;
  edition: BookEdition;
  cardAdd: CardAdd;
  describedBy?: string;
}) {
  const t = useT();
  // Named as the card names it, in the page's language (docs/decisions/078).
  const name = bookIn(book, useLocale().locale).book.name;
  const soldOut = !isInStock(edition);
  const adding = cardAdd.adding === book._id;
  const refusal = useAddRefusal(book._id);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <AddToCartForm
      bookId={book._id}
      language={edition.language}
      onAdd={() => cardAdd.add(book, edition, button.current)}
      className="mt-3"
    >
      <button
        ref={button}
        type="submit"
        disabled={soldOut || cardAdd.adding !== null}
        aria-label={adding ? undefined : t('cartPanel.addBook', { name })}
        aria-describedby={describedBy}
        className="inline-flex h-10 items-center justify-center gap-2 rounded-md bg-brand-700 px-4 text-sm font-medium text-white transition hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400"
      >
        <ShoppingCart aria-hidden="true" className="size-4" />
        {adding ? t('book.adding') : t('book.addToCart')}
      </button>
      {refusal && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {refusal.text(name)}
        </p>
      )}
    </AddToCartForm>
  );
}
