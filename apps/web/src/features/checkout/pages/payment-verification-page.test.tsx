import { paths, STORAGE_KEYS } from '@scholar/shared';
import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guestCart } from '../../../lib/guest-cart';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { anOrder } from '../../../test/orders';
import { json, renderWithProviders } from '../../../test/render';
import { PaymentVerificationPage } from './payment-verification-page';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

describe('PaymentVerificationPage', () => {
  it("sends Razorpay's three identifiers and nothing else, then keeps the guest's receipt and empties the cart", async () => {
    const ids = {
      razorpay_order_id: 'order_Q1',
      razorpay_payment_id: 'pay_Q1',
      razorpay_signature: 'abc123',
    };
    guestCart.add(
      {
        _id: anOrder().items[0]!.bookId!,
        name: 'Sahih Muslim',
        author: '',
        description: '',
        price: 475,
        images: [],
      },
      2,
    );
    const guest = {
      name: 'Aisha',
      email: 'aisha@example.com',
      phone: '9876543210',
      address: { addressLine1: '9 Elliot Road', city: 'Kolkata', state: 'West Bengal', pincode: '700016' },
    };
    localStorage.setItem(STORAGE_KEYS.guestInfo, JSON.stringify(guest));
    localStorage.setItem(STORAGE_KEYS.selectedAddress, JSON.stringify({ _id: 'from-an-older-page' }));
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/payments/verify-razorpay-payment') {
        sent.push(JSON.parse(String(init?.body)));
        const { contactDetails: _c, shippingAddress: _s, ...receipt } = anOrder();
        return json(200, { success: true, order: receipt });
      }
      return json(401, { success: false, error: 'Please log in to continue' });
    });
    const router = createMemoryRouter(
      [
        { path: '/payment-verification', element: <PaymentVerificationPage /> },
        { path: paths.paymentSuccess, element: <h1>Thank you</h1> },
      ],
      { initialEntries: [`/payment-verification?${new URLSearchParams(ids).toString()}`] },
    );
    renderWithProviders(router);

    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    expect(sent).toEqual([ids]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.successOrder) ?? 'null')).toMatchObject({
      orderNumber: anOrder().orderNumber,
      contactDetails: { name: 'Aisha', email: 'aisha@example.com', phone: '9876543210' },
    });
    for (const key of [STORAGE_KEYS.localCart, STORAGE_KEYS.guestInfo, STORAGE_KEYS.selectedAddress]) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(toast.success).toHaveBeenCalledWith('Payment successful! Order created.');
  });
});

describe('PaymentVerificationPage in Urdu', () => {
  it('says in Urdu that a return without the payment’s identifiers cannot be verified', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 401 }));
    const router = createMemoryRouter(
      [
        {
          path: '/payment-verification',
          element: (
            <LocaleProvider i18n={await loadI18n('ur')}>
              <PaymentVerificationPage />
            </LocaleProvider>
          ),
        },
      ],
      { initialEntries: ['/payment-verification?razorpay_order_id=order_1'] },
    );
    renderWithProviders(router);
    expect(await screen.findByRole('heading', { name: 'ادائیگی نہیں ہو سکی' })).toBeInTheDocument();
    expect(screen.getByText('ادائیگی کی معلومات درست نہیں')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'کارٹ پر واپس جائیں' })).toHaveAttribute('href', '/cart');
    expect(toast.error).toHaveBeenCalledWith('ادائیگی کی معلومات درست نہیں');
  });
});
