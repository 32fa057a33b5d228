import { Search } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { labelClass } from './ui/field';

/**
 * A search of a list (fatwahs, articles): the words are sent (trimmed) when the search is submitted, not at each key.
 *
 * With `action`, it is also a plain GET form to that address, its input named `name` and `children` (the list's
 * filters, given their own names) sent with it: before or without the page's script, submitting loads the list
 * for that search from the server. With the script, `onSearch` takes the words instead and nothing is reloaded.
 */
export function SearchBox({
  id,
  label,
  initial = '',
  placeholder,
  submitLabel,
  onSearch,
  action,
  name,
  className,
  children,
}: {
  id: string;
  label: string;
  initial?: string;
  placeholder?: string;
  /** The search button's name (it shows only its icon). */
  submitLabel: string;
  onSearch: (words: string) => void;
  action?: string;
  name?: string;
  className?: string;
  children?: ReactNode;
}) {
  const [draft, setDraft] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form
      role="search"
      method={action ? 'get' : undefined}
      action={action}
      onSubmit={submit}
      className={className}
    >
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor={id} className={labelClass}>
            {label}
          </label>
          <input
            id={id}
            name={name}
            type="search"
            dir="auto"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={placeholder}
            className="mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2"
          />
        </div>
        <button
          type="submit"
          className="rounded-md bg-brand-700 p-2.5 text-white hover:bg-brand-800"
          aria-label={submitLabel}
        >
          <Search aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      {children}
    </form>
  );
}
