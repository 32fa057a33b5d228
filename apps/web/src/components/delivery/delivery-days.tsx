import type { DeliveryQuoteAnswer } from '@scholar/shared';
import { Truck } from 'lucide-react';
import { Money, useFormat, useT } from '../../lib/i18n';

/**
 * What a quote says, in the reader's language: "Delivery in 4–8 days to 110001" and its charge, or that the shop
 * does not deliver there yet. A status region, so that a screen reader hears the answer as it comes.
 */
export function DeliveryDays({
  quote,
  checking,
  pincode,
  refusal = 'delivery.notServiceable',
}: {
  quote: DeliveryQuoteAnswer | undefined;
  checking: boolean;
  pincode: string;
  /** The sentence for a pincode not served (the checkout names it). */
  refusal?: 'delivery.notServiceable' | 'delivery.notServiceableAt';
}) {
  const t = useT();
  const { number } = useFormat();
  if (!quote || quote.pincode !== pincode) {
    return (
      <p role="status" className="mt-2 text-sm text-stone-600">
        {checking ? t('delivery.checking', { pincode }) : ''}
      </p>
    );
  }
  if (!quote.serviceable) {
    return (
      <p role="alert" className="mt-2 text-sm font-medium text-red-800" data-testid="delivery-refused">
        {t(refusal, { pincode })}
      </p>
    );
  }
  return (
    <div role="status" className="mt-2 text-sm text-stone-700" data-testid="delivery-days">
      <p className="flex items-center gap-2 font-medium text-emerald-800">
        <Truck aria-hidden="true" className="size-4 shrink-0" />
        <span>{t('delivery.days', { min: number(quote.minDays), max: number(quote.maxDays), pincode })}</span>
      </p>
      <p className="mt-1">
        {t('delivery.charge', { count: quote.quantity, formatted: number(quote.quantity) })}{' '}
        <Money value={quote.shipping} />
      </p>
    </div>
  );
}
