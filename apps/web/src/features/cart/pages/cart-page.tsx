import { PAGE_FORM_FIELD, paths, privatePageHead } from '@scholar/shared';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { BookImage } from '../../../components/book-image';
import { LineLimitHint } from '../../../components/line-limit-hint';
import { CartSummary, usePriceChangeNote } from '../../../components/order-summary';
import { Button, buttonClass } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useLanguageName, useLineNames } from '../../../lib/book-languages';
import { isShortOfStock, lineCeiling, useCart } from '../../../lib/cart';
import { lineKey, lineLanguage, type CartItem } from '../../../lib/guest-cart';
import { useHydrated } from '../../../lib/hydration';
import { Money, T, useFormat, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useHead } from '../../../lib/head';

/** A line's cover is 80 px wide (w-20) at every width. */
const THUMBNAIL_SIZES = '80px';

/** The id of the sentence beside a line's quantity once it reaches the line limit. */
const lineLimitHintId = (line: CartItem) => `line-limit-${lineKey(line)}`;

/** The id of a line's form, which its buttons send without the app's script (docs/decisions/064). */
const lineFormId = (line: CartItem) => `line-form-${lineKey(line)}`;

/**
 * A line's form: without the app's script each of its buttons posts the line's new quantity to `/cart` (the cart's
 * cookie); with it, the button's click changes the line as the app does and sends nothing.
 */
function LineForm({ line }: { line: CartItem }) {
  return (
    <form id={lineFormId(line)} method="post" hidden>
      <input type="hidden" name={PAGE_FORM_FIELD} value="cartLine" />
      <input type="hidden" name="bookId" value={line._id} />
      <input type="hidden" name="language" value={lineLanguage(line)} />
    </form>
  );
}

/** A button of a line that sets its quantity (0: removes it). */
const lineButton = (line: CartItem, quantity: number) =>
  ({ type: 'submit', form: lineFormId(line), name: 'quantity', value: String(quantity) }) as const;

