import { PAGE_WINDOW } from '@scholar/shared';

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
