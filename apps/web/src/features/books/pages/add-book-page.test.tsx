import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { fakeApi, renderRoute, sampleBook, signedInAs } from '../testing';
import { AddBookPage } from './add-book-page';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

/** A stand-in for XMLHttpRequest: records the request, then the test decides the progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  private listeners: Record<string, (() => void)[]> = {};
  private uploadListeners: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void)[] =
    [];
  upload = {
    addEventListener: (_type: string, listener: (typeof this.uploadListeners)[number]) => {
      this.uploadListeners.push(listener);
    },
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: FormData) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners) listener({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    for (const listener of this.listeners.load ?? []) listener();
  }
}

let created: string[];
let revoked: string[];
beforeEach(() => {
  created = [];
  revoked = [];
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  let n = 0;
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:preview-${(n += 1)}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => {
    revoked.push(url);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

/** Types into a field: pasted at once (typing key by key is slow on a busy machine and proves nothing more). */
async function enter(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

async function fillFields(user: ReturnType<typeof userEvent.setup>, price = '349.999') {
  await enter(user, 'Name', 'Sahih al-Bukhari');
  await enter(user, 'Author', 'Imam al-Bukhari');
  await enter(user, 'Price (₹)', price);
  await enter(user, 'Description', 'The most authentic collection.');
}

/** Types into a field of an edition's row (an empty text clears it). */
async function enterWithin(
  user: ReturnType<typeof userEvent.setup>,
  row: HTMLElement,
  label: string,
  text: string,
) {
  const field = within(row).getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  if (text) await user.paste(text);
}

/** The editions the form sent, as the JSON text of the multipart body. */
const sentEditions = () => JSON.parse(String(FakeXhr.last?.body?.get('editions'))) as unknown;

/** The control is marked invalid and its message is said with it. */
function expectMarked(control: HTMLElement, message: string) {
  expect(control).toHaveAttribute('aria-invalid', 'true');
  expect(control).toHaveAccessibleDescription(expect.stringContaining(message));
}

function open() {
  fakeApi({}, signedInAs('admin'));
  return renderRoute(<AddBookPage />, { path: '/add-book', pattern: '/add-book' });
}

// Whole forms driven by the keyboard and pointer: a few seconds each on a busy two-core machine.
describe('AddBookPage', { timeout: 15_000 }, () => {
  it('has a labelled field for everything, with the price as a number from 0 in steps of 0.01', () => {
    open();
    for (const label of ['Name', 'Author', 'Description', 'Images'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    const price = screen.getByLabelText('Price (₹)');
    expect(price).toHaveAttribute('type', 'number');
    expect(price).toHaveAttribute('min', '0');
    expect(price).toHaveAttribute('step', '0.01');
    expect(screen.getByLabelText('Images')).toHaveAttribute('multiple');
  });

  it('marks every missing field and the images beside them, and puts the focus on the first', async () => {
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    for (const label of ['Name', 'Author', 'Price (₹)', 'Description', 'Images'])
      expectMarked(screen.getByLabelText(label), 'All fields including at least one image are required');
    expect(screen.getByLabelText('Name')).toHaveFocus();

    await fillFields(user);
    // A field changed loses its mark at once.
    for (const label of ['Name', 'Author', 'Price (₹)', 'Description'])
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    for (const label of ['Name', 'Author', 'Price (₹)', 'Description'])
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
    expectMarked(screen.getByLabelText('Images'), 'All fields including at least one image are required');
    expect(screen.getByLabelText('Images')).toHaveFocus();
    expect(FakeXhr.last).toBeNull();
  });

  it('marks a wrong price with its own message and the focus, and sends once it is fixed', async () => {
    const user = userEvent.setup();
    open();
    await fillFields(user, '-5');
    await user.upload(screen.getByLabelText('Images'), png('front.png'));
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    const price = screen.getByLabelText('Price (₹)');
    expectMarked(price, 'Price cannot be negative');
    expect(price).toHaveFocus();
    for (const label of ['Name', 'Author', 'Description', 'Images'])
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
    expect(FakeXhr.last).toBeNull();

    await enter(user, 'Price (₹)', '12345678901');
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    expectMarked(price, 'Price cannot be more than ₹1,00,00,000');

    await enter(user, 'Price (₹)', '120');
    expect(price).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(FakeXhr.last?.body?.get('price')).toBe('120');
  });

  it('has a labelled stock field, empty for not tracked, with its message beside it when wrong', async () => {
    const user = userEvent.setup();
    open();
    const stock = screen.getByLabelText('Stock (copies)');
    expect(stock).toHaveAttribute('type', 'number');
    expect(stock).not.toBeRequired();
    expect(stock).toHaveAccessibleDescription(expect.stringContaining('not tracked'));
    await fillFields(user, '120');
    await user.upload(screen.getByLabelText('Images'), png('front.png'));
    await enter(user, 'Stock (copies)', '-1');
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    expectMarked(stock, 'Stock cannot be negative');
    expect(stock).toHaveFocus();
    expect(FakeXhr.last).toBeNull();

    await enter(user, 'Stock (copies)', '3');
    expect(stock).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    // The stock is the English edition's: the book has no stock field of its own any more.
    expect(sentEditions()).toEqual([{ language: 'english', stock: 3, price: null }]);
    expect(FakeXhr.last?.body?.get('stock')).toBeNull();
  });

  it('sends one English edition, its stock not tracked, when the stock is left empty', async () => {
    const user = userEvent.setup();
    open();
    await fillFields(user, '120');
    await user.upload(screen.getByLabelText('Images'), png('front.png'));
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(sentEditions()).toEqual([{ language: 'english', stock: null, price: null }]);
  });

  it('adds and removes editions, each language once, at least one, and sends them in their order', async () => {
    const user = userEvent.setup();
    open();
    const editions = screen.getByRole('group', { name: 'Editions' });
    const english = within(editions).getByRole('group', { name: 'English edition' });
    expect(within(english).getByLabelText('Language')).toHaveValue('english');
    expect(within(english).getByRole('button', { name: 'Remove English edition' })).toBeDisabled();

    const add = within(editions).getByRole('button', { name: 'Add edition' });
    await user.click(add);
    // The new row takes the first language not taken, and the focus; a language taken cannot be chosen again.
    const urdu = within(editions).getByRole('group', { name: 'Urdu edition' });
    const language = within(urdu).getByLabelText('Language');
    expect(language).toHaveFocus();
    expect(within(urdu).getByRole('option', { name: 'English' })).toBeDisabled();
    await user.selectOptions(language, 'bengali');
    const bengali = within(editions).getByRole('group', { name: 'Bengali edition' });
    expect(within(english).getByRole('option', { name: 'Bengali' })).toBeDisabled();
    await enterWithin(user, bengali, 'Stock (copies)', '7');
    await enterWithin(user, bengali, 'Own price (₹)', '299.999');

    // Five languages at most: then no row can be added.
    await user.click(add);
    await user.click(add);
    await user.click(add);
    expect(within(editions).getAllByRole('group')).toHaveLength(5);
    expect(add).toBeDisabled();
    await user.click(within(editions).getByRole('button', { name: 'Remove Urdu edition' }));
    expect(add).toHaveFocus();
    await user.click(within(editions).getByRole('button', { name: 'Remove Arabic edition' }));
    await user.click(within(editions).getByRole('button', { name: 'Remove Hindi edition' }));
    expect(
      within(editions)
        .getAllByRole('group')
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual(['English edition', 'Bengali edition']);

    await fillFields(user, '350');
    await user.upload(screen.getByLabelText('Images'), png('front.png'));
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    // The own price rounded to 2 decimals; the English edition at the book's price.
    expect(sentEditions()).toEqual([
      { language: 'english', stock: null, price: null },
      { language: 'bengali', stock: 7, price: 300 },
    ]);
  });

  it("marks a wrong edition's control beside it, and puts the server's refusal of one in its row", async () => {
    const user = userEvent.setup();
    open();
    await fillFields(user, '120');
    await user.upload(screen.getByLabelText('Images'), png('front.png'));
    await user.click(screen.getByRole('button', { name: 'Add edition' }));
    const urdu = screen.getByRole('group', { name: 'Urdu edition' });
    await enterWithin(user, urdu, 'Own price (₹)', '-4');
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    const price = within(urdu).getByLabelText('Own price (₹)');
    expectMarked(price, 'Price cannot be negative');
    expect(price).toHaveFocus();
    expect(screen.getByLabelText('Price (₹)')).not.toHaveAttribute('aria-invalid');
    expect(FakeXhr.last).toBeNull();

    await enterWithin(user, urdu, 'Own price (₹)', '');
    expect(price).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    FakeXhr.last!.respond(400, {
      success: false,
      error: 'Stock cannot be more than 10,00,000 copies',
      code: 'VALIDATION_ERROR',
      details: [{ path: 'body.editions.1.stock', message: 'Stock cannot be more than 10,00,000 copies' }],
    });
    const stock = within(urdu).getByLabelText('Stock (copies)');
    await waitFor(() => expect(stock).toHaveFocus());
    expectMarked(stock, 'Stock cannot be more than 10,00,000 copies');
    expect(
      within(screen.getByRole('group', { name: 'English edition' })).getByLabelText('Stock (copies)'),
    ).not.toHaveAttribute('aria-invalid');
  });

  it("puts the server's field errors beside their fields, an image refusal beside the images", async () => {
    const user = userEvent.setup();
    open();
    await fillFields(user, '10');
    await user.upload(screen.getByLabelText('Images'), png('front.png'));
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    FakeXhr.last!.respond(400, {
      success: false,
      error: 'Name must be at most 200 characters long',
      code: 'VALIDATION_ERROR',
      details: [
        { path: 'body.name', message: 'Name must be at most 200 characters long' },
        { path: 'body.price', message: 'Price can have at most 2 decimal places' },
      ],
    });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expectMarked(screen.getByLabelText('Name'), 'Name must be at most 200 characters long');
    expectMarked(screen.getByLabelText('Price (₹)'), 'Price can have at most 2 decimal places');
    expect(screen.getByLabelText('Author')).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    FakeXhr.last!.respond(400, {
      success: false,
      error: 'An image could not be read. It may be damaged or incomplete.',
      code: 'INVALID_IMAGE',
    });
    await waitFor(() => expect(screen.getByLabelText('Images')).toHaveFocus());
    expectMarked(
      screen.getByLabelText('Images'),
      'An image could not be read. It may be damaged or incomplete.',
    );
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('moves a chosen image up and down with labelled buttons, by keyboard; the first is the cover', async () => {
    const user = userEvent.setup();
    open();
    await fillFields(user, '10');
    await user.upload(screen.getByLabelText('Images'), [png('front.png'), png('back.png'), png('spine.png')]);
    const previews = screen.getByRole('list', { name: 'Chosen images' });
    // Each new image by its file name, the first marked as the cover.
    const names = () =>
      within(previews)
        .getAllByRole('listitem')
        .map(
          (item) =>
            `${/New file: (\S+)/.exec(item.textContent ?? '')?.[1]}${within(item).queryByText('Cover') ? 'Cover' : ''}`,
        );
    expect(names()).toEqual(['front.pngCover', 'back.png', 'spine.png']);
    expect(screen.getByRole('button', { name: 'Move image 1 (front.png) up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move image 3 (spine.png) down' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move image 3 (spine.png) up' }).focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['front.pngCover', 'spine.png', 'back.png']);
    expect(screen.getByRole('button', { name: 'Move image 2 (spine.png) up' })).toHaveFocus();
    await user.keyboard(' ');
    expect(names()).toEqual(['spine.pngCover', 'front.png', 'back.png']);
    // At the top its up button is disabled: the focus stays with the image, on its down button.
    expect(screen.getByRole('button', { name: 'Move image 1 (spine.png) down' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('spine.png moved to position 1 of 3, the cover');
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['front.pngCover', 'spine.png', 'back.png']);

    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    const files = FakeXhr.last!.body!.getAll('images') as File[];
    expect(files.map((file) => file.name)).toEqual(['front.png', 'spine.png', 'back.png']);
  });

  it('asks before leaving with something typed, and not after the book is added', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { router } = open();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/manage-books');

    await router.navigate('/add-book');
    await screen.findByLabelText('Name');
    await enter(user, 'Name', 'Half typed');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave this page and lose them?');
    expect(router.state.location.pathname).toBe('/add-book');
    expect(screen.getByLabelText('Name')).toHaveValue('Half typed');

    confirm.mockClear();
    await fillFields(user, '10');
    await user.upload(screen.getByLabelText('Images'), png('front.png'));
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    FakeXhr.last!.respond(201, { success: true, data: sampleBook });
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-books'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('shows removable previews and revokes their object URLs', async () => {
    const user = userEvent.setup();
    const { unmount } = open();
    await user.upload(screen.getByLabelText('Images'), [png('front.png'), png('back.png')]);
    await user.upload(screen.getByLabelText('Images'), png('spine.png'));
    const previews = screen.getByRole('list', { name: 'Chosen images' });
    expect(
      within(previews)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Cover', 'Image 2 of 3', 'Image 3 of 3']);
    expect(screen.getByText('3 of 10 chosen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove image 2 (back.png)' }));
    expect(
      within(previews)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Cover', 'Image 2 of 2']);
    expect(revoked).toHaveLength(1);
    unmount();
    // Every URL made is revoked once the page goes.
    expect([...revoked].sort()).toEqual([...new Set(created)].sort());
  });

  it('refuses files that are not images, too large or too many, before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open();
    const input = screen.getByLabelText('Images');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Images must be JPEG, PNG, WebP or GIF files');
    const big = png('big.png');
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(screen.getByRole('alert')).toHaveTextContent('Each image must be at most 5 MB');
    await user.upload(
      input,
      Array.from({ length: 11 }, (_, i) => png(`p${i}.png`)),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('A book can have at most 10 images');
    expect(screen.getByText('10 of 10 chosen')).toBeInTheDocument();
  });

  it('uploads with the bearer token, shows the progress, then goes to /manage-books', async () => {
    const user = userEvent.setup();
    const { router, queryClient } = open();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await fillFields(user);
    await user.upload(screen.getByLabelText('Images'), [png('front.png'), png('back.png')]);
    await user.click(screen.getByRole('button', { name: 'Add Book' }));

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/books');
    expect(xhr.headers.authorization).toBe('Bearer access-token');
    const form = xhr.body!;
    expect(form.get('name')).toBe('Sahih al-Bukhari');
    expect(form.get('author')).toBe('Imam al-Bukhari');
    expect(form.get('description')).toBe('The most authentic collection.');
    expect(form.get('price')).toBe('350'); // 349.999 rounded to 2 decimals
    expect((form.getAll('images') as File[]).map((file) => file.name)).toEqual(['front.png', 'back.png']);
    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();

    xhr.progress(40, 100);
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    xhr.progress(100, 100);
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100'));

    xhr.respond(201, { success: true, data: sampleBook, message: 'Book added successfully' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-books'));
    expect(toast.success).toHaveBeenCalledWith('Book added successfully');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.books.lists() });
  });

  it("shows the server's error, else 'Failed to create book', and stays", async () => {
    const user = userEvent.setup();
    const { router } = open();
    await fillFields(user, '10');
    await user.upload(screen.getByLabelText('Images'), png('front.png'));
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    const first = FakeXhr.last!;
    first.respond(400, {
      success: false,
      error: 'Images must be JPEG, PNG, WebP or GIF files',
      code: 'X',
    });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Images must be JPEG, PNG, WebP or GIF files',
        expect.anything(),
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    FakeXhr.last!.respond(502, null);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to create book', expect.anything()));
    expect(screen.getByRole('button', { name: 'Add Book' }).closest('form')).toHaveTextContent(
      'Failed to create book',
    );
    expect(router.state.location.pathname).toBe('/add-book');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The same book sent again: the same Idempotency-Key, so a lost answer never adds it twice.
    expect(first.headers['idempotency-key']).toEqual(expect.any(String));
    expect(FakeXhr.last!.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
  });
});
