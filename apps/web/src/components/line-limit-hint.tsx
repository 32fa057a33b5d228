import { MAX_LINE_QUANTITY } from '@scholar/shared';
import { useFormat, useT } from '../lib/i18n';

/**
 * Beside a quantity stepper: once the quantity has reached the most copies of a book an order may hold, says so
 * ("At most 100 copies of a book per order"). The element stays in the page, empty until then, so that a screen
 * reader announces the sentence when it appears.
 */
export function LineLimitHint({
  id,
  quantity,
  className = '',
}: {
  id: string;
  quantity: number;
  className?: string;
}) {
  const t = useT();
  const { number } = useFormat();
  return (
    <p id={id} aria-live="polite" className={`text-sm text-stone-600 empty:hidden ${className}`}>
      {quantity >= MAX_LINE_QUANTITY ? t('quantity.lineLimit', { count: number(MAX_LINE_QUANTITY) }) : null}
    </p>
  );
}
