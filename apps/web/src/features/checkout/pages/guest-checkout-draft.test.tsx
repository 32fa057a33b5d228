import { STORAGE_KEYS } from '@scholar/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { guestDraft } from '../lib/guest-form';
import { GuestCheckoutPage } from './guest-checkout-page';
import { PaymentSuccessPage } from './payment-success-page';
import { aCartBook } from '../../../test/cart';
import { json, renderWithProviders } from '../../../test/render';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const book = aCartBook();

/** A guest with one book in the cart, on the checkout; the cart page links back to it. */
function open() {
  localStorage.setItem(STORAGE_KEYS.localCart, JSON.stringify([{ ...book, quantity: 1 }]));
  const orders: { guestInfo: { phone: string } }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/cart/prices') return json(200, { success: true, data: { books: [book] } });
    if (path === '/api/payments/create-razorpay-order') {
      orders.push(JSON.parse(String(init?.body)));
      return json(502, {
        success: false,
        error: 'Failed to create payment order',
        code: 'PAYMENT_PROVIDER_ERROR',
      });
    }
    return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  const router = createMemoryRouter(
    [
      { path: '/guest/checkout', element: <GuestCheckoutPage /> },
      { path: '/cart', element: <Link to="/guest/checkout">Back to checkout</Link> },
      { path: '/payment/success', element: <PaymentSuccessPage /> },
    ],
    { initialEntries: ['/guest/checkout'] },
  );
  renderWithProviders(router);
  return { router, orders };
}

const field = (label: string) => screen.getByLabelText(label);
const proceed = () => screen.getByRole('button', { name: 'Proceed to Payment' });

async function fillAll(user: ReturnType<typeof userEvent.setup>, phone: string) {
  await user.type(field('Full Name *'), 'Imran Sheikh');
  await user.type(field('Email *'), 'imran.guest@example.com');
  await user.type(field('Phone *'), phone);
  await user.type(field('Address Line 1 *'), '5 Zakaria Street');
  await user.type(field('City *'), 'Kolkata');
  await user.selectOptions(field('State *'), 'West Bengal');
  await user.type(field('Pincode *'), '700073');
}

describe('the guest checkout form', () => {
  it('keeps what was typed when the guest goes back to the cart and returns, and not after the order', async () => {
    const user = userEvent.setup();
    const { router } = open();
    await screen.findByRole('form', { name: 'Guest checkout' });
    await user.type(field('Full Name *'), 'Imran Sheikh');
    await user.type(field('Phone *'), '+91 98311 22334');
    await user.selectOptions(field('State *'), 'West Bengal');

    await router.navigate('/cart');
    await user.click(await screen.findByRole('link', { name: 'Back to checkout' }));
    await screen.findByRole('form', { name: 'Guest checkout' });
    expect(field('Full Name *')).toHaveValue('Imran Sheikh');
    expect(field('Phone *')).toHaveValue('+91 98311 22334');
    expect(field('State *')).toHaveValue('West Bengal');
    expect(JSON.parse(sessionStorage.getItem('guestCheckoutDraft') ?? '{}')).toMatchObject({
      name: 'Imran Sheikh',
    });
    // Only this tab keeps it, never the device.
    expect(Object.values({ ...localStorage }).join()).not.toContain('Imran Sheikh');

    // The order placed, nothing of the form is kept.
    await router.navigate('/payment/success');
    await waitFor(() => expect(sessionStorage.getItem('guestCheckoutDraft')).toBeNull());
    expect(guestDraft.load()).toBeNull();
  });

  it('sends the 10 digits of a phone written with +91 and spaces', async () => {
    const user = userEvent.setup();
    const { orders } = open();
    await screen.findByRole('form', { name: 'Guest checkout' });
    await fillAll(user, '+91 98311 22334');
    await waitFor(() => expect(proceed()).toBeEnabled());
    await user.click(proceed());
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]?.guestInfo.phone).toBe('9831122334');
  });

  it('refuses a 9-digit phone with its own message, focused, and sends nothing', async () => {
    const user = userEvent.setup();
    const { orders } = open();
    await screen.findByRole('form', { name: 'Guest checkout' });
    await fillAll(user, '98311 2233');
    await waitFor(() => expect(proceed()).toBeEnabled());
    await user.click(proceed());
    const phone = field('Phone *');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(/^Enter a 10-digit mobile number/);
    await waitFor(() => expect(phone).toHaveFocus());
    expect(toast.error).toHaveBeenCalledWith('Enter a 10-digit mobile number', expect.anything());
    expect(orders).toEqual([]);
    // The phone's keyboard and the browser's autofill know the fields.
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    expect(field('Pincode *')).toHaveAttribute('inputmode', 'numeric');
    expect(field('Pincode *')).toHaveAttribute('autocomplete', 'postal-code');
    expect(field('Pincode *')).toHaveAttribute('maxlength', '6');
  });

  it('marks each empty required field with its own message', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('form', { name: 'Guest checkout' });
    await waitFor(() => expect(proceed()).toBeEnabled());
    await user.click(proceed());
    const expected: [string, string][] = [
      ['Full Name *', 'Please enter your name'],
      ['Email *', 'Please enter your email address'],
      ['Address Line 1 *', 'Please enter your house number and street'],
      ['City *', 'Please enter your city or town'],
      ['State *', 'Please choose your state'],
      ['Pincode *', 'Please enter your 6-digit pincode'],
    ];
    for (const [label, message] of expected) {
      expect(field(label), label).toHaveAttribute('aria-invalid', 'true');
      expect(field(label), label).toHaveAccessibleDescription(message);
    }
    expect(field('Phone *')).toHaveAccessibleDescription(/^Please enter your mobile number/);
    expect(field('Address Line 2')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(field('Full Name *')).toHaveFocus());
  });
});
