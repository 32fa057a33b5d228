import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, inEditions, renderRoute, sampleBook, signedInAs } from '../testing';
import { ManageBooksPage } from './manage-books-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const twoEditions = {
  ...inEditions([
    { language: 'english', stock: 0 },
    { language: 'urdu', stock: 4, price: 500 },
  ]),
  _id: '0190b0a0-0000-7000-8000-000000000002',
  name: 'Bulugh al-Maram',
  author: 'Ibn Hajar',
};

const page = (
  data: object[],
  pagination = { currentPage: 1, totalPages: 1, totalItems: data.length, limit: 20 },
) => ({
  success: true,
  data,
  pagination,
});

const open = (path = '/manage-books') => renderRoute(<ManageBooksPage />, { path, pattern: '/manage-books' });

describe('ManageBooksPage', { timeout: 15_000 }, () => {
  it('lists the books in a table with a caption, headers, the stock of each edition and links to the editor', async () => {
    const calls = fakeApi(
      { 'GET /books': () => [200, page([sampleBook, twoEditions])] },
      signedInAs('admin'),
    );
    open();
    const table = await screen.findByRole('table', { name: /Books by name/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Cover', 'Name', 'Author', 'Editions', 'Price', 'Stock']);
    for (const th of within(table).getAllByRole('columnheader')) expect(th).toHaveAttribute('scope', 'col');
    const row = within(table).getByRole('row', { name: /Bulugh al-Maram/ });
    expect(within(row).getByRole('rowheader')).toHaveAttribute('scope', 'row');
    expect(within(row).getByRole('link', { name: 'Bulugh al-Maram' })).toHaveAttribute(
      'href',
      `/admin/books/${twoEditions._id}`,
    );
    expect(within(row).getByRole('img', { name: 'Cover of Bulugh al-Maram' })).toBeInTheDocument();
    expect(row).toHaveTextContent('English, Urdu');
    expect(row).toHaveTextContent('Urdu: ₹500.00');
    const stock = within(row).getAllByRole('listitem');
    expect(stock[0]).toHaveTextContent('English: Out of stock');
    expect(within(stock[0]!).getByText('Out of stock').tagName).toBe('STRONG');
    expect(stock[1]).toHaveTextContent('Urdu: 4 in stock');
    expect(screen.getByRole('status')).toHaveTextContent('2 books');
    // One page of 20, by name: the server pages and counts.
    const read = calls.find((call) => call.path === '/books')!;
    expect(Object.fromEntries(read.query)).toEqual({ sort: 'name', page: '1', limit: '20' });
  });

  it('searches on the server, keeps the search and the page in the address, and offers the other pages', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(
      {
        'GET /books': ({ query }) => [
          200,
          page([twoEditions], {
            currentPage: Number(query.get('page')),
            totalPages: 3,
            totalItems: 45,
            limit: 20,
          }),
        ],
      },
      signedInAs('admin'),
    );
    const { router } = open();
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search books' }), 'Hajar');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=Hajar'));
    await waitFor(() => expect(calls.at(-1)?.query.get('search')).toBe('Hajar'));
    expect(await screen.findByText('45 books match “Hajar”')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /2/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=Hajar&page=2'));
    await waitFor(() => expect(calls.at(-1)?.query.get('page')).toBe('2'));
    expect(await screen.findByRole('table', { name: /page 2 of 3/ })).toBeInTheDocument();
  });

  it('says when no book matches', async () => {
    fakeApi({ 'GET /books': () => [200, page([])] }, signedInAs('admin'));
    open('/manage-books?search=nothing');
    expect(await screen.findByText('No book matches this search.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
