import { PAGE_FORM_FIELD } from '@scholar/shared';
import type { FormEvent, ReactNode } from 'react';
import { useHydrated } from '../../../lib/hydration';
import { postedText, postTaken, useFormPost } from '../../../lib/form-post';
import { useFormat, useT } from '../../../lib/i18n';

/**
 * Add to Cart as a form the server takes when the app's script has not run (docs/decisions/064): it posts the book,
 * and its edition and copies (the fields inside, or `language` here), to the page's own address, which keeps the
 * line in the cart's cookie and answers with the cart. Once the app runs, `onAdd` adds it as the app does.
 */
export function AddToCartForm({
  bookId,
  language,
  onAdd,
  className,
  children,
}: {
  bookId: string;
  /** The edition, when no field inside the form names it (a card's one edition). */
  language?: string;
  onAdd: () => void;
  className?: string;
  children: ReactNode;
}) {
  // Without the app the browser checks the copies against the stock (the number's `max`); with it, the page says so
  // in its own words.
  const hydrated = useHydrated();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onAdd();
  };
  return (
    <form method="post" onSubmit={submit} noValidate={hydrated} className={className}>
      <input type="hidden" name={PAGE_FORM_FIELD} value="addToCart" />
      <input type="hidden" name="bookId" value={bookId} />
      {language !== undefined && <input type="hidden" name="language" value={language} />}
      {children}
    </form>
  );
}

/** A refused Add to Cart of this book, posted without the script: what was asked, and why it was refused. */
export interface AddRefusal {
  /** The edition asked for ('' when the form named none). */
  language: string;
  /** The copies asked for (1 when unreadable). */
  quantity: number;
  /** The sentence for the book's title, in the page's language. */
  text: (title: string) => string;
}

/**
 * Why the server did not add this book when its Add to Cart was posted without the script (cookie-cart.ts's codes);
 * undefined when it was not refused, or another book was.
 */
export function useAddRefusal(bookId: string): AddRefusal | undefined {
  const t = useT();
  const { number } = useFormat();
  const post = useFormPost('addToCart');
  if (!post || postTaken(post) || postedText(post, 'bookId').toLowerCase() !== bookId.toLowerCase()) {
    return undefined;
  }
  const body = (post.answer.body ?? {}) as { code?: unknown; stock?: unknown };
  const quantity = Number(postedText(post, 'quantity'));
  return {
    language: postedText(post, 'language').toLowerCase(),
    quantity: Number.isInteger(quantity) && quantity >= 1 ? quantity : 1,
    text: (title) => {
      switch (body.code) {
        case 'NOT_ENOUGH_STOCK': {
          const left = typeof body.stock === 'number' ? body.stock : 0;
          return t('book.notEnoughStock', { name: title, count: left, copies: number(left) });
        }
        case 'NOT_SOLD':
          return t('book.notSold');
        case 'CART_FULL':
          return t('book.cartFull');
        default:
          return t('book.addFailed');
      }
    },
  };
}
