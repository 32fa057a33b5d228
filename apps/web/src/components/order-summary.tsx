import { formatMoney, type CartTotals } from '@scholar/shared';
import type { ReactNode } from 'react';

/** Subtotal, shipping and total, as the cart, both checkouts and the success page show them. */
export function OrderSummary({
  totals,
  children,
  title = 'Order Summary',
}: {
  totals: CartTotals;
  children?: ReactNode;
  title?: string;
}) {
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="rounded-xl border border-stone-200 bg-white p-6"
    >
      <h2 id="order-summary-heading" className="font-serif text-xl font-semibold">
        {title}
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>
            Subtotal ({totals.itemCount} {totals.itemCount === 1 ? 'item' : 'items'})
          </dt>
          <dd>{formatMoney(totals.subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd>{formatMoney(totals.shipping)}</dd>
        </div>
        <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd>{formatMoney(totals.total)}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
