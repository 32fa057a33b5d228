import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../lib/i18n';
import { deskPages, pageItems, type PageItem } from '../../lib/page-window';
import { shownPagination } from '../../test/pagination';
import { Pagination, pageHref } from './pagination';

describe('Pagination with onChange (a page kept in the screen)', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(
      <Pagination page={1} totalPages={1} items={pageItems(1, 1)} onChange={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('renders Previous, the numbers with gaps and Next, and reports the chosen page', () => {
    const onChange = vi.fn();
    render(<Pagination page={5} totalPages={10} items={pageItems(5, 10)} onChange={onChange} />);
    expect(shownPagination().entries).toEqual(['1', '...', '4', '5', '6', '...', '10']);
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

/** The list at `path`, its pages as links; the address shown beside it. */
function openList(path: string, pages: (page: number) => { totalPages: number; items: PageItem[] }) {
  const onNavigate = vi.fn();
  function List() {
    const location = useLocation();
    const page = Number(new URLSearchParams(location.search).get('page') ?? 1);
    const { totalPages, items } = pages(page);
    return (
      <>
        <p data-testid="address">{location.pathname + location.search}</p>
        <Pagination page={page} totalPages={totalPages} items={items} onNavigate={onNavigate} />
      </>
    );
  }
  const router = createMemoryRouter([{ path: '/fatwah', element: <List /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, onNavigate };
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('Pagination as links (a page kept in the address)', () => {
  it('links every page to the address with ?page=n, keeping the rest of its query; page 1 drops it', () => {
    openList('/fatwah?search=salah&category=Prayer&page=5', (page) => ({
      totalPages: 10,
      items: pageItems(page, 10),
    }));
    const { nav, entries } = shownPagination();
    expect(entries).toEqual(['1', '...', '4', '5', '6', '...', '10']);
    expect(hrefOf('Page 1')).toBe('/fatwah?search=salah&category=Prayer');
    expect(hrefOf('Page 4')).toBe('/fatwah?search=salah&category=Prayer&page=4');
    expect(hrefOf('Page 10')).toBe('/fatwah?search=salah&category=Prayer&page=10');
    expect(hrefOf('Previous')).toBe('/fatwah?search=salah&category=Prayer&page=4');
    expect(hrefOf('Next')).toBe('/fatwah?search=salah&category=Prayer&page=6');
    expect(screen.getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(nav.querySelectorAll('[aria-current]')).toHaveLength(1);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('follows a link in the app, without reloading, and tells onNavigate', async () => {
    const { router, onNavigate } = openList('/fatwah', (page) => ({
      totalPages: 3,
      items: pageItems(page, 3),
    }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/fatwah\?page=3$/);
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('link', { name: 'Previous' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/fatwah\?page=2$/);
    expect(onNavigate.mock.calls).toEqual([[3], [2]]);
    // Each page is an entry of the history: Back returns to the page before.
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/fatwah\?page=3$/);
  });

  it('shows Previous on the first page and Next on the last as links to nowhere', () => {
    openList('/fatwah', () => ({ totalPages: 3, items: pageItems(1, 3) }));
    const previous = screen.getByRole('link', { name: 'Previous' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(previous).not.toHaveAttribute('href');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/fatwah?page=2');
  });

  it('offers nothing to follow on the last page past Next', () => {
    openList('/fatwah?page=3', () => ({ totalPages: 3, items: pageItems(3, 3) }));
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('link', { name: 'Next' })).not.toHaveAttribute('href');
    expect(hrefOf('Previous')).toBe('/fatwah?page=2');
  });

  it('renders nothing for a single page', () => {
    openList('/fatwah', () => ({ totalPages: 1, items: pageItems(1, 1) }));
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('pageHref', () => {
  it('sets the page in the query, and drops it for page 1', () => {
    const at = (search: string) => ({ pathname: '/books', search });
    expect(pageHref(at(''), 2)).toBe('/books?page=2');
    expect(pageHref(at('?page=2'), 1)).toBe('/books');
    expect(pageHref(at('?search=ibn+kathir&page=4&sort=name'), 5)).toBe(
      '/books?search=ibn+kathir&page=5&sort=name',
    );
    expect(pageHref(at('?sort=name&page=3'), 1)).toBe('/books?sort=name');
  });
});

describe('Pagination in Urdu and Bengali', () => {
  it('names the pages, Previous and Next in the page’s language, and numbers them in its digits', async () => {
    const onChange = vi.fn();
    const { unmount } = render(
      <LocaleProvider i18n={await loadI18n('ur')}>
        <Pagination page={2} totalPages={3} items={pageItems(2, 3)} onChange={onChange} />
      </LocaleProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'صفحات' });
    expect(nav).toHaveTextContent('پچھلا');
    fireEvent.click(screen.getByRole('button', { name: 'اگلا' }));
    fireEvent.click(screen.getByRole('button', { name: 'صفحہ 1' }));
    expect(onChange.mock.calls).toEqual([[3], [1]]);
    unmount();

    render(
      <LocaleProvider i18n={await loadI18n('bn')}>
        <Pagination page={2} totalPages={3} items={pageItems(2, 3)} onChange={onChange} />
      </LocaleProvider>,
    );
    expect(screen.getByRole('button', { name: 'পাতা ২' })).toHaveTextContent(/^২$/);
    expect(screen.getByRole('button', { name: 'পরের' })).toBeInTheDocument();
  });
});
