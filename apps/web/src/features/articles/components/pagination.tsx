import { ChevronLeft, ChevronRight } from 'lucide-react';

export type PageItem = number | 'gap';

/**
 * The page numbers to show (spec §2, Articles): the first and last pages, the current page plus or minus one, and
 * a gap ('...') for every run of pages left out, even a run of one page.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(current, 1), total);
  const shown = new Set([1, total, page - 1, page, page + 1].filter((n) => n >= 1 && n <= total));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous > 1 && previous > 0) items.push('gap');
    items.push(n);
    previous = n;
  }
  return items;
}

const base =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium transition';
const idle = 'border-stone-300 bg-white text-stone-700 hover:bg-stone-100';
const disabled = 'disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-white';

/** Previous, the page numbers with gaps, and Next; nothing when there is a single page. */
export function Pagination({
  currentPage,
  totalPages,
  onPageChange,
}: {
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      <button
        type="button"
        className={`${base} ${idle} ${disabled} gap-1`}
        onClick={() => onPageChange(currentPage - 1)}
        disabled={currentPage <= 1}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Previous
      </button>
      <ul className="flex flex-wrap items-center gap-2">
        {pageItems(currentPage, totalPages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-stone-500">
              ...
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={`${base} ${
                  item === currentPage ? 'border-brand-700 bg-brand-700 text-white' : idle
                }`}
                aria-label={`Page ${item}`}
                aria-current={item === currentPage ? 'page' : undefined}
                onClick={() => item !== currentPage && onPageChange(item)}
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
        onClick={() => onPageChange(currentPage + 1)}
        disabled={currentPage >= totalPages}
      >
        Next
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </nav>
  );
}
