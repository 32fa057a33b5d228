import { MAX_LINE_QUANTITY } from '@scholar/shared';
import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useHydrated } from '../../../lib/hydration';
import { useLocale, useT } from '../../../lib/i18n';

const stepButton =
  'grid size-10 place-items-center text-stone-700 transition hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent';

/**
 * A whole quantity of at least `min`: minus and plus buttons around a number field. Typing a value below the
 * minimum or not a whole number is undone when the field loses focus. With `max` (the copies left), plus stops
 * there; a larger number typed stays, for the page to say how many are left. Whatever the stock, a line holds at
 * most MAX_LINE_QUANTITY copies: plus stops there and a larger number typed counts as that many (the page says
 * so beside the stepper, `describedBy` naming that sentence).
 */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max,
  label: givenLabel,
  describedBy,
  name,
}: {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number | undefined;
  label?: string;
  describedBy?: string | undefined;
  /** The number's name in a form that works without the script (a book's Add to Cart). */
  name?: string;
}) {
  // The buttons work with the app only: until it runs, the number is typed (and they are not shown).
  const hydrated = useHydrated();
  const t = useT();
  const { intl } = useLocale();
  const label = givenLabel ?? t('quantity.label');
  const named = { label: label.toLocaleLowerCase(intl) };
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const top = Math.min(max ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY);

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <div className="mt-1 inline-flex items-center overflow-hidden rounded-md border border-stone-300 bg-white">
        <button
          type="button"
          aria-label={t('quantity.decrease', named)}
          disabled={value <= min}
          onClick={() => onChange(Math.max(min, value - 1))}
          className={hydrated ? stepButton : `${stepButton} invisible`}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={top}
          step={1}
          value={text}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            const next = Number(event.target.value);
            if (event.target.value.trim() !== '' && Number.isInteger(next) && next >= min) {
              onChange(Math.min(next, MAX_LINE_QUANTITY));
            }
          }}
          onBlur={() => setText(String(value))}
          className="h-10 w-16 border-x border-stone-300 text-center [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label={t('quantity.increase', named)}
          disabled={value >= top}
          onClick={() => onChange(Math.min(top, value + 1))}
          className={hydrated ? stepButton : `${stepButton} invisible`}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
