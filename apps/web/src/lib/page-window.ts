import { PAGE_MAX, PAGE_WINDOW } from '@scholar/shared';

/**
 * The page numbers to show: at most `size` of them. While the current page is at most `startAtOneUntil`, the
 * window starts at 1; after that it centres on the current page (never running past the last page).
 */
export function pageWindow(
  current: number,
  totalPages: number,
  { size = PAGE_WINDOW, startAtOneUntil = 3 }: { size?: number; startAtOneUntil?: number } = {},
): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  let start = current <= startAtOneUntil ? 1 : current - Math.floor(size / 2);
  start = Math.max(1, Math.min(start, totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * `?page=n` of a list's address: a whole number from 1; anything else (or nothing) is page 1. A number past
 * `PAGE_MAX` (which the API refuses) is asked as `PAGE_MAX`: past the last page of any list all the same.
 */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, PAGE_MAX) : 1;
}

/** A page number to offer, or a gap where pages are left out. */
export type PageItem = number | 'gap';

/**
 * The page numbers of the articles (docs/product.md, "Articles"): the first and last pages, the current page plus
 * or minus one, and a gap for every run of pages left out, even a run of one page.
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

/**
 * The pages of the orders' desk: five around the current one, with the first and the last always there and a gap
 * where pages are left out, e.g. 1 … 6 7 8 9 10 … 40 on page 8.
 */
export function deskPages(current: number, totalPages: number): PageItem[] {
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
