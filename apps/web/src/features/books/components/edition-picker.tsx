import type { BookEdition } from '@scholar/shared';
import { useId } from 'react';
import { useLanguageName } from '../../../lib/book-languages';
import { Money, useT } from '../../../lib/i18n';
import { isOutOfStock } from './stock-label';

/**
 * The choice of a book's language: a radio per edition, each named in the page's language, with its price when the
 * editions' prices differ and "Out of stock" when none is left (it can still be chosen, to see so, but not added).
 * A book in one language names it as plain text. The radios keep the site's focus ring.
 */
export function EditionPicker({
  editions,
  value,
  onChange,
  name,
  className = '',
}: {
  editions: readonly BookEdition[];
  value: string;
  onChange: (language: BookEdition['language']) => void;
  /** The radios' name in a form (the page's Add to Cart, docs/decisions/064); one of its own otherwise. */
  name?: string;
  className?: string;
}) {
  const t = useT();
  const languageName = useLanguageName();
  const group = useId();
  const [only] = editions;
  if (editions.length === 1 && only) {
    return (
      <p className={`text-sm text-stone-700 ${className}`}>
        {t('shop.lines.language', { language: languageName(only.language) })}
      </p>
    );
  }
  const pricesDiffer = new Set(editions.map((edition) => edition.price)).size > 1;
  return (
    <fieldset className={className}>
      <legend className="text-sm font-medium text-stone-700">{t('book.edition.legend')}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {editions.map((edition) => {
          const id = `${group}-${edition.language}`;
          const out = isOutOfStock(edition.stock);
          return (
            <label
              key={edition.language}
              htmlFor={id}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm transition hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-50"
            >
              <input
                id={id}
                type="radio"
                name={name ?? group}
                value={edition.language}
                checked={value === edition.language}
                onChange={() => onChange(edition.language)}
                className="size-4 accent-brand-700"
              />
              <span className={`font-medium ${out ? 'text-stone-500' : 'text-stone-900'}`}>
                {languageName(edition.language)}
              </span>
              {/* Spaces between the parts, so that the radio's name reads "Bengali ₹300.00 Out of stock". */}
              {pricesDiffer && (
                <>
                  {' '}
                  <Money value={edition.price} className="text-stone-700" />
                </>
              )}
              {out && (
                <>
                  {' '}
                  <span className="text-xs font-medium text-red-700">{t('stock.out')}</span>
                </>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
