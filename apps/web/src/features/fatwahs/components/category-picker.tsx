import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { useCategoryName } from './category-badge';

/**
 * The categories as a group of checkboxes drawn as pills (ticked: filled), in a fieldset, with the selection's error
 * (announced, and tied to the fieldset). Each is a real checkbox named `categories`, so that a form sent before the
 * page's script has run (docs/decisions/063) sends the ticked ones. `required`: its legend carries the asterisk of
 * the form's required fields.
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
        {categories.map((category) => (
          <label
            key={category}
            className="relative rounded-full border border-stone-300 bg-white px-3 py-1 text-sm text-stone-700 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-500"
          >
            <input
              type="checkbox"
              name="categories"
              value={category}
              checked={selected.includes(category)}
              disabled={disabled}
              onChange={() => onToggle(category)}
              // Over the whole pill, unseen: a press anywhere on it ticks the box.
              className="absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-default"
            />
            {name(category)}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
