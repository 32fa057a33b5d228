import { useId, useState, type FormEvent } from 'react';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { useT } from '../../lib/i18n';
import { isCompletePincode, useDeliveryQuote } from '../../lib/delivery-quote';
import { DeliveryDays } from './delivery-days';

/**
 * "Check delivery" on a book's page: a pincode box that answers, as soon as six digits are typed (or on Check),
 * how many days delivery takes there and what it costs for the chosen number of copies, or that the shop does not
 * deliver there yet (docs/decisions/052).
 */
export function CheckDelivery({ quantity, className = '' }: { quantity: number; className?: string }) {
  const t = useT();
  const id = useId();
  const [pincode, setPincode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const typed = pincode.trim();
  const quote = useDeliveryQuote(typed, quantity);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(isCompletePincode(typed) ? undefined : t('delivery.invalidPincode'));
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`rounded-lg border border-stone-200 bg-stone-50 p-4 ${className}`}
    >
      <h2 id={`${id}-heading`} className="font-semibold text-stone-900">
        {t('delivery.checkHeading')}
      </h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`} className="mt-2">
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            id={`${id}-pincode`}
            label={t('delivery.pincode')}
            name="pincode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            dir="ltr"
            className="w-36"
            value={pincode}
            error={error}
            onChange={(event) => {
              setPincode(event.target.value.replace(/\D/g, '').slice(0, 6));
              setError(undefined);
            }}
          />
          <Button type="submit" variant="secondary" className="h-10">
            {t('delivery.check')}
          </Button>
        </div>
      </form>
      {isCompletePincode(typed) && (
        <DeliveryDays quote={quote.data} checking={quote.isFetching} pincode={typed} />
      )}
      {quote.isError && <p className="mt-2 text-sm text-red-800">{t('delivery.failed')}</p>}
    </section>
  );
}
