import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { checkoutMoneyOf, type TrackedOrder } from '@scholar/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { fakeApi, type FakeRoutes } from '../../../test/fake-api';
import { TrackedOrderPage, TrackOrderPage } from './track-order-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const shipped: TrackedOrder = {
  orderNumber: 'ORD-20261127-7KQ3ZP',
  status: 'shipped',
  createdAt: '2026-11-27T05:30:00.000Z',
  amount: 450,
  subtotal: 400,
  shipping: 50,
  refundedAmount: 0,
  money: { ...checkoutMoneyOf({ paymentMethod: 'card', subtotal: 400, delivery: 50 }), paid: 450, net: 450 },
  backordered: false,
  items: [{ name: 'Riyad as-Salihin', author: 'Imam Nawawi', price: 400, quantity: 1, image: null }],
  fulfillment: {
    shippingProvider: 'India Post',
    trackingNumber: 'EE123456789IN',
    trackingUrl: 'https://www.indiapost.gov.in/track?id=EE123456789IN',
    estimatedDelivery: '2026-12-02',
    shippedAt: '2026-11-28T06:00:00.000Z',
    deliveredAt: null,
  },
  cancelledAt: null,
  destination: { city: 'Kolkata', state: 'West Bengal', pincode: '700016' },
  name: null,
  shippingAddress: null,
};

async function open(routes: FakeRoutes, url = '/track', locale?: 'ur') {
  const calls = fakeApi(routes);
  const i18n = locale ? await loadI18n(locale) : undefined;
  const wrap = (element: React.ReactElement) =>
    i18n ? <LocaleProvider i18n={i18n}>{element}</LocaleProvider> : element;
  const router = createMemoryRouter(
    [
      { path: '/track', element: wrap(<TrackOrderPage />) },
      { path: '/track/:orderNumber', element: wrap(<TrackedOrderPage />) },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

/** The signed link of a cash-on-delivery order of ₹240 with EID15 (−₹36), ₹50 delivery and a ₹30 fee. */
function openCodOrder(locale?: 'ur') {
  const money = checkoutMoneyOf({
    paymentMethod: 'cod',
    subtotal: 240,
    delivery: 50,
    couponCode: 'EID15',
    discount: 36,
    codFee: 30,
  });
  return open(
    {
      'GET /order-tracking/ORD-20261127-7KQ3ZP': () => [
        200,
        { success: true, data: { ...shipped, amount: 284, subtotal: 240, money } },
      ],
    },
    '/track/ORD-20261127-7KQ3ZP?t=abc',
    locale,
  );
}

describe('TrackOrderPage', () => {
  it('sends the number and the phone as typed, and shows the order with its progress and no address', async () => {
    const { calls, user } = await open({
      'POST /order-tracking': () => [200, { success: true, data: shipped }],
    });
    await user.type(screen.getByLabelText('Order number'), 'ord-20261127-7kq3zp');
    await user.type(screen.getByLabelText(/Email or phone number/), '+91 98200 22222');
    await user.click(screen.getByRole('button', { name: 'Track order' }));
    expect(await screen.findByRole('heading', { name: 'Order ORD-20261127-7KQ3ZP' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      orderNumber: 'ord-20261127-7kq3zp',
      contact: '+91 98200 22222',
    });
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Ordered \(done\)/),
      expect.stringMatching(/^Shipped \(done\)/),
      'Out for delivery (not yet)',
      expect.stringMatching(/^Delivered \(not yet\)Expected by/),
    ]);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Kolkata, West Bengal 700016')).toBeInTheDocument();
    expect(screen.getByText('EE123456789IN')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Track parcel/ })).toHaveAttribute(
      'href',
      shipped.fulfillment.trackingUrl,
    );
  });

  it('asks for both fields before sending, and says one not-found for a wrong pair', async () => {
    const { calls, user } = await open({
      'POST /order-tracking': () => [404, { success: false, error: 'x', code: 'ORDER_TRACK_NOT_FOUND' }],
    });
    await user.click(screen.getByRole('button', { name: 'Track order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the order number and the email or phone',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(screen.getByLabelText('Order number'), 'ORD-1');
    await user.type(screen.getByLabelText(/Email or phone number/), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Track order' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('We could not find an order with that number'),
    );
  });

  it('marks a cancelled order as such after the steps it reached, in Urdu', async () => {
    const { user } = await open(
      {
        'POST /order-tracking': () => [
          200,
          {
            success: true,
            data: {
              ...shipped,
              status: 'cancelled',
              cancelledAt: '2026-11-27T08:00:00.000Z',
              fulfillment: { ...shipped.fulfillment, shippedAt: null },
            },
          },
        ],
      },
      '/track',
      'ur',
    );
    await user.type(screen.getByLabelText('آرڈر نمبر'), 'ORD-20261127-7KQ3ZP');
    await user.type(screen.getByLabelText(/ای میل یا فون نمبر/), '9820022222');
    await user.click(screen.getByRole('button', { name: 'آرڈر ٹریک کریں' }));
    const list = await screen.findByRole('list', { name: 'آرڈر کی پیش رفت' });
    const steps = within(list).getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(steps[1]).toHaveTextContent('منسوخ');
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
  });
});

describe('TrackedOrderPage', () => {
  it('opens the whole order through the signed link', async () => {
    const { calls } = await open(
      {
        'GET /order-tracking/ORD-20261127-7KQ3ZP': () => [
          200,
          {
            success: true,
            data: {
              ...shipped,
              name: 'Nadia Rahman',
              shippingAddress: {
                addressLine1: '14 Ripon Street',
                city: 'Kolkata',
                state: 'West Bengal',
                pincode: '700016',
              },
            },
          },
        ],
      },
      '/track/ORD-20261127-7KQ3ZP?t=abc',
    );
    expect(await screen.findByText(/14 Ripon Street/)).toBeInTheDocument();
    expect(screen.getByText(/Nadia Rahman/)).toBeInTheDocument();
    expect(calls[0]?.query.get('t')).toBe('abc');
  });

  it('shows a cash-on-delivery order with a coupon as every other screen does: discount, fee, the total last, and what to pay in cash', async () => {
    await openCodOrder();
    const summary = await screen.findByTestId('money-summary');
    expect(summary).toHaveTextContent(
      'Subtotal₹240.00Shipping₹50.00Discount (EID15)−₹36.00Cash-on-delivery fee₹30.00Total₹284.00',
    );
    expect(summary).toHaveTextContent('PaymentCash on delivery');
    expect(summary).toHaveTextContent('Pay ₹284.00 in cash on delivery');
  });

  it("keeps the discount's minus sign before its figure on an Urdu page", async () => {
    await openCodOrder('ur');
    const discount = await screen.findByTestId('money-discount');
    // One isolated run, sign and figure together: right to left, a sign outside it would follow the figure.
    expect(discount.children).toHaveLength(1);
    expect(discount.firstElementChild?.tagName).toBe('BDI');
    expect(discount.firstElementChild).toHaveTextContent(/^−₹36\.00$/);
  });

  it('says a bad link is not valid', async () => {
    await open(
      {
        'GET /order-tracking/ORD-1': () => [
          404,
          { success: false, error: 'x', code: 'ORDER_TRACK_LINK_INVALID' },
        ],
      },
      '/track/ORD-1?t=bad',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This tracking link is not valid');
  });
});
