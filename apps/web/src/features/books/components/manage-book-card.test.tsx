import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { fakeApi, renderRoute, sampleBook, signedInAs } from '../testing';
import { ManageBookCard } from './manage-book-card';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const path = `/books/${sampleBook._id}`;
const show = () =>
  renderRoute(<ManageBookCard book={sampleBook} />, {
    path: '/manage-books-card',
    pattern: '/manage-books-card',
  });

describe('ManageBookCard', () => {
  it('edits inline and sends the price rounded to 2 decimals', async () => {
    const user = userEvent.setup();
    const admin = signedInAs('admin');
    const calls = fakeApi(
      {
        [`PUT ${path}`]: (body) => [
          200,
          {
            success: true,
            data: { ...sampleBook, ...(body as object) },
            message: 'Book updated successfully',
          },
        ],
      },
      admin,
    );
    const { queryClient } = show();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(screen.getByText('₹449.50')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Edit ${sampleBook.name}` }));

    const form = screen.getByRole('form', { name: `Edit ${sampleBook.name}` });
    const price = within(form).getByLabelText('Price (₹)');
    expect(price).toHaveValue(449.5);
    expect(price).toHaveAttribute('min', '0');
    expect(price).toHaveAttribute('step', '0.01');
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Riyad (2nd edition)');
    await user.clear(price);
    await user.type(price, '512.345');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Book updated successfully'));
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path,
      body: {
        name: 'Riyad (2nd edition)',
        description: sampleBook.description,
        author: sampleBook.author,
        price: 512.35,
      },
    });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['books', 'list'] });
    expect(queryClient.getQueryData(['books', 'detail', sampleBook._id])).toMatchObject({ price: 512.35 });
  });

  it('refuses a negative price or an empty field before sending', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({}, signedInAs('admin'));
    show();
    await user.click(screen.getByRole('button', { name: `Edit ${sampleBook.name}` }));
    const price = screen.getByLabelText('Price (₹)');
    await user.clear(price);
    await user.type(price, '-5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Price cannot be negative');
    await user.clear(price);
    await user.type(price, '5');
    await user.clear(screen.getByLabelText('Author'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Name, description, author and price are required');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it("shows the server's error, else 'Failed to update book'", async () => {
    const user = userEvent.setup();
    fakeApi({ [`PUT ${path}`]: () => [500, {}] }, signedInAs('admin'));
    show();
    await user.click(screen.getByRole('button', { name: `Edit ${sampleBook.name}` }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to update book'));
    expect(screen.getByRole('form')).toBeInTheDocument();
  });

  it('deletes after a confirmation, and not without it', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(
      {
        [`DELETE ${path}`]: () => [
          200,
          { success: true, data: sampleBook, message: 'Book deleted successfully' },
        ],
      },
      signedInAs('admin'),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    show();
    const remove = screen.getByRole('button', { name: `Delete ${sampleBook.name}` });
    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith(`Are you sure you want to delete "${sampleBook.name}"?`);
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await user.click(remove);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Book deleted successfully'));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it("says 'Failed to delete book' when the server gives no reason", async () => {
    const user = userEvent.setup();
    fakeApi({ [`DELETE ${path}`]: () => [502, null] }, signedInAs('admin'));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    show();
    await user.click(screen.getByRole('button', { name: `Delete ${sampleBook.name}` }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to delete book'));
  });
});
