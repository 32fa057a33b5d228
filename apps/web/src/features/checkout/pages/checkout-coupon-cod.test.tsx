import { DEFAULT_SITE_SETTINGS, STORAGE_KEYS, type Address } from '@scholar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aCartLine } from '../../../test/cart';
import { json } from '../../../test/render';
import { aUser } from '../../../test/session';
import { renderRoute } from '../../../test/fake-api';
import { CheckoutPage } from './checkout-page';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

const address: Address = {
  _id: '0190b0a0-0000-7000-8000-0000000000a1',
  addressType: 'Home',
  addressLine1: '5 Zakaria Street',
  city: 'Kolkata',
  state: 'West Bengal',
  pincode: '700073',
  isDefault: true,
};
const user = { ...aUser(), addresses: [address] };
const line = aCartLine({ price: 500 });

/** The server of the checkout: settings with cash on delivery as given, a zone that takes cash, one coupon. */
function serverWith({ codEnabled = true, zoneTakesCash = true } = {}) {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    if (init?.body) sent.push({ path, body: JSON.parse(String(init.body)) });
    if (path === '/auth/me') return json(200, { success: true, data: { user } });
    if (path === '/cart') return json(200, { success: true, data: { cart: [line] } });
    if (path === '/settings') {
      return json(200, {
        success: true,
        data: { ...DEFAULT_SITE_SETTINGS, codEnabled, codMaxOrder: 2000, codFee: 40 },
      });
    }
    if (path.startsWith('/delivery/')) {
      return json(200, {
        success: true,
        data: {
          serviceable: true,
          pincode: '700073',
          quantity: 1,
          shipping: 50,
          minDays: 4,
          maxDays: 8,
          codAvailable: zoneTakesCash,
        },
      });
    }
    if (path === '/coupons/check') {
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      return code.trim().toUpperCase() === 'WELCOME10'
        ? json(200, { success: true, data: { code: 'WELCOME10', discount: 50, subtotal: 500 } })
        : json(400, { success: false, error: 'This coupon code is not valid', code: 'COUPON_NOT_FOUND' });
    }
    if (path === '/payments/cod-order') {
      return json(201, {
        success: true,
        order: {
          _id: '0190b0a0-0000-7000-8000-0000000000f1',
          orderNumber: 'ORD-20261127-ABC123',
          txnId: 'cod_x',
          status: 'pending',
          backordered: false,
          amount: 540,
          subtotal: 500,
          shipping: 50,
          discount: 50,
          codFee: 40,
          couponCode: 'WELCOME10',
          paymentMethod: 'cod',
          createdAt: '2026-11-27T08:00:00.000Z',
          items: [],
        },
      });
    }
    return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  localStorage.setItem(STORAGE_KEYS.accessToken, JSON.stringify('access-token'));
  localStorage.setItem(STORAGE_KEYS.refreshToken, JSON.stringify('refresh-token'));
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return sent;
}

function renderCheckout() {
  renderRoute(<CheckoutPage />, {
    path: '/checkout',
    pattern: '/checkout',
    others: [
      { path: '/cart', element: <h1>Cart</h1> },
      { path: '/payment/success', element: <h1>Success</h1> },
    ],
  });
}

describe('the coupon and cash on delivery at checkout', () => {
  it('applies a code the server accepts, shows its discount, and places a cash-on-delivery order for the total with the fee', async () => {
    const sent = serverWith();
    renderCheckout();
    const events = userEvent.setup();
    await events.type(await screen.findByLabelText('Coupon code'), 'nosuch');
    await events.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon code is not valid')).toBeInTheDocument();

    await events.clear(screen.getByLabelText('Coupon code'));
    await events.type(screen.getByLabelText('Coupon code'), 'welcome10{Enter}');
    expect(await screen.findByText('Coupon WELCOME10 applied')).toBeInTheDocument();
    expect(screen.getByText('Discount (WELCOME10)')).toBeInTheDocument();

    await events.click(await screen.findByRole('radio', { name: /Cash on delivery \(\+₹40\.00\)/ }));
    // One summary, one total, last: subtotal, delivery, discount, fee, then the total; and what to hand the courier.
    const summary = screen.getByTestId('money-summary');
    expect(within(summary).getAllByTestId('order-total')).toHaveLength(1);
    expect(screen.getAllByText('Total')).toHaveLength(1);
    const figures = within(summary)
      .getAllByRole('definition')
      .map((figure) => figure.getAttribute('data-testid'));
    expect(figures.slice(0, 5)).toEqual([
      'money-subtotal',
      'money-delivery',
      'money-discount',
      'money-cod-fee',
      'order-total',
    ]);
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹540.00');
    expect(summary).toHaveTextContent('Pay ₹540.00 in cash on delivery');
    await events.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeInTheDocument();
    const order = sent.find((request) => request.path === '/payments/cod-order');
    expect(order?.body).toMatchObject({
      couponCode: 'WELCOME10',
      expectedTotal: 540,
      selectedAddress: { _id: address._id },
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.successOrder)!)).toMatchObject({
      paymentMethod: 'cod',
    });
  });

  it('offers no cash on delivery when the owner has not turned it on', async () => {
    serverWith({ codEnabled: false });
    renderCheckout();
    await screen.findByLabelText('Coupon code');
    await waitFor(() => expect(screen.queryByRole('radio', { name: /Cash on delivery/ })).toBeNull());
  });

  it('disables cash on delivery where the delivery zone takes no cash', async () => {
    serverWith({ zoneTakesCash: false });
    renderCheckout();
    const cash = await screen.findByRole('radio', { name: /Cash on delivery/ });
    await waitFor(() => expect(cash).toBeDisabled());
    expect(screen.getByText('Cash on delivery is not available for this pincode.')).toBeInTheDocument();
  });
});
