import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pageItems, Pagination } from './pagination';

const shown = (current: number, total: number) =>
  pageItems(current, total)
    .map((item) => (item === 'gap' ? '...' : String(item)))
    .join(' ');

describe('pageItems', () => {
  it('shows the first and last pages, the current one plus or minus one, and gaps', () => {
    expect(shown(1, 1)).toBe('1');
    expect(shown(5, 10)).toBe('1 ... 4 5 6 ... 10');
    expect(shown(1, 10)).toBe('1 2 ... 10');
    expect(shown(10, 10)).toBe('1 ... 9 10');
    expect(shown(2, 3)).toBe('1 2 3');
    expect(shown(7, 20)).toBe('1 ... 6 7 8 ... 20');
  });

  it('shows a gap even for a single left-out page', () => {
    expect(shown(3, 10)).toBe('1 2 3 4 ... 10');
    expect(shown(4, 10)).toBe('1 ... 3 4 5 ... 10');
    expect(shown(7, 10)).toBe('1 ... 6 7 8 ... 10');
    expect(shown(8, 10)).toBe('1 ... 7 8 9 10');
    expect(shown(1, 3)).toBe('1 2 3');
    expect(shown(1, 4)).toBe('1 2 ... 4');
  });

  it('copes with no pages and with a page beyond the last', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(shown(99, 10)).toBe('1 ... 9 10');
  });
});

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination currentPage={1} totalPages={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('renders Previous, the numbers with gaps and Next, and reports the chosen page', () => {
    const onPageChange = vi.fn();
    render(<Pagination currentPage={5} totalPages={10} onPageChange={onPageChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const items = [...nav.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual(['1', '...', '4', '5', '6', '...', '10']);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');

    fireEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onPageChange.mock.calls).toEqual([[10], [4], [6]]);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(<Pagination currentPage={1} totalPages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(<Pagination currentPage={3} totalPages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
