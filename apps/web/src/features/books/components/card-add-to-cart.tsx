import type { Book } from '@scholar/shared';
import { ShoppingCart } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useCartPanel } from '../../../components/cart-panel';
import { ApiError } from '../../../lib/api-client';
import { useCart } from '../../../lib/cart';
import { useHydrated } from '../../../lib/hydration';
import { useLocale, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { defaultEdition, editionsOf } from '../lib/editions';
import { isOutOfStock } from './stock-label';

/** What a list of cards hands each card to add its book: none for staff, who have no cart. */
export interface CardAdd {
  add: (book: Book, button: HTMLButtonElement | null) => void;
  /** The id of the book being added, if any. */
  adding: string | null;
  /** False while the page is HTML only: the button waits for the app. */
  ready: boolean;
}

/**
 * Adding from a list of book cards: one copy of the edition the book page would offer first (the page's language
 * when it is in stock), then the cart panel with the ways on, its closing giving the focus back to the card's
 * button. One for the whole list, so that each card stays light.
 */
export function useCardAdd(): { cardAdd: CardAdd | undefined; panel: ReactNode } {
  const t = useT();
  const { locale } = useLocale();
  const { isStaff } = useSession();
  const { add } = useCart();
  const ready = useHydrated();
  const cartPanel = useCartPanel();
  const [adding, setAdding] = useState<string | null>(null);
  const { show } = cartPanel;
  const { mutate } = add;

  const addBook = useCallback(
    (book: Book, button: HTMLButtonElement | null) => {
      const edition = defaultEdition(editionsOf(book), locale);
      setAdding(book._id);
      mutate(
        { book: { ...book, price: edition.price }, quantity: 1, selectedLanguage: edition.language },
        {
          onSuccess: () => show({ name: book.name, language: edition.language, quantity: 1 }, button),
          onError: (failure) => {
            if (failure instanceof ApiError && failure.code === 'NOT_ENOUGH_STOCK')
              toast.error(failure.message);
            else toast.error(t('book.addFailed'));
          },
          onSettled: () => setAdding(null),
        },
      );
    },
    [locale, mutate, show, t],
  );

  return { cardAdd: isStaff ? undefined : { add: addBook, adding, ready }, panel: cartPanel.panel };
}

/** A book card's Add to Cart, named with the book; a sold-out book's is disabled. */
export function CardAddButton({ book, cardAdd }: { book: Book; cardAdd: CardAdd }) {
  const t = useT();
  const { locale } = useLocale();
  const soldOut = isOutOfStock(defaultEdition(editionsOf(book), locale).stock);
  const adding = cardAdd.adding === book._id;
  return (
    <button
      type="button"
      onClick={(event) => cardAdd.add(book, event.currentTarget)}
      disabled={!cardAdd.ready || soldOut || cardAdd.adding !== null}
      aria-label={adding ? undefined : t('cartPanel.addBook', { name: book.name })}
      className="mt-3 inline-flex h-10 items-center justify-center gap-2 rounded-md bg-brand-700 px-4 text-sm font-medium text-white transition hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400"
    >
      <ShoppingCart aria-hidden="true" className="size-4" />
      {adding ? t('book.adding') : t('book.addToCart')}
    </button>
  );
}
