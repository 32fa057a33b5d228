import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useFormat, useT } from '../../lib/i18n';
import type { PageItem } from '../../lib/page-window';

const base =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium transition';
const idle = 'border-stone-300 bg-white text-stone-700 hover:bg-stone-100';
const current = 'border-brand-700 bg-brand-700 text-white';
const disabled = 'disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-white';
/** Previous on the first page, Next on the last: shown, but leading nowhere. */
const unavailable = 'cursor-not-allowed border-stone-300 bg-white text-stone-400';

/**
 * The address of page `page` of the list at `location`: its path and query with `page=n` set (page 1 drops it), so
 * that a search or a filter in the address stays with the list.
 */
export function pageHref({ pathname, search }: { pathname: string; search: string }, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** What leads to one page: the page, its look and content, its name and whether it is the current one. */
interface TargetProps {
  page: number;
  className: string;
  children: ReactNode;
  label?: string;
  isCurrent?: boolean;
}

/** A link to page `page` of the list at the current address. */
function PageLink({
  page,
  className,
  children,
  label,
  isCurrent,
  onNavigate,
}: TargetProps & { onNavigate: ((page: number) => void) | undefined }) {
  const location = useLocation();
  return (
    <Link
      to={pageHref(location, page)}
      className={className}
      aria-label={label}
      aria-current={isCurrent ? 'page' : undefined}
      onClick={() => onNavigate?.(page)}
    >
      {children}
    </Link>
  );
}

/**
 * Previous, the page numbers of `items` (the current one highlighted and `aria-current="page"`, a gap shown as
 * '...') and Next; nothing when there is a single page. Each list chooses which numbers to offer (`page-window`).
 *
 * Each page is a link to the list's own address with `?page=n` (its search and filters kept), which works before
 * or without the page's script and is followed in the app without reloading; `onNavigate` hears of a page
 * followed (the list scrolls its top into view). A list that keeps its page in its own state instead (not in the
 * address) passes `onChange`, and gets buttons that report the chosen page.
 */
export function Pagination({
  page,
  totalPages,
  items,
  onChange,
  onNavigate,
  className = '',
}: {
  page: number;
  totalPages: number;
  items: readonly PageItem[];
  onChange?: (page: number) => void;
  onNavigate?: (page: number) => void;
  className?: string;
}) {
  const t = useT();
  const { number } = useFormat();
  if (totalPages <= 1) return null;

  const to = ({ page: target, className: look, children, label, isCurrent }: TargetProps) =>
    onChange ? (
      <button
        type="button"
        className={look}
        aria-label={label}
        aria-current={isCurrent ? 'page' : undefined}
        onClick={() => !isCurrent && onChange(target)}
      >
        {children}
      </button>
    ) : (
      <PageLink page={target} className={look} label={label} isCurrent={isCurrent} onNavigate={onNavigate}>
        {children}
      </PageLink>
    );

  const previous = (
    <>
      <ChevronLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
      {t('pagination.previous')}
    </>
  );
  const next = (
    <>
      {t('pagination.next')}
      <ChevronRight aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
    </>
  );
  /** Previous or Next where it leads nowhere: a disabled button, or a link without an address. */
  const nowhere = (children: ReactNode) =>
    onChange ? (
      <button type="button" className={`${base} ${idle} ${disabled} gap-1`} disabled>
        {children}
      </button>
    ) : (
      <span role="link" aria-disabled="true" className={`${base} ${unavailable} gap-1`}>
        {children}
      </span>
    );

  return (
    <nav
      aria-label={t('pagination.label')}
      className={`flex flex-wrap items-center justify-center gap-2 ${className}`}
    >
      {page <= 1
        ? nowhere(previous)
        : to({ page: page - 1, className: `${base} ${idle} gap-1`, children: previous })}
      <ul className="flex flex-wrap items-center gap-2">
        {items.map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-stone-500">
              ...
            </li>
          ) : (
            <li key={item}>
              {to({
                page: item,
                className: `${base} ${item === page ? current : idle}`,
                children: number(item),
                label: t('pagination.page', { page: number(item) }),
                isCurrent: item === page,
              })}
            </li>
          ),
        )}
      </ul>
      {page >= totalPages
        ? nowhere(next)
        : to({ page: page + 1, className: `${base} ${idle} gap-1`, children: next })}
    </nav>
  );
}
