import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { useCategoryName } from './category-badge';

/**
 * The categories as toggle buttons (pressed: chosen) in a fieldset, with the selection's error (announced, and tied
 * to the fieldset). `required`: its legend carries the asterisk of the form's required fields.
 */
export function CategoryPicker({
  required = false,
  categories,
  selected,
  onToggle,
  error,
  disabled = false,
}: {
  required?: boolean;
  categories: readonly string[];
  selected: readonly string[];
  onToggle: (category: string) => void;
  error: string | undefined;
  disabled?: boolean;
}) {
  const errorId = useId();
  const t = useT();
  const name = useCategoryName();
  return (
    <fieldset
      name="categories"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="text-sm font-medium text-stone-700">
        {t('fatwahs.categories')}
        {required && ' *'}
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {categories.map((category) => {
          const on = selected.includes(category);
          return (
            <button
              key={category}
              type="button"
              disabled={disabled}
              aria-pressed={on}
              onClick={() => onToggle(category)}
              className={`rounded-full border px-3 py-1 text-sm ${
                on ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-700'
              }`}
            >
              {name(category)}
            </button>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
