import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deskPages, OrderPagination } from './order-pagination';

describe('deskPages', () => {
  it('keeps five pages around the current one, with the first and the last', () => {
    expect(deskPages(1, 3)).toEqual([1, 2, 3]);
    expect(deskPages(2, 40)).toEqual([1, 2, 3, 4, 5, 'gap', 40]);
    expect(deskPages(5, 40)).toEqual([1, 'gap', 3, 4, 5, 6, 7, 'gap', 40]);
    expect(deskPages(8, 40)).toEqual([1, 'gap', 6, 7, 8, 9, 10, 'gap', 40]);
    expect(deskPages(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(deskPages(40, 40)).toEqual([1, 'gap', 36, 37, 38, 39, 40]);
    expect(deskPages(1, 0)).toEqual([]);
  });
});

describe('OrderPagination', () => {
  it('shows and highlights the current page past page 5', async () => {
    const onChange = vi.fn();
    render(<OrderPagination page={8} totalPages={40} onChange={onChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const numbers = screen.getAllByRole('button', { name: /^Page \d+$/ });
    expect(numbers.map((b) => b.textContent)).toEqual(['1', '6', '7', '8', '9', '10', '40']);
    expect(screen.getByRole('button', { name: 'Page 8' })).toHaveAttribute('aria-current', 'page');
    expect(nav.querySelectorAll('[aria-current]')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Page 8' })).toHaveClass('bg-brand-700');

    await userEvent.click(screen.getByRole('button', { name: 'Page 40' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onChange.mock.calls).toEqual([[40], [9], [7]]);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(<OrderPagination page={1} totalPages={12} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(<OrderPagination page={12} totalPages={12} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 12' })).toHaveAttribute('aria-current', 'page');
  });
});
