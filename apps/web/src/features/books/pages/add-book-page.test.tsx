import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { fakeApi, renderRoute, sampleBook, signedInAs } from '../testing';
import { AddBookPage } from './add-book-page';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

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

async function fillFields(user: ReturnType<typeof userEvent.setup>, price = '349.999') {
  await user.type(screen.getByLabelText('Name'), 'Sahih al-Bukhari');
  await user.type(screen.getByLabelText('Author'), 'Imam al-Bukhari');
  await user.type(screen.getByLabelText('Price (₹)'), price);
  await user.type(screen.getByLabelText('Description'), 'The most authentic collection.');
}

function open() {
  fakeApi({}, signedInAs('admin'));
  return renderRoute(<AddBookPage />, { path: '/add-book', pattern: '/add-book' });
}

describe('AddBookPage', () => {
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

  it('asks for every field and at least one image', async () => {
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'All fields including at least one image are required',
    );
    await fillFields(user);
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'All fields including at least one image are required',
    );
    expect(FakeXhr.last).toBeNull();
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
    ).toEqual(['Preview 1: front.png', 'Preview 2: back.png', 'Preview 3: spine.png']);
    expect(screen.getByText('3 of 10 chosen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove image 2 (back.png)' }));
    expect(
      within(previews)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Preview 1: front.png', 'Preview 2: spine.png']);
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
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['books', 'list'] });
  });

  it("shows the server's error, else 'Failed to create book', and stays", async () => {
    const user = userEvent.setup();
    const { router } = open();
    await fillFields(user, '10');
    await user.upload(screen.getByLabelText('Images'), png('front.png'));
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    FakeXhr.last!.respond(400, {
      success: false,
      error: 'Images must be JPEG, PNG, WebP or GIF files',
      code: 'X',
    });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Images must be JPEG, PNG, WebP or GIF files'),
    );

    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    FakeXhr.last!.respond(502, null);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to create book'));
    expect(router.state.location.pathname).toBe('/add-book');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
