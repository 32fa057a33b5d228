import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { fakeApi, inEditions, renderRoute, signedInAs } from '../testing';
import { EditBookPage } from './edit-book-page';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const book = {
  ...inEditions([
    { language: 'english', stock: 3 },
    { language: 'urdu', stock: 0 },
  ]),
  pages: 656,
  binding: 'paperback',
  isbn: '0306406152',
  publisher: null,
};
const path = `/books/${book._id}`;

const open = () =>
  renderRoute(<EditBookPage />, { path: `/admin/books/${book._id}`, pattern: '/admin/books/:id' });

describe('EditBookPage', { timeout: 20_000 }, () => {
  it('shows the images as thumbnails with their place and alt text, not their stored names', async () => {
    fakeApi({ [`GET ${path}`]: () => [200, { success: true, data: book }] }, signedInAs('admin'));
    open();
    const list = await screen.findByRole('list', { name: 'Chosen images' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Position 1 of 3');
    expect(within(items[0]!).getByText('Cover')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('img', { name: `Cover of ${book.name}` })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('img', { name: `${book.name}, image 2 of 3` })).toBeInTheDocument();
    expect(list).not.toHaveTextContent('0123456789abcdef');
    expect(screen.getByRole('button', { name: 'Move image 2 down' })).toBeInTheDocument();
  });

  it('marks a wrong ISBN beside it with its message, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(
      { [`GET ${path}`]: () => [200, { success: true, data: book }] },
      signedInAs('admin'),
    );
    open();
    const isbn = await screen.findByLabelText('ISBN');
    expect(isbn).toHaveValue('0306406152');
    await user.clear(isbn);
    await user.type(isbn, '978-0-306-40615-8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(isbn).toHaveAttribute('aria-invalid', 'true');
    expect(isbn).toHaveAccessibleDescription(expect.stringContaining('check digit does not match'));
    expect(isbn).toHaveFocus();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('saves the product details and the stock of each edition, then goes back to the table', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(
      {
        [`GET ${path}`]: () => [200, { success: true, data: book }],
        [`PUT ${path}`]: ({ body }) => [200, { success: true, data: { ...book, ...(body as object) } }],
      },
      signedInAs('admin'),
    );
    const { router } = open();
    const form = await screen.findByRole('form', { name: `Edit ${book.name}` });
    expect(within(form).getByLabelText('Pages')).toHaveValue(656);
    expect(within(form).getByLabelText('Binding')).toHaveValue('paperback');
    await user.clear(within(form).getByLabelText('Pages'));
    await user.type(within(form).getByLabelText('Pages'), '700');
    await user.selectOptions(within(form).getByLabelText('Binding'), 'hardcover');
    await user.type(within(form).getByLabelText('Publisher'), 'Darul Ilm Press');
    const urdu = within(form).getByRole('group', { name: 'Urdu edition' });
    await user.clear(within(urdu).getByLabelText('Stock (copies)'));
    await user.type(within(urdu).getByLabelText('Stock (copies)'), '5');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Book updated successfully'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      pages: 700,
      binding: 'hardcover',
      isbn: '0306406152',
      publisher: 'Darul Ilm Press',
      editions: [
        { language: 'english', stock: 3, price: null },
        { language: 'urdu', stock: 5, price: null },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-books'));
  });

  it('says so when the book does not exist', async () => {
    fakeApi(
      { [`GET ${path}`]: () => [404, { success: false, error: 'Book not found', code: 'BOOK_NOT_FOUND' }] },
      signedInAs('admin'),
    );
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('This book does not exist.');
  });
});
