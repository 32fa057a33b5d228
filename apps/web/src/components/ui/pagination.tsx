import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { PageItem } from '../../lib/page-window';

const base =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium transition';
const idle = 'border-stone-300 bg-white text-stone-700 hover:bg-stone-100';
const current = 'border-brand-700 bg-brand-700 text-white';
const disabled = 'disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-white';

/**
 * Previous, the page numbers of `items` (the current one highlighted and `aria-current="page"`, a gap shown as
 * '...') and Next; nothing when there is a single page. Each list chooses which numbers to offer (`page-window`).
 */
export function Pagination({
  page,
  totalPages,
  items,
  onChange,
  className = '',
}: {
  page: number;
  totalPages: number;
  items: readonly PageItem[];
  onChange: (page: number) => void;
  className?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className={`flex flex-wrap items-center justify-center gap-2 ${className}`}>
      <button
        type="button"
        className={`${base} ${idle} ${disabled} gap-1`}
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Previous
      </button>
      <ul className="flex flex-wrap items-center gap-2">
        {items.map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-stone-500">
              ...
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={`${base} ${item === page ? current : idle}`}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => item !== page && onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className={`${base} ${idle} ${disabled} gap-1`}
        onClick={() => onChange(page + 1)}
        disabled={page >= totalPages}
      >
        Next
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </nav>
  );
}
