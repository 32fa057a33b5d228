import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { STORAGE_KEYS, type Address, type User } from '@scholar/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { SessionProvider, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { renderRoute } from '../../../test/fake-api';
import { CheckoutPage } from './checkout-page';
import { aCartLine } from '../../../test/cart';
import { json } from '../../../test/render';
import { aUser } from '../../../test/session';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const address = (n: number, isDefault: boolean): Address => ({
  _id: `0190b0a0-0000-7000-8000-0000000000a${n}`,
  addressType: 'Home',
  addressLine1: `${n} Zakaria Street`,
  city: 'Kolkata',
  state: 'West Bengal',
  pincode: '700073',
  isDefault,
});
const home = address(1, false);
const work = address(2, true);

const user = aUser();

const line = aCartLine();

/**
 * The stored user (saved before this user had addresses) is shown at once; /auth/me answers with `current` when the
 * test says so. Every request to create a payment order is recorded.
 */
function serverWith(
  current: User,
  createOrder: () => Response = () =>
    json(502, { success: false, error: 'Failed to create payment order', code: 'PAYMENT_PROVIDER_ERROR' }),
) {
  let answerMe: () => void = () => undefined;
  const me = new Promise<void>((resolve) => {
    answerMe = resolve;
  });
  const paymentOrders: unknown[] = [];
  const keys: (string | null)[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
    if (path === '/auth/me') {
      await me;
      return json(200, { success: true, data: { user: current } });
    }
    if (path === '/cart') return json(200, { success: true, data: { cart: [line] } });
    if (path === '/payments/create-razorpay-order') {
      paymentOrders.push(JSON.parse(String(init?.body)));
      keys.push(new Headers(init?.headers).get('idempotency-key'));
      return createOrder();
    }
    return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  localStorage.setItem(STORAGE_KEYS.accessToken, JSON.stringify('access-token'));
  localStorage.setItem(STORAGE_KEYS.refreshToken, JSON.stringify('refresh-token'));
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return { answerMe, paymentOrders, keys };
}

/** Stands for a change of the user's addresses made elsewhere (the address book answers the whole user). */
function AddressBook({ next }: { next: Address[] }) {
  const session = useSession();
  return (
    <button
      type="button"
      onClick={() => session.user && session.setUser({ ...session.user, addresses: next })}
    >
      Change addresses
    </button>
  );
}

function renderCheckout(nextAddresses: Address[] = []) {
  renderRoute(<CheckoutPage />, {
    path: '/checkout',
    pattern: '/checkout',
    others: [
      { path: '/cart', element: <h1>Cart</h1> },
      { path: '/login', element: <h1>Login</h1> },
    ],
    beside: <AddressBook next={nextAddresses} />,
  });
}

describe('checkout address', () => {
  it('defaults to the default address when the addresses arrive after the stored user', async () => {
    const { answerMe, paymentOrders } = serverWith({ ...user, addresses: [home, work] });
    renderCheckout();
    answerMe();
    const select = await screen.findByLabelText('Deliver to');
    expect(select).toHaveValue(work._id);
    const makePayment = screen.getByRole('button', { name: 'Make Payment' });
    expect(makePayment).toBeEnabled();
    await userEvent.setup().click(makePayment);
    await waitFor(() => expect(paymentOrders).toHaveLength(1));
    expect(paymentOrders[0]).toMatchObject({
      selectedAddress: { _id: work._id },
      // Each line's language goes from the cart to the order.
      cartItems: [{ book: line._id, quantity: 1, selectedLanguage: 'english' }],
    });
  });

  it("keeps the customer's own choice while it exists, and falls back to the default once it is gone", async () => {
    const other = address(3, true);
    const { answerMe } = serverWith({ ...user, addresses: [home, work] });
    renderCheckout([{ ...work, isDefault: false }, other]);
    answerMe();
    const select = await screen.findByLabelText('Deliver to');
    const events = userEvent.setup();
    await events.selectOptions(select, home._id);
    expect(select).toHaveValue(home._id);

    // The addresses change, the chosen one among them is gone: the new default.
    await events.click(screen.getByRole('button', { name: 'Change addresses' }));
    expect(screen.getByLabelText('Deliver to')).toHaveValue(other._id);
  });

  it('keeps an explicit choice that still exists when the addresses change', async () => {
    const other = address(3, true);
    const { answerMe } = serverWith({ ...user, addresses: [home, work] });
    renderCheckout([home, { ...work, isDefault: false }, other]);
    answerMe();
    const select = await screen.findByLabelText('Deliver to');
    const events = userEvent.setup();
    await events.selectOptions(select, home._id);
    await events.click(screen.getByRole('button', { name: 'Change addresses' }));
    expect(screen.getByLabelText('Deliver to')).toHaveValue(home._id);
    expect(screen.getByRole('button', { name: 'Make Payment' })).toBeEnabled();
  });
});

describe('Make Payment', () => {
  it("shows the server's error when the payment order fails, else 'Failed to create Razorpay order'", async () => {
    const { answerMe, keys } = serverWith({ ...user, addresses: [work] });
    renderCheckout();
    answerMe();
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Make Payment' }));
    // Beside the button, where the customer is looking, not only in a notification.
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create payment order');

    const { answerMe: answerAgain, keys: keysAgain } = serverWith(
      { ...user, addresses: [work] },
      () => new Response('<html>Bad Gateway</html>', { status: 502 }),
    );
    answerAgain();
    await events.click(screen.getByRole('button', { name: 'Make Payment' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to create Razorpay order'),
    );
    expect(toast.error).not.toHaveBeenCalled();
    // The same payment order tried again: the same Idempotency-Key.
    expect(keys).toEqual([expect.any(String)]);
    expect(keysAgain).toEqual([keys[0]]);
  });

  it('sends the total it shows; when a price changed meanwhile, reads the cart again and shows the new total', async () => {
    let price = line.price;
    const paymentOrders: { expectedTotal: number }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      if (path === '/auth/me')
        return json(200, { success: true, data: { user: { ...user, addresses: [work] } } });
      if (path === '/cart') return json(200, { success: true, data: { cart: [{ ...line, price }] } });
      if (path === '/payments/create-razorpay-order') {
        paymentOrders.push(JSON.parse(String(init?.body)));
        price = 500; // an admin raised the price while the customer looked at the page
        return json(409, {
          success: false,
          code: 'PRICE_CHANGED',
          error: 'The price of a book in your cart has changed. Please check the new total before paying.',
        });
      }
      return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    });
    localStorage.setItem(STORAGE_KEYS.accessToken, JSON.stringify('access-token'));
    localStorage.setItem(STORAGE_KEYS.refreshToken, JSON.stringify('refresh-token'));
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, addresses: [work] }));
    renderCheckout();
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('₹499.50'));
    expect(summary).toHaveTextContent('Riyad as-Salihin');
    expect(summary).toHaveTextContent('₹50 for every two books');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Make Payment' }));
    await waitFor(() => expect(paymentOrders).toEqual([expect.objectContaining({ expectedTotal: 499.5 })]));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The price of a book in your cart has changed',
    );
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('₹550.00'));
  });
});

