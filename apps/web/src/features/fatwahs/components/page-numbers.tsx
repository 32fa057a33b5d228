import { pageWindow } from '../../../lib/page-window';

/** Previous, a window of up to five page numbers, Next; shown only when there is more than one page. */
export function PageNumbers({
  page,
  pages,
  onChange,
  startAtOneUntil = 3,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  startAtOneUntil?: number;
}) {
  if (pages <= 1) return null;
  const button =
    'min-w-10 rounded-md border border-stone-300 px-3 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </button>
      {pageWindow(page, pages, { startAtOneUntil }).map((n) => (
        <button
          key={n}
          type="button"
          className={`${button} ${n === page ? 'border-brand-700 bg-brand-700 text-white' : 'bg-white'}`}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
          onClick={() => onChange(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className={button} disabled={page >= pages} onClick={() => onChange(page + 1)}>
        Next
      </button>
    </nav>
  );
}
