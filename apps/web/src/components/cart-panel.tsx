import { paths } from '@scholar/shared';
import { CheckCircle, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useLanguageName } from '../lib/book-languages';
import { useCart } from '../lib/cart';
import { useFormat, useT } from '../lib/i18n';
import { useSession } from '../lib/session';
import { checkoutPath } from './layout/navigation';

/** The book just put in the cart, as the panel tells it. */
export interface AddedBook {
  name: string;
  /** The edition's language (`bengali`). */
  language: string;
  quantity: number;
}

/**
 * The panel that opens once a book is in the cart (docs/decisions/057): what was added, the cart's count and
 * subtotal, and the ways on, View cart and Checkout. A non-modal dialog: the page stays usable behind it; the
 * focus moves into it, Escape or Close shuts it and gives the focus back to the button that added the book; a
 * click elsewhere on the page shuts it too. Placed under the header (across the width on a phone, at the end of
 * the line elsewhere), it never sits where notifications go (app/toasts.tsx: the foot of the screen).
 */
export function CartPanel({
  added,
  onClose,
}: {
  added: AddedBook;
  onClose: (giveFocusBack: boolean) => void;
}) {
  const t = useT();
  const { money, number, inText } = useFormat();
  const languageName = useLanguageName();
  const { user } = useSession();
  const { totals, isGuest } = useCart();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panel.current?.focus();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose(true);
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (panel.current && event.target instanceof Node && !panel.current.contains(event.target))
        onClose(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);

  const link =
    'inline-flex h-10 flex-1 items-center justify-center rounded-md px-4 text-sm font-medium transition';
  return (
    <div
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="cart-panel"
      className="fixed inset-x-3 top-[calc(4rem+0.5rem)] z-50 rounded-lg border border-stone-200 bg-white p-4 shadow-xl outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:inset-x-auto sm:end-4 sm:w-96"
    >
      <div className="flex items-start gap-3">
        <CheckCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <h2 id={titleId} className="flex-1 font-semibold text-stone-900">
          {t(isGuest ? 'book.added.guest' : 'book.added')}
        </h2>
        <button
          type="button"
          onClick={() => onClose(true)}
          aria-label={t('cartPanel.close')}
          className="-m-1 grid size-8 place-items-center rounded-md text-stone-600 hover:bg-stone-100"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <p className="mt-2 text-sm text-stone-700">
        {t('cartPanel.added', {
          name: added.name,
          language: languageName(added.language),
          quantity: number(added.quantity),
        })}
      </p>
      <p className="mt-1 text-sm text-stone-700" data-testid="cart-panel-totals">
        {t('cartPanel.count', { count: totals.itemCount, formatted: number(totals.itemCount) })}
        {' · '}
        {t('cartPanel.subtotal', { amount: inText(money(totals.subtotal)) })}
      </p>
      <div className="mt-4 flex gap-3">
        <Link to={paths.cart} className={`${link} border border-brand-700 text-brand-800 hover:bg-brand-50`}>
          {t('cartPanel.viewCart')}
        </Link>
        <Link to={checkoutPath(user)} className={`${link} bg-brand-700 text-white hover:bg-brand-800`}>
          {t('cartPanel.checkout')}
        </Link>
      </div>
      <button
        type="button"
        onClick={() => onClose(true)}
        className="mt-3 w-full text-center text-sm text-brand-800 underline-offset-2 hover:underline"
      >
        {t('cartPanel.continue')}
      </button>
    </div>
  );
}

/**
 * The panel for a button that adds to the cart: `show(book, button)` once the book is in the cart opens it, and
 * its closing gives the focus back to `button`. Render `panel` anywhere on the page.
 */
export function useCartPanel(): {
  show: (added: AddedBook, opener: HTMLElement | null) => void;
  panel: ReactNode;
} {
  const [added, setAdded] = useState<{ book: AddedBook; n: number } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const show = useCallback((book: AddedBook, from: HTMLElement | null) => {
    opener.current = from;
    // Each addition opens the panel anew (and moves the focus into it again).
    setAdded((current) => ({ book, n: (current?.n ?? 0) + 1 }));
  }, []);
  const close = useCallback((giveFocusBack: boolean) => {
    setAdded(null);
    if (giveFocusBack) opener.current?.focus();
  }, []);
  return { show, panel: added ? <CartPanel key={added.n} added={added.book} onClose={close} /> : null };
}
