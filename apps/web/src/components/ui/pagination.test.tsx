import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deskPages, pageItems } from '../../lib/page-window';
import { Pagination } from './pagination';

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(
      <Pagination page={1} totalPages={1} items={pageItems(1, 1)} onChange={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('renders Previous, the numbers with gaps and Next, and reports the chosen page', () => {
    const onChange = vi.fn();
    render(<Pagination page={5} totalPages={10} items={pageItems(5, 10)} onChange={onChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const items = [...nav.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual(['1', '...', '4', '5', '6', '...', '10']);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');

    fireEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onChange.mock.calls).toEqual([[10], [4], [6]]);
  });

  it('shows and highlights the current page past page 5', async () => {
    const onChange = vi.fn();
    render(<Pagination page={8} totalPages={40} items={deskPages(8, 40)} onChange={onChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const numbers = screen.getAllByRole('button', { name: /^Page \d+$/ });
    expect(numbers.map((b) => b.textContent)).toEqual(['1', '6', '7', '8', '9', '10', '40']);
    expect(nav.querySelectorAll('[aria-current]')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Page 8' })).toHaveClass('bg-brand-700');

    await userEvent.click(screen.getByRole('button', { name: 'Page 40' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onChange.mock.calls).toEqual([[40], [9], [7]]);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(
      <Pagination page={1} totalPages={3} items={pageItems(1, 3)} onChange={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(<Pagination page={3} totalPages={3} items={pageItems(3, 3)} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });
});
