import { fromPaise, toPaise, type CartTotals } from '@scholar/shared';
import { useT } from '../../lib/i18n';
import { isCompletePincode, useDeliveryQuote } from '../../lib/delivery-quote';
import { DeliveryDays } from './delivery-days';

/**
 * The delivery of a checkout for its address's pincode (docs/decisions/052): the cart with the zone's shipping in
 * its totals (the total the page shows and sends as the expected total), and whether paying is held back: when
 * the shop does not deliver to the pincode, the refusal comes before the pay button, not after. Until a quote is
 * in (or when it cannot be had) the cart's own shipping stands, and the server decides as it always does.
 */
export function useCheckoutDelivery<C extends { totals: CartTotals }>(cart: C, pincode: string | undefined) {
  const typed = (pincode ?? '').trim();
  const complete = isCompletePincode(typed);
  const quote = useDeliveryQuote(typed, cart.totals.itemCount);
  const answer = complete && quote.data?.pincode === typed ? quote.data : undefined;
  const shipping = answer?.serviceable ? answer.shipping : cart.totals.shipping;
  const totals: CartTotals = {
    ...cart.totals,
    shipping,
    total: fromPaise(toPaise(cart.totals.subtotal) + toPaise(shipping)),
  };
  return {
    cart: { ...cart, totals },
    pincode: typed,
    complete,
    quote: answer,
    checking: complete && quote.isFetching,
    /** No payment to a pincode the shop does not deliver to. */
    blocked: answer !== undefined && !answer.serviceable,
  };
}

export type CheckoutDelivery = ReturnType<typeof useCheckoutDelivery>;

/** The days and charge for the address's pincode, or "We do not deliver to pincode … yet", above the pay button. */
export function CheckoutDeliveryNote({ delivery }: { delivery: CheckoutDelivery }) {
  const t = useT();
  if (!delivery.complete) return null;
  return (
    <section aria-label={t('delivery.checkoutHeading')} className="mt-4 rounded-md bg-stone-50 p-3">
      <DeliveryDays
        quote={delivery.quote}
        checking={delivery.checking}
        pincode={delivery.pincode}
        refusal="delivery.notServiceableAt"
      />
    </section>
  );
}
