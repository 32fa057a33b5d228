import {
  checkoutMoneyOf,
  CURRENCY_SYMBOL,
  paths,
  SHIPPING_PER_PAIR_RUPEES,
  type CartTotals,
  type OrderMoney,
} from '@scholar/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLanguageName, useLineNames } from '../lib/book-languages';
import type { useCart } from '../lib/cart';
import { lineKey, lineLanguage, type CartItem } from '../lib/guest-cart';
import { Money, useFormat, useT } from '../lib/i18n';
import { MoneySummary } from './order-payment';
import { Button } from './ui/button';
import { card } from './ui/card';
import { Spinner } from './ui/spinner';

/** How shipping is charged, beside its amount wherever a total is shown: `₹50 for every two books`. */
function useShippingRule(): string {
  const t = useT();
  const { number } = useFormat();
  return t('shop.summary.shippingRule', { amount: `${CURRENCY_SYMBOL}${number(SHIPPING_PER_PAIR_RUPEES)}` });
}

/** A line's note when its price changed since the customer saw it (nothing when it did not). */
export function usePriceChangeNote(): (line: Pick<CartItem, 'price' | 'previousPrice'>) => string | null {
  const t = useT();
  const { money, inText } = useFormat();
  return (line) =>
    line.previousPrice === undefined
      ? null
      : t('shop.summary.priceChanged', {
          from: inText(money(line.previousPrice)),
          to: inText(money(line.price)),
        });
}

/**
 * The money before the order exists, as the cart and both checkouts show it: the same summary as every order's
 * (`MoneySummary`), from the cart's current prices — or, at the checkout, `money` with its coupon and way of
 * paying; with `lines`, the items too (name, edition, quantity, line total), so that the customer sees what the
 * total is for.
 */
export function OrderSummary({
  totals,
  money,
  lines,
  children,
  title,
}: {
  totals: CartTotals;
  money?: OrderMoney | undefined;
  lines?: readonly CartItem[];
  children?: ReactNode;
  title?: string;
}) {
  const summary =
    money ?? checkoutMoneyOf({ paymentMethod: 'card', subtotal: totals.subtotal, delivery: totals.shipping });
  const t = useT();
  const { money: format, number, inText } = useFormat();
  const priceChangeNote = usePriceChangeNote();
  const shippingRule = useShippingRule();
  const sold = lines?.filter((line) => line.available !== false) ?? [];
  const languageName = useLanguageName();
  const nameOf = useLineNames(sold);
  return (
    <section aria-labelledby="order-summary-heading" className={`${card} p-6`}>
      <h2 id="order-summary-heading" className="font-serif text-xl font-semibold">
        {title ?? t('shop.summary.title')}
      </h2>
      {sold.length > 0 && (
        <ul
          aria-label={t('shop.summary.items')}
          className="mt-4 space-y-3 border-b border-stone-200 pb-4 text-sm"
        >
          {sold.map((line) => (
            <li key={lineKey(line)} className="flex justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-words">{line.name}</p>
                <p className="text-stone-600">
                  {t('shop.lines.language', { language: languageName(lineLanguage(line)) })}
                </p>
                <p className="text-stone-600">
                  {t('shop.lines.quantityTimesPrice', {
                    quantity: number(line.quantity),
                    price: inText(format(line.price)),
                  })}
                </p>
                {line.previousPrice !== undefined && (
                  <p className="text-amber-800">{priceChangeNote(line)}</p>
                )}
              </div>
              <p
                className="flex-none font-medium"
                aria-label={t('shop.lines.lineTotalOf', { name: nameOf(line) })}
              >
                <Money value={line.price * line.quantity} />
              </p>
            </li>
          ))}
        </ul>
      )}
      <MoneySummary
        money={summary}
        subtotalLabel={t('shop.summary.subtotal', {
          count: totals.itemCount,
          formatted: number(totals.itemCount),
        })}
        deliveryNote={shippingRule}
        payment={summary.method === 'cod'}
      />
      {children}
    </section>
  );
}

/**
 * The summary once the prices are known to be current: while they are read it says so, and when they cannot be
 * read it offers to try again; a total is never shown from a price kept earlier.
 */
export function CartSummary({
  cart,
  money,
  withItems = false,
  children,
}: {
  cart: ReturnType<typeof useCart>;
  /** The checkout's money, with its coupon and way of paying; the cart's own without. */
  money?: OrderMoney;
  withItems?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  if (cart.priceError) {
    return (
      <section aria-label={t('shop.summary.title')} className={`${card} p-6`}>
        <p role="alert" className="text-sm text-red-800">
          {t('shop.summary.pricesFailed')}
        </p>
        <Button variant="secondary" className="mt-4" onClick={cart.retryPrices}>
          {t('shop.retry')}
        </Button>
      </section>
    );
  }
  if (!cart.pricesChecked) {
    return (
      <section aria-label={t('shop.summary.title')} className={`${card} p-6`}>
        <Spinner label={t('shop.summary.checkingPrices')} />
      </section>
    );
  }
  return (
    <OrderSummary totals={cart.totals} money={money} {...(withItems ? { lines: cart.lines } : {})}>
      {children}
    </OrderSummary>
  );
}

/** Why the checkout is closed: books no longer sold, or fewer copies left than the cart asks for. */
export function UnavailableNote({ cart }: { cart: { unavailable: unknown[]; needsChanges: boolean } }) {
  const t = useT();
  if (!cart.needsChanges) return null;
  return (
    <p role="alert" className="mt-4 text-sm text-red-800">
      {t(cart.unavailable.length > 0 ? 'shop.summary.unavailable' : 'shop.summary.tooFewLeft')}{' '}
      <Link to={paths.cart} className="font-medium underline">
        {t('shop.summary.reviewCart')}
      </Link>
    </p>
  );
}
