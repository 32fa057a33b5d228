import type { Book } from '@scholar/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { inEditions, sampleBook } from '../testing';
import { BooksPage } from './books-page';

/** A book in one English edition at its price. */
const book = (n: number, name: string, author: string, price: number): Book =>
  inEditions([{ language: 'english' }], {
    ...sampleBook,
    _id: `0190b0a0-0000-7000-8000-00000000010${n}`,
    name,
    author,
    price,
    createdAt: `2026-01-0${n}T00:00:00.000Z`,
  });
const three = [
  book(1, 'Riyad as-Salihin', 'Imam an-Nawawi', 449.5),
  book(2, 'al-Adab al-Mufrad', 'Imam al-Bukhari', 300),
  book(3, 'Forty Hadith', 'Imam an-Nawawi', 120),
];
/** The books the fake API holds: the three above unless a test says otherwise. */
let catalogue = three;

/** `count` books, numbered from 1 in the order they were added, so newest first is `count` down to 1. */
const many = (count: number): Book[] =>
  Array.from({ length: count }, (_, i) =>
    inEditions([{ language: 'english' }], {
      ...sampleBook,
      _id: `0190b0a0-0000-7000-8000-${String(i + 1).padStart(12, '0')}`,
      name: `Volume ${i + 1}`,
      author: i % 2 === 0 ? 'Imam an-Nawawi' : 'Ibn Kathir',
      price: 100 + i,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    }),
  );

/** The `GET /api/books` queries the page sent, as `?search=…&sort=…&page=…&limit=…` strings. */
let queries: string[] = [];
/** What the page asks for first: the newest books, page 1 of 24. */
const FIRST = '?sort=newest&page=1&limit=24';

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

/** The API's answer: the whole list, or with `page` that page of `limit` books and its pagination. */
function pageOf(url: URL, books: Book[]) {
  if (!url.searchParams.has('page')) return { success: true, data: books };
  const page = Number(url.searchParams.get('page'));
  const limit = Number(url.searchParams.get('limit') ?? 24);
  return {
    success: true,
    data: books.slice((page - 1) * limit, page * limit),
    pagination: {
      currentPage: page,
      totalPages: Math.ceil(books.length / limit),
      totalItems: books.length,
      limit,
    },
  };
}

/** The elements scrolled into view (jsdom has no layout). */
const scrolledIntoView: Element[] = [];

