import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { fakeApi, inEditions, renderRoute, sampleBook, signedInAs } from '../testing';
import { ManageBookCard } from './manage-book-card';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${(n += 1)}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const path = `/books/${sampleBook._id}`;

/** The control is marked invalid and its message is said with it. */
function expectMarked(control: HTMLElement, message: string) {
  expect(control).toHaveAttribute('aria-invalid', 'true');
  expect(control).toHaveAccessibleDescription(expect.stringContaining(message));
}
const show = (book = sampleBook) =>
  renderRoute(<ManageBookCard book={book} />, {
    path: '/manage-books-card',
    pattern: '/manage-books-card',
  });

// Whole forms driven by the keyboard and pointer: a few seconds each on a busy two-core machine.
describe('ManageBookCard', { timeout: 15_000 }, () => {
  it('edits inline and sends the price rounded to 2 decimals', async () => {
    const user = userEvent.setup();
    const admin = signedInAs('admin');
    const calls = fakeApi(
      {
        [`PUT ${path}`]: ({ body }) => [
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
    await user.click(within(form).getByLabelText('Name'));
    await user.paste('Riyad (2nd edition)');
    await user.clear(price);
    await user.click(price);
    await user.paste('512.345');
    const stock = within(form).getByLabelText('Stock (copies)');
    expect(stock).toHaveValue(null);
    await user.click(stock);
    await user.paste('4');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Book updated successfully'));
    expect(calls.find((call) => call.method === 'PUT')).toEqual(
      expect.objectContaining({
        method: 'PUT',
        path,
        body: {
          name: 'Riyad (2nd edition)',
          description: sampleBook.description,
          author: sampleBook.author,
          price: 512.35,
          // The stock is the edition's: the list of editions replaces the book's.
          editions: [{ language: 'english', stock: 4, price: null }],
        },
      }),
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.books.lists() });
    expect(queryClient.getQueryData(queryKeys.books.detail(sampleBook._id))).toMatchObject({ price: 512.35 });
  });

  it('shows the editions with their stock and own price, and edits them as rows', async () => {
    const user = userEvent.setup();
    const book = inEditions([
      { language: 'english', stock: 4 },
      { language: 'bengali', stock: 2, price: 300 },
      { language: 'urdu' },
    ]);
    const calls = fakeApi(
      { [`PUT ${path}`]: () => [200, { success: true, data: book }] },
      signedInAs('admin'),
    );
    show(book);
    const listed = screen.getByRole('list', { name: `Editions of ${book.name}` });
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['English: 4 in stock', 'Bengali: 2 in stock · ₹300.00', 'Urdu: stock not tracked']);

    await user.click(screen.getByRole('button', { name: `Edit ${book.name}` }));
    const editions = screen.getByRole('group', { name: 'Editions' });
    const rows = () =>
      within(editions)
        .getAllByRole('group')
        .map((row) => [
          within(row).getByLabelText<HTMLSelectElement>('Language').value,
          within(row).getByLabelText<HTMLInputElement>('Stock (copies)').value,
          within(row).getByLabelText<HTMLInputElement>('Own price (₹)').value,
        ]);
    expect(rows()).toEqual([
      ['english', '4', ''],
      ['bengali', '2', '300.00'],
      ['urdu', '', ''],
    ]);
    await user.click(within(editions).getByRole('button', { name: 'Remove Urdu edition' }));
    const bengali = within(editions).getByRole('group', { name: 'Bengali edition' });
    await user.clear(within(bengali).getByLabelText('Own price (₹)'));
    const english = within(editions).getByRole('group', { name: 'English edition' });
    await user.clear(within(english).getByLabelText('Stock (copies)'));
    await user.click(within(english).getByLabelText('Stock (copies)'));
    await user.paste('6');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Book updated successfully'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      editions: [
        { language: 'english', stock: 6, price: null },
        { language: 'bengali', stock: 2, price: null },
      ],
    });
  });

  it('asks before leaving with an edition changed', async () => {
    const user = userEvent.setup();
    fakeApi({}, signedInAs('admin'));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { router } = show();
    await user.click(screen.getByRole('button', { name: `Edit ${sampleBook.name}` }));
    await user.click(screen.getByRole('button', { name: 'Add edition' }));
    await router.navigate('/books');
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave this page and lose them?');
    expect(router.state.location.pathname).toBe('/manage-books-card');
  });

  it('marks a negative price or an empty field beside it, with the focus, before sending', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({}, signedInAs('admin'));
    show();
    await user.click(screen.getByRole('button', { name: `Edit ${sampleBook.name}` }));
    const price = screen.getByLabelText('Price (₹)');
    await user.clear(price);
    await user.type(price, '-5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expectMarked(price, 'Price cannot be negative');
    expect(price).toHaveFocus();
    expect(screen.getByLabelText('Author')).not.toHaveAttribute('aria-invalid');
    await user.clear(price);
    await user.type(price, '5');
    await user.clear(screen.getByLabelText('Author'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(price).not.toHaveAttribute('aria-invalid');
    expectMarked(screen.getByLabelText('Author'), 'Name, description, author and price are required');
    expect(screen.getByLabelText('Author')).toHaveFocus();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it("puts the server's field errors beside their fields", async () => {
    const user = userEvent.setup();
    fakeApi(
      {
        [`PUT ${path}`]: () => [
          400,
          {
            success: false,
            error: 'Description must be at most 10000 characters long',
            code: 'VALIDATION_ERROR',
            details: [
              { path: 'body.description', message: 'Description must be at most 10000 characters long' },
            ],
          },
        ],
      },
      signedInAs('admin'),
    );
    show();
    await user.click(screen.getByRole('button', { name: `Edit ${sampleBook.name}` }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const description = screen.getByLabelText('Description');
    await waitFor(() => expect(description).toHaveFocus());
    expectMarked(description, 'Description must be at most 10000 characters long');
  });

  it('adds, moves (by keyboard) and removes images, then sends their order with the new file', async () => {
    const user = userEvent.setup();
    const [cover] = sampleBook.images as [string];
    const saved = {
      ...sampleBook,
      images: ['/api/uploads/books/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', cover],
    };
    const calls = fakeApi(
      {
        [`PUT ${path}`]: () => [200, { success: true, data: sampleBook }],
        [`PUT ${path}/images`]: () => [200, { success: true, data: saved }],
      },
      signedInAs('admin'),
    );
    const { queryClient } = show();
    await user.click(screen.getByRole('button', { name: `Edit ${sampleBook.name}` }));
    const list = screen.getByRole('list', { name: 'Chosen images' });
    const rows = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(rows()).toEqual([
      '0123456789abcdef0123456789abcdef.pngCover',
      'fedcba9876543210fedcba9876543210.jpg',
      'back.jpg',
    ]);

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'new-cover.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Images'), file);
    expect(rows()).toHaveLength(4);
    // Up three times from the keyboard: the new image becomes the cover.
    screen.getByRole('button', { name: 'Move image 4 (new-cover.png) up' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(rows()[0]).toBe('new-cover.pngCover');
    expect(screen.getByRole('button', { name: 'Move image 1 (new-cover.png) down' })).toHaveFocus();

    await user.click(
      screen.getByRole('button', { name: 'Remove image 3 (fedcba9876543210fedcba9876543210.jpg)' }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove image 3 (back.jpg)' }));
    expect(rows()).toEqual(['new-cover.pngCover', '0123456789abcdef0123456789abcdef.png']);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Book updated successfully'));
    const sent = calls.find((call) => call.path === `${path}/images`);
    expect(sent?.method).toBe('PUT');
    const form = sent?.body as FormData;
    expect(JSON.parse(String(form.get('order')))).toEqual(['new:0', cover]);
    expect((form.getAll('images') as File[]).map((image) => image.name)).toEqual(['new-cover.png']);
    expect(queryClient.getQueryData(queryKeys.books.detail(sampleBook._id))).toEqual(saved);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('does not send the images when they did not change; asks for one when all are removed', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(
      { [`PUT ${path}`]: () => [200, { success: true, data: sampleBook }] },
      signedInAs('admin'),
    );
    show();
    await user.click(screen.getByRole('button', { name: `Edit ${sampleBook.name}` }));
    for (let i = 0; i < sampleBook.images.length; i += 1)
      await user.click(screen.getAllByRole('button', { name: /^Remove image 1 / })[0]!);
    // The last removal leaves the focus on the chooser.
    expect(screen.getByLabelText('Images')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expectMarked(screen.getByLabelText('Images'), 'A book needs at least one image');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: `Edit ${sampleBook.name}` }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Book updated successfully'));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([path]);
  });

  it('asks before leaving the page with an unsaved edit', async () => {
    const user = userEvent.setup();
    fakeApi({}, signedInAs('admin'));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { router } = show();
    await user.click(screen.getByRole('button', { name: `Edit ${sampleBook.name}` }));
    await user.click(screen.getByRole('button', { name: /^Move image 2 .* up$/ }));
    await router.navigate('/books');
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave this page and lose them?');
    expect(router.state.location.pathname).toBe('/manage-books-card');
    expect(screen.getByRole('form')).toBeInTheDocument();
  });

  it("puts the server's refusal of the images beside them", async () => {
    const user = userEvent.setup();
    fakeApi(
      {
        [`PUT ${path}`]: () => [200, { success: true, data: sampleBook }],
        [`PUT ${path}/images`]: () => [
          400,
          {
            success: false,
            error: "An image in the list is not one of this book's images",
            code: 'VALIDATION_ERROR',
            details: [
              { path: 'body.order', message: "An image in the list is not one of this book's images" },
            ],
          },
        ],
      },
      signedInAs('admin'),
    );
    show();
    await user.click(screen.getByRole('button', { name: `Edit ${sampleBook.name}` }));
    await user.click(screen.getByRole('button', { name: /^Move image 2 .* up$/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Images')).toHaveFocus());
    expectMarked(screen.getByLabelText('Images'), "An image in the list is not one of this book's images");
    expect(screen.getByRole('form')).toBeInTheDocument();
  });

  it("shows the server's error, else 'Failed to update book'", async () => {
    const user = userEvent.setup();
    fakeApi({ [`PUT ${path}`]: () => [500, {}] }, signedInAs('admin'));
    show();
    await user.click(screen.getByRole('button', { name: `Edit ${sampleBook.name}` }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to update book', expect.anything()));
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
