import type { Book } from '@scholar/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { sampleBook } from '../testing';
import { BooksPage } from './books-page';

const book = (n: number, name: string, author: string, price: number): Book => ({
  ...sampleBook,
  _id: `0190b0a0-0000-7000-8000-00000000010${n}`,
  name,
  author,
  price,
  createdAt: `2026-01-0${n}T00:00:00.000Z`,
});
const catalogue = [
  book(1, 'Riyad as-Salihin', 'Imam an-Nawawi', 449.5),
  book(2, 'al-Adab al-Mufrad', 'Imam al-Bukhari', 300),
  book(3, 'Forty Hadith', 'Imam an-Nawawi', 120),
];

/** The `GET /api/books` queries the page sent, as `search=…&sort=…` strings. */
let queries: string[] = [];

/** A fake of the API's search (any word in name or author) and sorts. */
function answer(url: URL): Book[] {
  const words = (url.searchParams.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const found = catalogue.filter((b) =>
    words.every((w) => b.name.toLowerCase().includes(w) || b.author.toLowerCase().includes(w)),
  );
  const sorted = [...found];
  switch (url.searchParams.get('sort')) {
    case 'newest':
      return sorted.reverse();
    case 'price-asc':
      return sorted.sort((a, b) => a.price - b.price);
    case 'price-desc':
      return sorted.sort((a, b) => b.price - a.price);
    case 'name':
      return sorted.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    default:
      return sorted;
  }
}

beforeEach(() => {
  queries = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/books') return new Response('{}', { status: 404 });
      queries.push(url.search);
      return new Response(JSON.stringify({ success: true, data: answer(url) }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function open(path = '/books') {
  const router = createMemoryRouter(
    [
      { path: '/books', element: <BooksPage /> },
      { path: '/book/:bookId', element: <h1>A book</h1> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(router);
  return { router, user: userEvent.setup() };
}

const shownNames = () =>
  within(screen.getByRole('list', { name: 'Books' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);
const url = (router: ReturnType<typeof open>['router']) =>
  router.state.location.pathname + router.state.location.search;

describe('BooksPage', () => {
  it('shows every book newest first with a count, as its preloaded read asks', async () => {
    open();
    expect(await screen.findByText('3 books')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Forty Hadith', 'al-Adab al-Mufrad', 'Riyad as-Salihin']);
    expect(queries).toEqual(['?sort=newest']);
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
  });

  it('searches on the server once typing pauses, and keeps the search in the URL', async () => {
    const { router, user } = open();
    await screen.findByText('3 books');
    await user.type(screen.getByRole('searchbox', { name: 'Search books' }), 'nawawi');
    expect(await screen.findByText('2 books')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Forty Hadith', 'Riyad as-Salihin']);
    // One request for the whole word, not one per letter.
    expect(queries).toEqual(['?sort=newest', '?search=nawawi&sort=newest']);
    expect(url(router)).toBe('/books?search=nawawi');

    await user.clear(screen.getByRole('searchbox', { name: 'Search books' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search books' }), 'nothing');
    expect(await screen.findByText('0 books')).toBeInTheDocument();
    expect(screen.getByText('No books match “nothing”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('3 books')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveValue('');
    expect(url(router)).toBe('/books');
  });

  it('sorts by price either way and by name, each order a URL of its own', async () => {
    const { router, user } = open();
    await screen.findByText('3 books');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
    await waitFor(() =>
      expect(shownNames()).toEqual(['Forty Hadith', 'al-Adab al-Mufrad', 'Riyad as-Salihin']),
    );
    expect(url(router)).toBe('/books?sort=price-asc');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low');
    await waitFor(() =>
      expect(shownNames()).toEqual(['Riyad as-Salihin', 'al-Adab al-Mufrad', 'Forty Hadith']),
    );
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name (A to Z)');
    await waitFor(() =>
      expect(shownNames()).toEqual(['al-Adab al-Mufrad', 'Forty Hadith', 'Riyad as-Salihin']),
    );
    expect(queries).toEqual(['?sort=newest', '?sort=price-asc', '?sort=price-desc', '?sort=name']);

    // Back returns to the previous order.
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-desc');
    await waitFor(() =>
      expect(shownNames()).toEqual(['Riyad as-Salihin', 'al-Adab al-Mufrad', 'Forty Hadith']),
    );
  });

  it('opens a shared link with its search and order, and follows Back to an earlier search', async () => {
    const { router } = open('/books?search=imam&sort=price-desc');
    expect(await screen.findByText('3 books')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveValue('imam');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-desc');
    expect(queries).toEqual(['?search=imam&sort=price-desc']);

    await act(() => router.navigate('/books?search=forty'));
    expect(await screen.findByText('1 book')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveValue('forty');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('3 books')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveValue('imam');
  });

  it('ignores an unknown order in the URL', async () => {
    open('/books?sort=cheapest');
    expect(await screen.findByText('3 books')).toBeInTheDocument();
    expect(queries).toEqual(['?sort=newest']);
  });
});
