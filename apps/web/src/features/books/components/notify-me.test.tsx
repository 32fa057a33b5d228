import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { BookPage } from '../pages/book-page';
import { fakeApi, inEditions, renderRoute, sampleBook, signedInAs, type FakeRoutes } from '../testing';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

const details = {
  pages: 656,
  binding: 'hardcover',
  isbn: '9780306406157',
  publisher: 'Darul Ilm Press',
};
/** Both editions sold out; `mixed`: the Urdu one has copies. */
const soldOut = {
  ...inEditions([
    { language: 'english', stock: 0 },
    { language: 'urdu', stock: 0 },
  ]),
  ...details,
};

const mixed = {
  ...inEditions([
    { language: 'english', stock: 0 },
    { language: 'urdu', stock: 4 },
  ]),
  ...details,
};

const routes = (
  answer: () => [number, unknown] = () => [202, { success: true, message: 'ok' }],
  book: object = soldOut,
): FakeRoutes => ({
  [`GET /books/${sampleBook._id}`]: () => [200, { success: true, data: book }],
  [`POST /books/${sampleBook._id}/notify`]: answer,
});

const open = async (locale?: 'ur' | 'bn') =>
  renderRoute(
    locale ? (
      <LocaleProvider i18n={await loadI18n(locale)}>
        <BookPage />
      </LocaleProvider>
    ) : (
      <BookPage />
    ),
    { path: `/book/${sampleBook._id}`, pattern: '/book/:bookId' },
  );

describe('Notify me when it is back', { timeout: 15_000 }, () => {
  it('asks for the email under an edition out of stock and sends the edition with it', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(routes());
    await open();
    const form = await screen.findByRole('form', { name: 'Notify me when it is back' });
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('');
    // A wrong address is marked beside the field and nothing is sent.
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thank you. We will email reader@example.com once, when this edition is back in stock.',
    );
    expect(form).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'reader@example.com',
      language: 'english',
    });
  });

  it('is offered only for an edition out of stock', async () => {
    const user = userEvent.setup();
    fakeApi(routes(undefined, mixed));
    await open();
    // The page's language is offered first, sold out: the ask is there; the edition with copies has none.
    await screen.findByRole('heading', { level: 1, name: sampleBook.name });
    expect(screen.getByRole('radio', { name: /English/ })).toBeChecked();
    expect(screen.getByRole('form', { name: 'Notify me when it is back' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Urdu/ }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Notify me when it is back' })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('radio', { name: /English/ }));
    await screen.findByRole('form', { name: 'Notify me when it is back' });
  });

  it("fills in a signed-in reader's own email", async () => {
    const user = signedInAs('user');
    fakeApi(routes(), user);
    await open();
    expect(await screen.findByLabelText('Email')).toHaveValue(user.email);
  });

  it('says so when too many asks were sent', async () => {
    const user = userEvent.setup();
    fakeApi(routes(() => [429, { success: false, error: 'Too many requests', code: 'RATE_LIMITED' }]));
    await open();
    await user.type(await screen.findByLabelText('Email'), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'Too many requests. Please try again later.',
      ),
    );
  });

  it('is in Urdu on an Urdu page, with the product details as a definition list', async () => {
    fakeApi(routes());
    await open('ur');
    expect(await screen.findByRole('heading', { name: 'دستیاب ہونے پر مجھے اطلاع دیں' })).toBeInTheDocument();
    expect(screen.getByLabelText('ای میل')).toBeInTheDocument();
    const details = screen.getByRole('heading', { name: 'کتاب کی تفصیلات' }).parentElement!;
    const terms = [...details.querySelectorAll('dt')].map((dt) => dt.textContent);
    const values = [...details.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(terms).toEqual(['صفحات', 'جلد', 'آئی ایس بی این', 'ناشر']);
    expect(values).toEqual(['656', 'مجلد (ہارڈ کور)', '978-0306406157', 'Darul Ilm Press']);
  });

  it('shows the product details in English, and none when the desk gave none', async () => {
    fakeApi(routes());
    const { unmount } = await open();
    const details = (await screen.findByRole('heading', { name: 'Product details' })).parentElement!;
    expect([...details.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Pages',
      'Binding',
      'ISBN',
      'Publisher',
    ]);
    expect([...details.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      '656',
      'Hardcover',
      '978-0306406157',
      'Darul Ilm Press',
    ]);
    unmount();
    vi.unstubAllGlobals();
    fakeApi({ [`GET /books/${sampleBook._id}`]: () => [200, { success: true, data: sampleBook }] });
    await open();
    await screen.findByRole('heading', { level: 1, name: sampleBook.name });
    expect(screen.queryByRole('heading', { name: 'Product details' })).not.toBeInTheDocument();
  });
});
