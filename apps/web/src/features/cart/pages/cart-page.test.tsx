import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guestCart } from '../../../lib/guest-cart';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { SessionProvider } from '../../../lib/session';
import { CartPage } from './cart-page';
import { aCartBook, aCartLine } from '../../../test/cart';
import { fakeApi } from '../../../test/fake-api';
import { json } from '../../../test/render';
import { signedInAs } from '../../../test/session';

const book = (n: number, name: string, images: string[]) => ({
  _id: `0190b0a0-0000-7000-8000-${String(n).padStart(12, '0')}`,
  name,
  author: 'Imam an-Nawawi',
  description: '',
  price: 449.5,
  images,
});

type Book = ReturnType<typeof book>;
let shop: Book[] = [];
const priceRequests: string[][] = [];

beforeEach(() => {
  shop = [];
  priceRequests.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/cart/prices') {
      const { bookIds } = JSON.parse(String(init?.body)) as { bookIds: string[] };
      priceRequests.push(bookIds);
      return json(200, { success: true, data: { books: shop.filter((b) => bookIds.includes(b._id)) } });
    }
    return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderCart() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider onExpired={() => undefined}>
        <MemoryRouter>
          <CartPage />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

/** The cart on a page in `locale`. */
async function renderCartIn(locale: 'ur' | 'bn') {
  const i18n = await loadI18n(locale);
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider onExpired={() => undefined}>
        <MemoryRouter>
          <LocaleProvider i18n={i18n}>
            <CartPage />
          </LocaleProvider>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('cart line thumbnails', () => {
  it("offer an uploaded cover's 400 and 800 px variants for an 80 px slot, and fall back to the placeholder", () => {
    guestCart.add(book(1, 'Riyad', ['/api/uploads/books/0123456789abcdef0123456789abcdef.jpg']), 1);
    guestCart.add(book(2, 'Demo cover', ['/api/uploads/demo/book-1.webp']), 1);
    guestCart.add(book(3, 'No cover', []), 1);
    shop = [
      book(1, 'Riyad', ['/api/uploads/books/0123456789abcdef0123456789abcdef.jpg']),
      book(2, 'Demo cover', ['/api/uploads/demo/book-1.webp']),
      book(3, 'No cover', []),
    ];
    renderCart();

    const uploaded = screen.getByAltText('Cover of Riyad');
    expect(uploaded.getAttribute('srcset')).toBe(
      '/api/uploads/books/0123456789abcdef0123456789abcdef-400.webp 400w, /api/uploads/books/0123456789abcdef0123456789abcdef-800.webp 800w',
    );
    expect(uploaded).toHaveAttribute('sizes', '80px');
    const demo = screen.getByAltText('Cover of Demo cover');
    expect(demo).toHaveAttribute('src', '/api/uploads/demo/book-1.webp');
    expect(demo.getAttribute('srcset')).toBe(
      '/api/uploads/demo/book-1-400.webp 400w, /api/uploads/demo/book-1-800.webp 800w',
    );
    expect(screen.getByAltText('Cover of No cover')).toHaveAttribute('src', '/placeholder-book.svg');

    // A cover that fails to load: the placeholder, with no variants left to try.
    fireEvent.error(uploaded);
    expect(uploaded).toHaveAttribute('src', '/placeholder-book.svg');
    expect(uploaded).not.toHaveAttribute('srcset');
  });
});

describe('a guest cart at current prices', () => {
  it('shows no total until the prices are read, then names a changed price and totals at the new one', async () => {
    const raised = book(4, 'Raised', []);
    guestCart.add({ ...raised, price: 100 }, 1);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const fetchPrices = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      await answered;
      return fetchPrices(input, init);
    });
    shop = [{ ...raised, price: 200 }];
    renderCart();

    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByRole('status')).toHaveTextContent('Checking current prices');
    expect(summary).not.toHaveTextContent('₹');
    answer();

    const line = await screen.findByRole('listitem', { name: 'Raised' });
    await waitFor(() => expect(line).toHaveTextContent('Price changed from ₹100.00 to ₹200.00'));
    expect(screen.getByLabelText('Line total of Raised')).toHaveTextContent('₹200.00');
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹250.00');
    expect(screen.getByRole('region', { name: 'Order Summary' })).toHaveTextContent(
      '₹50 for every two books',
    );

    // Changing the line where the new price is shown takes it as seen.
    await userEvent.setup().click(screen.getByRole('button', { name: 'One more Raised' }));
    await waitFor(() => expect(line).not.toHaveTextContent('Price changed'));
    expect(guestCart.read()[0]).toMatchObject({ price: 200, quantity: 2 });
  });

  it('keeps a book the shop no longer sells on its line, out of the total, and blocks checkout until it is removed', async () => {
    const kept = book(5, 'Kept', []);
    const gone = book(6, 'Gone', []);
    guestCart.add(kept, 1);
    guestCart.add(gone, 2);
    shop = [kept];
    renderCart();

    const line = await screen.findByRole('listitem', { name: 'Gone' });
    await waitFor(() => expect(line).toHaveTextContent('No longer available'));
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹499.50');
    const proceed = screen.getByRole('button', { name: 'Proceed to Checkout' });
    expect(proceed).toBeDisabled();
    expect(screen.getByText('Remove the books that are no longer available to continue.')).toBeVisible();

    await userEvent.setup().click(within(line).getByRole('button', { name: 'Remove Gone' }));
    // Open: a link to the checkout (it works before the app's script too).
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute(
        'href',
        '/guest/checkout',
      ),
    );
    expect(guestCart.read().map((l) => l.name)).toEqual(['Kept']);
  });

  it('offers to try again when the prices cannot be read, showing no total', async () => {
    guestCart.add(book(7, 'Any', []), 1);
    vi.stubGlobal('fetch', async () => json(503, { success: false, error: 'Busy', code: 'SERVER_BUSY' }));
    renderCart();
    expect(await screen.findByRole('alert')).toHaveTextContent('The current prices could not be checked');
    expect(screen.queryByTestId('order-total')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

describe('Clear Cart', () => {
  it('asks first: keeping the cart changes nothing, confirming empties it', async () => {
    const one = book(8, 'One', []);
    guestCart.add(one, 3);
    shop = [one];
    renderCart();
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Clear Cart' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear your cart?' });
    expect(dialog).toHaveTextContent('All 3 books will be removed from your cart.');
    await events.click(within(dialog).getByRole('button', { name: 'Keep my cart' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(guestCart.read()).toHaveLength(1);

    await events.click(screen.getByRole('button', { name: 'Clear Cart' }));
    await events.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    expect(guestCart.read()).toEqual([]);
  });
});

describe('a line asking for more copies than are left', () => {
  it('names the book and how many are left, offers to lower it, and keeps the checkout closed until then', async () => {
    guestCart.add(book(4, 'Al-Adab al-Mufrad', []), 3);
    shop = [{ ...book(4, 'Al-Adab al-Mufrad', []), stock: 2 } as Book];
    renderCart();

    expect(await screen.findByText('Only 2 copies of Al-Adab al-Mufrad are left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    expect(screen.getByText('Lower the books with too few copies left to continue.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'One more Al-Adab al-Mufrad' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Change to 2' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Quantity of Al-Adab al-Mufrad')).toHaveTextContent('2');
    expect(screen.queryByText(/copies of Al-Adab al-Mufrad are left/)).not.toBeInTheDocument();
  });

  it('says a book is out of stock and offers no lower amount', async () => {
    guestCart.add(book(5, 'Bulugh al-Maram', []), 1);
    shop = [{ ...book(5, 'Bulugh al-Maram', []), stock: 0 } as Book];
    renderCart();
    expect(await screen.findByText('Bulugh al-Maram is out of stock')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Change to/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  });
});

describe('the line limit of 100 copies', () => {
  it('stops a line at 100 copies when more are left, and says so beside it', async () => {
    guestCart.add(book(7, 'Sahih Muslim', []), 99);
    shop = [{ ...book(7, 'Sahih Muslim', []), stock: 500 } as Book];
    renderCart();
    const line = await screen.findByRole('listitem', { name: 'Sahih Muslim' });
    const more = within(line).getByRole('button', { name: 'One more Sahih Muslim' });
    expect(more).toBeEnabled();
    expect(within(line).queryByText('At most 100 copies of a book per order')).not.toBeInTheDocument();

    await userEvent.click(more);
    await waitFor(() => expect(screen.getByLabelText('Quantity of Sahih Muslim')).toHaveTextContent('100'));
    expect(more).toBeDisabled();
    expect(within(line).getByText('At most 100 copies of a book per order')).toBeInTheDocument();
    expect(more).toHaveAccessibleDescription('At most 100 copies of a book per order');
    expect(guestCart.read()[0]).toMatchObject({ quantity: 100 });

    await userEvent.click(within(line).getByRole('button', { name: 'One fewer Sahih Muslim' }));
    await waitFor(() => expect(more).toBeEnabled());
    expect(within(line).queryByText('At most 100 copies of a book per order')).not.toBeInTheDocument();
  });

  it('stops a line whose stock is not counted at 100 copies too, and says so in Bengali', async () => {
    guestCart.add(book(8, 'Bulugh al-Maram', []), 100);
    shop = [book(8, 'Bulugh al-Maram', [])];
    await renderCartIn('bn');
    const line = await screen.findByRole('listitem', { name: 'Bulugh al-Maram' });
    expect(
      within(line).getByRole('button', { name: 'Bulugh al-Maram-এর আরও একটি কপি যোগ করুন' }),
    ).toBeDisabled();
    expect(within(line).getByText('একটি অর্ডারে একটি বইয়ের সর্বোচ্চ ১০০ কপি')).toBeInTheDocument();
  });
});

describe('the cart in Urdu and Bengali', () => {
  it('labels the lines, the summary and the actions in Urdu, prices with Indian grouping', async () => {
    const costly = { ...book(5, 'Sahih al-Bukhari', []), price: 125000 };
    guestCart.add({ ...costly, price: 100000 }, 2);
    shop = [costly];
    await renderCartIn('ur');

    expect(await screen.findByRole('heading', { name: 'شاپنگ کارٹ' })).toBeInTheDocument();
    const line = await screen.findByRole('listitem', { name: 'Sahih al-Bukhari' });
    await waitFor(() =>
      expect(line).toHaveTextContent(
        'قیمت \u2066₹1,00,000.00\u2069 سے بدل کر \u2066₹1,25,000.00\u2069 ہو گئی',
      ),
    );
    expect(line).toHaveTextContent('₹1,25,000.00 فی نسخہ');
    expect(
      within(line).getByRole('button', { name: 'Sahih al-Bukhari کا ایک نسخہ اور ڈالیں' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Sahih al-Bukhari کا کل')).toHaveTextContent('₹2,50,000.00');
    const summary = screen.getByRole('region', { name: 'آرڈر کا خلاصہ' });
    expect(summary).toHaveTextContent('ذیلی کل (2 چیزیں)₹2,50,000.00');
    expect(summary).toHaveTextContent('ہر دو کتابوں پر ₹50');
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹2,50,050.00');
    expect(screen.getByRole('link', { name: 'آرڈر کی طرف بڑھیں' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'کارٹ خالی کریں' }));
    expect(screen.getByRole('dialog', { name: 'کارٹ خالی کریں؟' })).toHaveTextContent(
      'آپ کی کارٹ سے تمام 2 کتابیں نکال دی جائیں گی۔',
    );
  });

  it('writes the amounts and counts in Bengali digits, and names a book with too few copies', async () => {
    const few = { ...book(6, 'Riyad as-Salihin', []), price: 1500 };
    guestCart.add(few, 3);
    shop = [{ ...few, stock: 2 } as Book];
    const view = await renderCartIn('bn');
    const line = await screen.findByRole('listitem', { name: 'Riyad as-Salihin' });
    await waitFor(() => expect(line).toHaveTextContent('Riyad as-Salihin বইটির মাত্র ২টি কপি বাকি আছে'));
    expect(within(line).getByRole('button', { name: '২টি করুন' })).toBeInTheDocument();
    expect(screen.getByLabelText('Riyad as-Salihin-এর পরিমাণ')).toHaveTextContent('৩');
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹৪,৬০০.০০');
    expect(screen.getByText('এগোতে হলে যে বইগুলোর কপি কম বাকি আছে সেগুলোর পরিমাণ কমান।')).toBeInTheDocument();
    view.unmount();

    localStorage.clear();
    await renderCartIn('ur');
    expect(await screen.findByRole('heading', { name: 'آپ کی کارٹ خالی ہے' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'خریداری شروع کریں' })).toBeInTheDocument();
  });
});

describe('editions in the cart', () => {
  const riyad = aCartBook({
    editions: [
      { language: 'english', stock: null, price: 449.5, ownPrice: false },
      { language: 'bengali', stock: 5, price: 300, ownPrice: true },
    ],
  });

  it("keeps a guest's two editions of a book as two lines, each named, priced and changed on its own", async () => {
    guestCart.add(riyad, 1, 'english');
    guestCart.add({ ...riyad, price: 300 }, 2, 'bengali');
    shop = [riyad];
    renderCart();

    const english = await screen.findByRole('listitem', { name: 'Riyad as-Salihin (English)' });
    const bengali = screen.getByRole('listitem', { name: 'Riyad as-Salihin (Bengali)' });
    expect(english).toHaveTextContent('Language: English');
    expect(english).toHaveTextContent('₹449.50 each');
    expect(bengali).toHaveTextContent('Language: Bengali');
    expect(bengali).toHaveTextContent('₹300.00 each');
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('₹1,149.50'));

    const events = userEvent.setup();
    await events.click(within(bengali).getByRole('button', { name: 'One more Riyad as-Salihin (Bengali)' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Quantity of Riyad as-Salihin (Bengali)')).toHaveTextContent('3'),
    );
    expect(screen.getByLabelText('Quantity of Riyad as-Salihin (English)')).toHaveTextContent('1');
    await events.click(within(english).getByRole('button', { name: 'Remove Riyad as-Salihin (English)' }));
    await waitFor(() => expect(guestCart.read()).toHaveLength(1));
    expect(guestCart.read()[0]).toMatchObject({ selectedLanguage: 'bengali', quantity: 3 });
    // One line of the book left: it is named by the book alone.
    expect(await screen.findByRole('listitem', { name: 'Riyad as-Salihin' })).toHaveTextContent(
      'Language: Bengali',
    );
  });

  it('names a language in the language of the page', async () => {
    guestCart.add({ ...riyad, price: 300 }, 1, 'bengali');
    shop = [riyad];
    await renderCartIn('bn');
    expect(await screen.findByRole('listitem', { name: 'Riyad as-Salihin' })).toHaveTextContent(
      'ভাষা: বাংলা',
    );
  });

  it("sends the edition with a customer's change and removal of a line", async () => {
    const customer = signedInAs('user');
    const cart = [aCartLine(), aCartLine({ selectedLanguage: 'urdu', price: 520, stock: 3, quantity: 2 })];
    const calls = fakeApi(
      {
        'GET /cart': () => [200, { success: true, data: { cart } }],
        'PATCH /cart/update': () => [200, { success: true, data: { cart } }],
        'DELETE /cart/remove': () => [200, { success: true, data: { cart: [cart[0]] } }],
      },
      customer,
    );
    renderCart();
    const urdu = await screen.findByRole('listitem', { name: 'Riyad as-Salihin (Urdu)' });
    const events = userEvent.setup();
    await events.click(within(urdu).getByRole('button', { name: 'One fewer Riyad as-Salihin (Urdu)' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/cart/update')).toBe(true));
    expect(calls.find((call) => call.path === '/cart/update')).toMatchObject({
      method: 'PATCH',
      body: { bookId: cart[0]!._id, quantity: 1, userId: customer._id, selectedLanguage: 'urdu' },
    });

    await events.click(within(urdu).getByRole('button', { name: 'Remove Riyad as-Salihin (Urdu)' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/cart/remove')).toBe(true));
    expect(calls.find((call) => call.path === '/cart/remove')).toMatchObject({
      method: 'DELETE',
      body: { bookId: cart[0]!._id, userId: customer._id, selectedLanguage: 'urdu' },
    });
    expect(await screen.findByRole('listitem', { name: 'Riyad as-Salihin' })).toHaveTextContent(
      'Language: English',
    );
  });
});