export function CartPage() {
  const t = useT();
  const { number } = useFormat();
  const priceChangeNote = usePriceChangeNote();
  useHead((site) => privatePageHead(t('shop.cart.title'), site.locale));
  const cart = useCart({ fresh: true });
  const languageName = useLanguageName();
  const nameOf = useLineNames(cart.lines);
  const hydrated = useHydrated();
  const [confirmingClear, setConfirmingClear] = useState(false);
  if (cart.isStaff) return <Navigate to={paths.adminDashboard} replace />;
  if (cart.isLoading) return <Spinner label={t('shop.cart.loading')} />;

  /** A new quantity for one edition's line, at the price shown on it. */
  const change = (line: CartItem, quantity: number) =>
    cart.setQuantity.mutate(
      { bookId: line._id, selectedLanguage: lineLanguage(line), quantity, price: line.price },
      {
        onSuccess: () => quantity === 0 && toast.success(t('shop.cart.removed')),
        onError: (error) => toast.error(errorMessage(error, t('shop.cart.updateFailed'))),
      },
    );

  /** Drops one edition's line: silently when it is no longer sold, with a word when the reader chose to. */
  const remove = (line: CartItem, { confirm }: { confirm: boolean }) =>
    cart.remove.mutate(
      { bookId: line._id, selectedLanguage: lineLanguage(line) },
      {
        onSuccess: () => confirm && toast.success(t('shop.cart.removed')),
        onError: (error) => toast.error(errorMessage(error, t('shop.cart.removeFailed'))),
      },
    );

  if (cart.lines.length === 0) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="font-serif text-3xl font-bold text-brand-800">{t('shop.cart.empty')}</h1>
        <Link
          to={paths.home}
          className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white"
        >
          {t('shop.cart.startShopping')}
        </Link>
        {cart.isGuest && (
          <p className="mt-4 text-sm text-stone-600">
            <Link
              to={`${paths.login}?redirect=${encodeURIComponent(paths.cart)}`}
              className="text-brand-700 underline"
            >
              {t('shop.cart.loginToSync')}
            </Link>
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold text-brand-800">{t('shop.cart.heading')}</h1>
        <div className="flex items-center gap-3">
          {cart.isGuest && (
            <Link
              to={`${paths.login}?redirect=${encodeURIComponent(paths.cart)}`}
              className="text-sm font-medium text-brand-700 underline"
            >
              {t('shop.cart.loginToSync')}
            </Link>
          )}
          {/* Its confirmation is the app's: until the app runs it is not shown (its room is kept). */}
          <Button
            variant="secondary"
            className={hydrated ? '' : 'invisible'}
            onClick={() => setConfirmingClear(true)}
          >
            {t('shop.cart.clear')}
          </Button>
        </div>
      </div>
      {confirmingClear && (
        <Modal title={t('shop.cart.clearTitle')} onClose={() => setConfirmingClear(false)}>
          <p>
            {t('shop.cart.clearText', {
              count: cart.totals.itemCount,
              formatted: number(cart.totals.itemCount),
            })}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setConfirmingClear(false)}>
              {t('shop.cart.keep')}
            </Button>
            <Button
              onClick={() =>
                cart.clear.mutate(undefined, {
                  onSuccess: () => {
                    setConfirmingClear(false);
                    toast.success(t('shop.cart.cleared'));
                  },
                  onError: (error) => toast.error(errorMessage(error, t('shop.cart.clearFailed'))),
                })
              }
              disabled={cart.clear.isPending}
            >
              {t('shop.cart.clear')}
            </Button>
          </div>
        </Modal>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <ul className="space-y-4" aria-label={t('shop.cart.items')}>
          {cart.lines.map((line) => (
            <li key={lineKey(line)} aria-label={nameOf(line)} className={`${card} flex gap-4 p-4`}>
              <LineForm line={line} />
              <BookImage
                path={line.images[0]}
                alt={t('book.coverAlt', { name: line.name })}
                sizes={THUMBNAIL_SIZES}
                width={80}
                height={107}
                className="h-28 w-20 flex-none rounded object-cover"
              />
              <div className="flex flex-1 flex-col gap-1">
                <Link
                  to={paths.book(line._id)}
                  className="font-serif text-lg font-semibold hover:text-brand-700"
                >
                  {line.name}
                </Link>
                <p className="text-sm text-stone-600">
                  {t('shop.lines.language', { language: languageName(lineLanguage(line)) })}
                </p>
                {line.available === false ? (
                  <div className="mt-1 flex flex-wrap items-center gap-3">
                    <p className="text-sm font-medium text-red-800">{t('shop.cart.noLongerAvailable')}</p>
                    <button
                      {...lineButton(line, 0)}
                      aria-label={t('shop.cart.removeLine', { name: nameOf(line) })}
                      className="rounded-md border border-red-300 px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-50"
                      onClick={(event) => {
                        event.preventDefault();
                        remove(line, { confirm: false });
                      }}
                    >
                      {t('shop.cart.remove')}
                    </button>
                  </div>
                ) : (
                  <>
                    <p className="text-sm text-stone-600">{line.author}</p>
                    <p className="text-sm">
                      <T id="shop.cart.each" components={{ 0: <Money value={line.price} /> }} />
                    </p>
                    {line.previousPrice !== undefined && (
                      <p className="text-sm font-medium text-amber-800">{priceChangeNote(line)}</p>
                    )}
                    {isShortOfStock(line) && (
                      <div className="flex flex-wrap items-center gap-3">
                        <p className="text-sm font-medium text-red-800">
                          {t('book.notEnoughStock', {
                            name: nameOf(line),
                            count: Math.max(0, line.stock ?? 0),
                            copies: number(Math.max(0, line.stock ?? 0)),
                          })}
                        </p>
                        {(line.stock ?? 0) > 0 && (
                          <button
                            {...lineButton(line, line.stock ?? 0)}
                            className="rounded-md border border-red-300 px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-50"
                            onClick={(event) => {
                              event.preventDefault();
                              change(line, line.stock ?? 0);
                            }}
                          >
                            {t('shop.cart.changeTo', { count: number(line.stock ?? 0) })}
                          </button>
                        )}
                      </div>
                    )}
                    <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
                      <div className="flex items-center gap-2">
                        <button
                          {...lineButton(line, line.quantity - 1)}
                          aria-label={t('shop.cart.fewer', { name: nameOf(line) })}
                          className="rounded-md border border-stone-300 p-1.5"
                          onClick={(event) => {
                            event.preventDefault();
                            change(line, line.quantity - 1);
                          }}
                        >
                          <Minus aria-hidden="true" className="h-4 w-4" />
                        </button>
                        <span
                          aria-label={t('shop.cart.quantityOf', { name: nameOf(line) })}
                          className="min-w-8 text-center font-medium"
                        >
                          {number(line.quantity)}
                        </span>
                        <button
                          {...lineButton(line, line.quantity + 1)}
                          aria-label={t('shop.cart.more', { name: nameOf(line) })}
                          aria-describedby={lineLimitHintId(line)}
                          disabled={line.quantity >= lineCeiling(line.stock)}
                          className="rounded-md border border-stone-300 p-1.5 disabled:cursor-not-allowed disabled:opacity-40"
                          onClick={(event) => {
                            event.preventDefault();
                            change(line, line.quantity + 1);
                          }}
                        >
                          <Plus aria-hidden="true" className="h-4 w-4" />
                        </button>
                      </div>
                      <p
                        className="font-semibold"
                        aria-label={t('shop.lines.lineTotalOf', { name: nameOf(line) })}
                      >
                        <Money value={line.price * line.quantity} />
                      </p>
                      <button
                        {...lineButton(line, 0)}
                        aria-label={t('shop.cart.removeLine', { name: nameOf(line) })}
                        className="rounded-md p-1.5 text-red-700 hover:bg-red-50"
                        onClick={(event) => {
                          event.preventDefault();
                          remove(line, { confirm: true });
                        }}
                      >
                        <Trash2 aria-hidden="true" className="h-5 w-5" />
                      </button>
                    </div>
                    <LineLimitHint id={lineLimitHintId(line)} quantity={line.quantity} />
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
        <CartSummary cart={cart}>
          {cart.unavailable.length > 0 && (
            <p id="unavailable-note" className="mt-4 text-sm text-red-800">
              {t('shop.cart.removeUnavailable')}
            </p>
          )}
          {cart.unavailable.length === 0 && cart.shortOfStock.length > 0 && (
            <p id="unavailable-note" className="mt-4 text-sm text-red-800">
              {t('shop.cart.lowerShort')}
            </p>
          )}
          {cart.needsChanges ? (
            <Button className="mt-6 w-full" disabled aria-describedby="unavailable-note">
              {t('shop.cart.proceed')}
            </Button>
          ) : (
            <Link
              to={cart.isGuest ? paths.guestCheckout : paths.checkout}
              className={buttonClass('primary', 'mt-6 w-full')}
            >
              {t('shop.cart.proceed')}
            </Link>
          )}
        </CartSummary>
      </div>
    </div>
  );
}
