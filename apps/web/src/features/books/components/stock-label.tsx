import { STOCK_LOW_AT } from '@scholar/shared';
import { useFormat, useT } from '../../../lib/i18n';

/** True when the book counts its copies and none is left. */
export const isOutOfStock = (stock: number | null | undefined) => stock === 0;

/**
 * "Out of stock" at 0 copies and "Only N left" at 5 or fewer; nothing for a book with more copies or whose stock
 * is not tracked.
 */
export function StockLabel({
  stock,
  className = '',
}: {
  stock: number | null | undefined;
  className?: string;
}) {
  const t = useT();
  const { number } = useFormat();
  if (stock === null || stock === undefined || stock > STOCK_LOW_AT) return null;
  const out = stock <= 0;
  return (
    <p className={`text-sm font-medium ${out ? 'text-red-700' : 'text-amber-700'} ${className}`}>
      {out ? t('stock.out') : t('stock.onlyLeft', { count: number(stock) })}
    </p>
  );
}
