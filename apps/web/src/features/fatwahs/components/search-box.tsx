import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { labelClass } from '../../../components/ui/field';

/** A search of the fatwahs: the words are sent (trimmed) when the search is submitted, not at each key. */
export function SearchBox({
  id,
  label,
  initial = '',
  placeholder,
  onSearch,
}: {
  id: string;
  label: string;
  initial?: string;
  placeholder?: string;
  onSearch: (words: string) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex items-end gap-2">
      <div className="flex-1">
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={placeholder}
          className="mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2"
        />
      </div>
      <button
        type="submit"
        className="rounded-md bg-brand-700 p-2.5 text-white hover:bg-brand-800"
        aria-label="Search"
      >
        <Search aria-hidden="true" className="h-5 w-5" />
      </button>
    </form>
  );
}
