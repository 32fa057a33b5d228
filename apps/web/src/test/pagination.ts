import { screen } from '@testing-library/react';

/** The list's pagination as a reader sees it: its landmark and its entries' text, numbers and gaps ('...'). */
export function shownPagination() {
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  return { nav, entries: [...nav.querySelectorAll('li')].map((li) => li.textContent) };
}