describe('checkout of editions', () => {
  it("names each line's language in the summary and sends it with the line", async () => {
    const urdu = aCartLine({ selectedLanguage: 'urdu', price: 520, quantity: 2 });
    const paymentOrders: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      if (path === '/auth/me')
        return json(200, { success: true, data: { user: { ...user, addresses: [work] } } });
      if (path === '/cart') return json(200, { success: true, data: { cart: [line, urdu] } });
      if (path === '/payments/create-razorpay-order') {
        paymentOrders.push(JSON.parse(String(init?.body)));
        return json(502, { success: false, error: 'Failed to create payment order', code: 'X' });
      }
      return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    });
    localStorage.setItem(STORAGE_KEYS.accessToken, JSON.stringify('access-token'));
    localStorage.setItem(STORAGE_KEYS.refreshToken, JSON.stringify('refresh-token'));
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, addresses: [work] }));
    renderCheckout();
    const items = await screen.findByRole('list', { name: 'Items' });
    const [english, inUrdu] = within(items).getAllByRole('listitem');
    expect(english).toHaveTextContent('Language: English');
    expect(inUrdu).toHaveTextContent('Language: Urdu');
    expect(inUrdu).toHaveTextContent('Qty 2 × ₹520.00');
    // Two editions of one book: each line total is named with its language.
    expect(screen.getByLabelText('Line total of Riyad as-Salihin (Urdu)')).toHaveTextContent('₹1,040.00');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Make Payment' }));
    await waitFor(() => expect(paymentOrders).toHaveLength(1));
    expect(paymentOrders[0]).toMatchObject({
      cartItems: [
        { book: line._id, quantity: 1, selectedLanguage: 'english' },
        { book: line._id, quantity: 2, selectedLanguage: 'urdu' },
      ],
    });
  });
});

describe('checkout in Urdu', () => {
  it('labels the address, contact details, summary and payment in Urdu, the address as saved but its state, which the site names', async () => {
    const { answerMe } = serverWith({ ...user, addresses: [home, work] });
    const urdu = await loadI18n('ur');
    const router = createMemoryRouter(
      [
        {
          path: '/checkout',
          element: (
            <LocaleProvider i18n={urdu}>
              <CheckoutPage />
            </LocaleProvider>
          ),
        },
      ],
      { initialEntries: ['/checkout'] },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>,
    );
    answerMe();
    expect(await screen.findByRole('heading', { level: 1, name: 'آرڈر مکمل کریں' })).toBeInTheDocument();
    const select = await screen.findByLabelText('کہاں بھیجیں');
    await waitFor(() => expect(select).toHaveValue(work._id));
    expect(
      screen.getByRole('option', { name: 'گھر: 2 Zakaria Street, Kolkata, مغربی بنگال 700073 (طے شدہ)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'رابطے کی تفصیل' })).toBeInTheDocument();
    expect(screen.getByLabelText('ای میل')).toHaveValue(user.email);
    const summary = await screen.findByRole('region', { name: 'آرڈر کا خلاصہ' });
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('₹499.50'));
    expect(summary).toHaveTextContent('تعداد 1 × \u2066₹449.50\u2069');
    expect(summary).toHaveTextContent('ترسیل');
    expect(screen.getByRole('button', { name: 'ادائیگی کریں' })).toBeEnabled();
  });
});