beforeEach(() => {
  queries = [];
  catalogue = three;
  scrolledIntoView.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledIntoView.push(this);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/books') return new Response('{}', { status: 404 });
      queries.push(url.search);
      return new Response(JSON.stringify(pageOf(url, answer(url))), {
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
    expect(queries).toEqual([FIRST]);
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
    // A single page: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('searches on the server once typing pauses, and keeps the search in the URL', async () => {
    const { router, user } = open();
    await screen.findByText('3 books');
    await user.type(screen.getByRole('searchbox', { name: 'Search books' }), 'nawawi');
    expect(await screen.findByText('2 books')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Forty Hadith', 'Riyad as-Salihin']);
    // One request for the whole word, not one per letter.
    expect(queries).toEqual([FIRST, '?search=nawawi&sort=newest&page=1&limit=24']);
    expect(url(router)).toBe('/books?search=nawawi');

    await user.clear(screen.getByRole('searchbox', { name: 'Search books' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search books' }), 'nothing');
    expect(await screen.findByText('0 books')).toBeInTheDocument();
    expect(screen.getByText('No books match “nothing”.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Clear search' }));
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
    expect(queries).toEqual([
      FIRST,
      '?sort=price-asc&page=1&limit=24',
      '?sort=price-desc&page=1&limit=24',
      '?sort=name&page=1&limit=24',
    ]);

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
    expect(queries).toEqual(['?search=imam&sort=price-desc&page=1&limit=24']);

    await act(() => router.navigate('/books?search=forty'));
    expect(await screen.findByText('1 book')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveValue('forty');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('3 books')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveValue('imam');
  });

  it('ignores an unknown order or page in the URL', async () => {
    open('/books?sort=cheapest&page=zero');
    expect(await screen.findByText('3 books')).toBeInTheDocument();
    expect(queries).toEqual([FIRST]);
  });
});

describe('BooksPage pages', () => {
  const pager = () => screen.getByRole('navigation', { name: 'Pagination' });
  const hrefOf = (name: string) => within(pager()).getByRole('link', { name }).getAttribute('href');

  it('shows 24 books a page with links to the others, and reads its page from the URL', async () => {
    catalogue = many(60);
    const { router, user } = open('/books?sort=name&page=2');
    expect(await screen.findByText('60 books')).toBeInTheDocument();
    expect(queries).toEqual(['?sort=name&page=2&limit=24']);
    expect(shownNames()).toHaveLength(24);
    expect(within(pager()).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    // Every page is a link to this list with its order, which works without the script.
    expect(hrefOf('Page 1')).toBe('/books?sort=name');
    expect(hrefOf('Page 3')).toBe('/books?sort=name&page=3');
    expect(hrefOf('Previous')).toBe('/books?sort=name');
    expect(hrefOf('Next')).toBe('/books?sort=name&page=3');

    await user.click(within(pager()).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    expect(url(router)).toBe('/books?sort=name&page=3');
    // The list's top comes into view.
    expect(scrolledIntoView).toHaveLength(1);
    expect(scrolledIntoView[0]!.nextElementSibling).toBe(screen.getByRole('heading', { name: 'All books' }));
    expect(queries).toEqual(['?sort=name&page=2&limit=24', '?sort=name&page=3&limit=24']);
    expect(within(pager()).getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('goes back to page 1 for a new search or order', async () => {
    // The search waits for the reader to stop typing before it asks: on a busy machine that is over a second.
    const slow = { timeout: 5000 };
    catalogue = many(60);
    const { router, user } = open('/books?page=3');
    expect(await screen.findByText('60 books')).toBeInTheDocument();
    expect(shownNames()[0]).toBe('Volume 12');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low');
    await waitFor(() => expect(shownNames()[0]).toBe('Volume 60'), slow);
    expect(url(router)).toBe('/books?sort=price-desc');

    await act(() => router.navigate('/books?sort=price-desc&page=2'));
    await waitFor(() => expect(shownNames()[0]).toBe('Volume 36'), slow);
    await user.type(screen.getByRole('searchbox', { name: 'Search books' }), 'kathir');
    expect(await screen.findByText('30 books', {}, slow)).toBeInTheDocument();
    expect(url(router)).toBe('/books?search=kathir&sort=price-desc');
    expect(shownNames()[0]).toBe('Volume 60');
    expect(hrefOf('Page 2')).toBe('/books?search=kathir&sort=price-desc&page=2');
  });

  it('leads back from a page past the last', async () => {
    catalogue = many(30);
    open('/books?page=7');
    expect(await screen.findByText('There are no books on page 7.')).toBeInTheDocument();
    expect(screen.getByText('30 books')).toBeInTheDocument();
    expect(hrefOf('Page 2')).toBe('/books?page=2');
    expect(hrefOf('Page 1')).toBe('/books');
  });

  it('is a GET form to /books with the search, the order and a button, for a browser without the script', async () => {
    const { router, user } = open('/books?search=imam&sort=name&page=2');
    await screen.findByText('3 books');
    const form = screen.getByRole<HTMLFormElement>('search', { name: 'Books' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/books');
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveAttribute('name', 'search');
    expect(screen.getByLabelText('Sort by')).toHaveAttribute('name', 'sort');
    const button = within(form).getByRole('button', { name: 'Search' });
    expect(button).toHaveAttribute('type', 'submit');
    // What it sends: the search and the order, from the first page.
    const sent = [...new FormData(form)].map(([key, value]) => [key, String(value)]);
    expect(new URLSearchParams(sent).toString()).toBe('search=imam&sort=name');

    // With the script, the app takes the search at once instead of the browser sending the form.
    await user.clear(screen.getByRole('searchbox', { name: 'Search books' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search books' }), 'forty');
    expect(fireEvent.submit(form)).toBe(false);
    expect(url(router)).toBe('/books?search=forty&sort=name');
    expect(await screen.findByText('1 book')).toBeInTheDocument();
  });
});

describe('BooksPage in Urdu and Bengali', () => {
  async function openIn(locale: 'ur' | 'bn') {
    const i18n = await loadI18n(locale);
    const router = createMemoryRouter(
      [
        {
          path: '/books',
          element: (
            <LocaleProvider i18n={i18n}>
              <BooksPage />
            </LocaleProvider>
          ),
        },
      ],
      { initialEntries: ['/books'] },
    );
    renderWithProviders(router);
  }

  it('labels the search, the order, the count and the pages in Urdu, with prices in Indian grouping', async () => {
    catalogue = many(30);
    await openIn('ur');
    expect(await screen.findByText('30 کتابیں')).toBeInTheDocument();
    expect(document.title).toMatch(/^کتابیں/);
    expect(screen.getByRole('heading', { level: 1, name: 'کتابیں' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'کتابیں تلاش کریں' })).toHaveAttribute(
      'placeholder',
      'نام یا مصنف',
    );
    expect(screen.getByLabelText('ترتیب')).toHaveValue('newest');
    expect(screen.getByRole('option', { name: 'قیمت: کم سے زیادہ' })).toHaveValue('price-asc');
    expect(screen.getByRole('button', { name: 'تلاش کریں' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'صفحات' });
    expect(within(pages).getByRole('link', { name: 'صفحہ 2' })).toHaveAttribute('href', '/books?page=2');
    expect(within(pages).getByRole('link', { name: /اگلا/ })).toBeInTheDocument();
    // The newest volume first, its price as Urdu pages write money.
    expect(screen.getAllByText('₹129.00')[0]).toBeInTheDocument();
  });

  it('counts the books and numbers the pages in Bengali digits', async () => {
    catalogue = many(30);
    await openIn('bn');
    expect(await screen.findByText('৩০টি বই')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'পাতা ২' })).toHaveTextContent('২');
    expect(screen.getAllByText('₹১২৯.০০')[0]).toBeInTheDocument();
  });
});
