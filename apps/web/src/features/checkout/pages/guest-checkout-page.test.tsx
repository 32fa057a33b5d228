import { STORAGE_KEYS } from '@scholar/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { GuestCheckoutPage } from './guest-checkout-page';
import { aCartBook } from '../../../test/cart';
import { json, renderWithProviders } from '../../../test/render';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const book = aCartBook();
/** The Idempotency-Key of each payment order asked for. */
let keys: (string | null)[] = [];

/** A guest with one book in the cart; the server prices it and answers the payment order with `order()`. */
function open(order: () => Response) {
  localStorage.setItem(STORAGE_KEYS.localCart, JSON.stringify([{ ...book, quantity: 1 }]));
  const orders: unknown[] = [];
  keys = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/cart/prices') return json(200, { success: true, data: { books: [book] } });
    if (path === '/api/payments/create-razorpay-order') {
      orders.push(JSON.parse(String(init?.body)));
      keys.push(new Headers(init?.headers).get('idempotency-key'));
      return order();
    }
    return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  const router = createMemoryRouter(
    [
      { path: '/guest/checkout', element: <GuestCheckoutPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/guest/checkout'] },
  );
  renderWithProviders(router);
  return orders;
}

const field = (label: string) => screen.getByLabelText(label);
function expectMarked(label: string, message: string) {
  expect(field(label)).toHaveAttribute('aria-invalid', 'true');
  expect(field(label)).toHaveAccessibleDescription(message);
}
const proceed = () => screen.getByRole('button', { name: 'Proceed to Payment' });

describe('GuestCheckoutPage', () => {
  it('marks every invalid field at once, beside it, and moves to the first', async () => {
    const user = userEvent.setup();
    const orders = open(() => json(500, {}));
    await screen.findByRole('form', { name: 'Guest checkout' });
    await user.type(field('Email *'), 'imran@');
    await user.type(field('City *'), 'Kolkata');
    await user.selectOptions(field('State *'), 'Delhi');
    await user.type(field('Pincode *'), '700016');
    await waitFor(() => expect(proceed()).toBeEnabled());
    await user.click(proceed());

    // Each empty field with its own sentence.
    expectMarked('Full Name *', 'Please enter your name');
    expectMarked('Email *', 'Please enter a valid email address');
    expectMarked('Phone *', 'Please enter your mobile number 10-digit mobile number, e.g. 98200 22222');
    expectMarked('Address Line 1 *', 'Please enter your house number and street');
    expectMarked('Pincode *', 'This pincode is not in Delhi');
    for (const label of ['Address Line 2', 'City *', 'State *']) {
      expect(field(label)).not.toHaveAttribute('aria-invalid');
    }
    await waitFor(() => expect(field('Full Name *')).toHaveFocus());
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Please enter your name', expect.anything());
    expect(orders).toEqual([]);
  });

  it("puts the server's field errors beside their fields, and a refusal of no field near the button", async () => {
    const user = userEvent.setup();
    let answer = () =>
      json(400, {
        success: false,
        error: 'This pincode is not in West Bengal',
        code: 'GUEST_DETAILS_REQUIRED',
        details: [{ path: 'body.guestInfo.address.pincode', message: 'This pincode is not in West Bengal' }],
      });
    const orders = open(() => answer());
    await screen.findByRole('form', { name: 'Guest checkout' });
    await user.type(field('Full Name *'), 'Imran Sheikh');
    await user.type(field('Email *'), 'imran.guest@example.com');
    await user.type(field('Phone *'), '9831122334');
    await user.type(field('Address Line 1 *'), '5 Zakaria Street');
    await user.type(field('City *'), 'Kolkata');
    await user.selectOptions(field('State *'), 'West Bengal');
    await user.type(field('Pincode *'), '700073');
    await waitFor(() => expect(proceed()).toBeEnabled());
    await user.click(proceed());

    await waitFor(() => expect(field('Pincode *')).toHaveFocus());
    expectMarked('Pincode *', 'This pincode is not in West Bengal');
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      // A line kept without a language is the English edition.
      cartItems: [{ book: book._id, quantity: 1, selectedLanguage: 'english' }],
      guestInfo: {
        name: 'Imran Sheikh',
        email: 'imran.guest@example.com',
        phone: '9831122334',
        address: {
          addressLine1: '5 Zakaria Street',
          city: 'Kolkata',
          state: 'West Bengal',
          pincode: '700073',
        },
      },
    });

    answer = () =>
      json(502, { success: false, error: 'Failed to create payment order', code: 'PAYMENT_PROVIDER_ERROR' });
    await user.click(proceed());
    await waitFor(() =>
      expect(screen.getByText('Failed to create payment order')).toHaveAttribute('role', 'alert'),
    );
    expect(field('Pincode *')).not.toHaveAttribute('aria-invalid');
    expect(toast.dismiss).toHaveBeenCalled();
    expect(toast.error).toHaveBeenLastCalledWith('Failed to create payment order', expect.anything());
    // The same details sent again are the same payment order; changed ones are another.
    expect(keys).toEqual([expect.any(String), keys[0]]);
    await user.clear(field('Pincode *'));
    await user.type(field('Pincode *'), '700016');
    await user.click(proceed());
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).toEqual(expect.any(String));
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('GuestCheckoutPage in Urdu', () => {
  it('labels the contact and Indian address fields in Urdu, and keeps the states as the server takes them', async () => {
    localStorage.setItem(STORAGE_KEYS.localCart, JSON.stringify([{ ...book, quantity: 1 }]));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/cart/prices') return json(200, { success: true, data: { books: [book] } });
      return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    });
    const urdu = await loadI18n('ur');
    const router = createMemoryRouter(
      [
        {
          path: '/guest/checkout',
          element: (
            <LocaleProvider i18n={urdu}>
              <GuestCheckoutPage />
            </LocaleProvider>
          ),
        },
      ],
      { initialEntries: ['/guest/checkout'] },
    );
    renderWithProviders(router);
    expect(await screen.findByRole('form', { name: 'مہمان کے طور پر آرڈر' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'رابطے کی تفصیل' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'ترسیل کا پتہ' })).toBeInTheDocument();
    for (const label of [
      'پورا نام *',
      'ای میل *',
      'فون *',
      'پتہ، سطر 1 *',
      'پتہ، سطر 2',
      'شہر *',
      'پن کوڈ *',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    const state = screen.getByLabelText('ریاست *');
    expect(screen.getByRole('option', { name: 'ریاست چنیں' })).toHaveValue('');
    await userEvent.setup().selectOptions(state, 'West Bengal');
    expect(state).toHaveValue('West Bengal');
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('₹499.50'));
    expect(screen.getByRole('button', { name: 'ادائیگی کی طرف بڑھیں' })).toBeEnabled();
  });
});
