import { pageWindow } from '../../../lib/page-window';

/**
 * The pages to offer: five around the current one, with the first and the last always there and a gap (`'gap'`)
 * where pages are left out, e.g. 1 … 6 7 8 9 10 … 40 on page 8.
 */
export function deskPages(current: number, totalPages: number): (number | 'gap')[] {
  const window = pageWindow(current, totalPages);
  if (window.length === 0) return [];
  const first = window[0]!;
  const last = window[window.length - 1]!;
  return [
    ...(first > 1 ? [1] : []),
    ...(first > 2 ? ['gap' as const] : []),
    ...window,
    ...(last < totalPages - 1 ? ['gap' as const] : []),
    ...(last < totalPages ? [totalPages] : []),
  ];
}

const button = 'min-w-9 rounded-md border px-3 py-1.5 disabled:cursor-not-allowed disabled:opacity-50';

/** Previous, the pages of `deskPages` (the current one highlighted and `aria-current="page"`), Next. */
export function OrderPagination({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}) {
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center gap-1">
      <button
        type="button"
        className={`${button} border-stone-300`}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        Previous
      </button>
      {deskPages(page, totalPages).map((n, i) =>
        n === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-500">
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            aria-label={`Page ${n}`}
            aria-current={n === page ? 'page' : undefined}
            className={`${button} ${
              n === page
                ? 'border-brand-700 bg-brand-700 font-semibold text-white'
                : 'border-stone-300 bg-white'
            }`}
            onClick={() => onChange(n)}
          >
            {n}
          </button>
        ),
      )}
      <button
        type="button"
        className={`${button} border-stone-300`}
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
