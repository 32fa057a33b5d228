import { formatMoney, paths, SHIPPING_PER_PAIR_RUPEES, type CartTotals } from '@scholar/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { useCart } from '../lib/cart';
import type { CartItem } from '../lib/guest-cart';
import { Button } from './ui/button';
import { card } from './ui/card';
import { Spinner } from './ui/spinner';

/** How shipping is charged, beside its amount wherever a total is shown. */
export const SHIPPING_RULE = `₹${SHIPPING_PER_PAIR_RUPEES} for every two books`;

/** A line's note when its price changed since the customer saw it. */
export const priceChangeNote = (line: Pick<CartItem, 'price' | 'previousPrice'>) =>
  line.previousPrice === undefined
    ? null
    : `Price changed from ${formatMoney(line.previousPrice)} to ${formatMoney(line.price)}`;

/**
 * Subtotal, shipping and total, as the cart, both checkouts and the success page show them; with `lines`, the
 * items too (name, quantity, line total), so that the customer sees what the total is for.
 */
export function OrderSummary({
  totals,
  lines,
  children,
  title = 'Order Summary',
}: {
  totals: CartTotals;
  lines?: readonly CartItem[];
  children?: ReactNode;
  title?: string;
}) {
  const sold = lines?.filter((line) => line.available !== false) ?? [];
  return (
    <section aria-labelledby="order-summary-heading" className={`${card} p-6`}>
      <h2 id="order-summary-heading" className="font-serif text-xl font-semibold">
        {title}
      </h2>
      {sold.length > 0 && (
        <ul aria-label="Items" className="mt-4 space-y-3 border-b border-stone-200 pb-4 text-sm">
          {sold.map((line) => (
            <li key={line._id} className="flex justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-words">{line.name}</p>
                <p className="text-stone-600">
                  Qty {line.quantity} × {formatMoney(line.price)}
                </p>
                {line.previousPrice !== undefined && (
                  <p className="text-amber-800">{priceChangeNote(line)}</p>
                )}
              </div>
              <p className="flex-none font-medium" aria-label={`Line total of ${line.name}`}>
                {formatMoney(line.price * line.quantity)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>
            Subtotal ({totals.itemCount} {totals.itemCount === 1 ? 'item' : 'items'})
          </dt>
          <dd>{formatMoney(totals.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>
            Shipping
            <span className="block text-xs text-stone-600">{SHIPPING_RULE}</span>
          </dt>
          <dd>{formatMoney(totals.shipping)}</dd>
        </div>
        <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatMoney(totals.total)}</dd>
        </div>
      </dl>
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
  withItems = false,
  children,
}: {
  cart: ReturnType<typeof useCart>;
  withItems?: boolean;
  children?: ReactNode;
}) {
  if (cart.priceError) {
    return (
      <section aria-label="Order Summary" className={`${card} p-6`}>
        <p role="alert" className="text-sm text-red-800">
          The current prices could not be checked. Please try again.
        </p>
        <Button variant="secondary" className="mt-4" onClick={cart.retryPrices}>
          Try again
        </Button>
      </section>
    );
  }
  if (!cart.pricesChecked) {
    return (
      <section aria-label="Order Summary" className={`${card} p-6`}>
        <Spinner label="Checking current prices" />
      </section>
    );
  }
  return (
    <OrderSummary totals={cart.totals} {...(withItems ? { lines: cart.lines } : {})}>
      {children}
    </OrderSummary>
  );
}

/** On a checkout: a book of the cart is no longer sold, and the cart is where it is removed. */
/** Why the checkout is closed: books no longer sold, or fewer copies left than the cart asks for. */
export function UnavailableNote({ cart }: { cart: { unavailable: unknown[]; needsChanges: boolean } }) {
  if (!cart.needsChanges) return null;
  return (
    <p role="alert" className="mt-4 text-sm text-red-800">
      {cart.unavailable.length > 0
        ? 'Some books in your cart are no longer available.'
        : 'Some books in your cart have fewer copies left than you chose.'}{' '}
      <Link to={paths.cart} className="font-medium underline">
        Review your cart
      </Link>
    </p>
  );
}
