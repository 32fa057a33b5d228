import type { Order } from '@scholar/shared';
import type { ReactElement } from 'react';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { aCancelledOrder, anOrder, anOrderItem, aRefund } from '../../../test/orders';
import { signedInAs } from '../../../test/session';
import { OrderPage } from './order-page';
import { json, renderWithProviders } from '../../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The page of `orderId` for a signed-in customer, the server answering the order (or 404), as it is at each read. */
function show(
  orderId: string,
  answer: Order | undefined | (() => Order),
  wrap = (page: ReactElement) => page,
) {
  const user = signedInAs('user');
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/auth/me') return json(200, { success: true, data: { user } });
    // The order's return requests (order-return-request.tsx): none.
    if (path.endsWith('/returns')) return json(200, { success: true, data: { requests: [] } });
    asked.push(path);
    const order = typeof answer === 'function' ? answer() : answer;
    return order
      ? json(200, { success: true, data: { order } })
      : json(404, { success: false, error: 'Order not found', code: 'ORDER_NOT_FOUND' });
  });
  const router = createMemoryRouter([{ path: '/order-details/:orderId', element: wrap(<OrderPage />) }], {
    initialEntries: [`/order-details/${orderId}`],
  });
  renderWithProviders(router);
  return { user, asked };
}

describe('OrderPage', () => {
  it("reads the customer's own order and shows its lines, totals, address and status", async () => {
    const order = anOrder({
      items: [
        anOrderItem({ selectedLanguage: 'urdu' }),
        anOrderItem({
          _id: '0190b0a0-0000-7000-8000-0000000001a2',
          name: 'Riyad as-Salihin',
          price: 300,
          quantity: 1,
        }),
      ],
      subtotal: 1250,
      shipping: 100,
      amount: 1350,
    });
    const { user, asked } = show(order._id, order);
    expect(await screen.findByRole('heading', { name: 'Order ORD-20261122-ABC123' })).toBeInTheDocument();
    expect(asked).toEqual([`/api/orders/${user._id}/${order._id}`]);

    const items = screen.getByRole('region', { name: 'Items' });
    const [, first, second] = within(items).getAllByRole('row');
    expect(first).toHaveTextContent('Sahih Muslim');
    expect(first).toHaveTextContent('Language: Urdu');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['2', '₹475.00', '₹950.00']));
    expect(second).not.toHaveTextContent('Language');
    expect(items).toHaveTextContent('Subtotal₹1,250.00');
    expect(items).toHaveTextContent('Shipping₹100.00');
    expect(items).toHaveTextContent('Total₹1,350.00');

    expect(screen.getByRole('region', { name: 'Delivery address' })).toHaveTextContent(
      '9 Elliot RoadKolkata, West Bengal 700016',
    );
    const delivery = screen.getByRole('region', { name: 'Status and tracking' });
    expect(delivery).toHaveTextContent('Paid · preparing to ship');
    expect(delivery).not.toHaveTextContent(/pending/i);
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard?tab=orders',
    );
  });

  it('shows the courier, the tracking number and a link to follow the parcel once shipped', async () => {
    const order = anOrder({
      status: 'shipped',
      fulfillment: {
        trackingNumber: 'EE123456789IN',
        shippingProvider: 'India Post',
        trackingUrl: 'https://www.indiapost.gov.in/track?id=EE123456789IN',
        estimatedDelivery: '2026-11-30',
        notes: 'Left with the guard',
        shippedAt: '2026-11-23T09:00:00.000Z',
        deliveredAt: null,
      },
    });
    show(order._id, order);
    const delivery = await screen.findByRole('region', { name: 'Status and tracking' });
    expect(delivery).toHaveTextContent('Shipped');
    expect(delivery).toHaveTextContent('CourierIndia Post');
    expect(delivery).toHaveTextContent('Tracking numberEE123456789IN');
    expect(delivery).toHaveTextContent('Expected delivery30 Nov 2026');
    expect(within(delivery).getByRole('link', { name: /Track parcel/ })).toHaveAttribute(
      'href',
      'https://www.indiapost.gov.in/track?id=EE123456789IN',
    );
    const timeline = within(delivery).getByRole('list', { name: 'Timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Ordered', 'Shipped']);
  });

  it('says an order that is not theirs (or not there) is not found', async () => {
    show('0190b0a0-0000-7000-8000-0000000000ff', undefined);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toBeInTheDocument();
  });

  it('tells each refund started or made, leaves out a failed one, and shows what was paid in the end', async () => {
    const order = anOrder({
      refundedAmount: 650,
      refunds: [
        aRefund({ _id: '0190b0a0-0000-7000-8000-0000000000d1', amount: 250 }),
        aRefund({
          _id: '0190b0a0-0000-7000-8000-0000000000d2',
          amount: 300,
          status: 'failed',
          createdAt: '2026-11-23T11:00:00.000Z',
          updatedAt: '2026-11-23T11:00:03.000Z',
        }),
        aRefund({
          _id: '0190b0a0-0000-7000-8000-0000000000d3',
          amount: 400,
          status: 'pending',
          razorpayRefundId: null,
          createdAt: '2026-11-24T10:00:00.000Z',
          updatedAt: '2026-11-24T10:00:00.000Z',
        }),
      ],
    });
    show(order._id, order);
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    expect(
      within(refunds)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '₹250.00 refunded on 23 Nov 2026, 3:30 pm IST to your original payment method.',
      'Refund of ₹400.00 started on 24 Nov 2026, 3:30 pm IST — it reaches your account in 5–7 business days.',
    ]);
    expect(refunds).not.toHaveTextContent('₹300.00');
    expect(refunds).not.toHaveTextContent('Damaged copy');
    const items = screen.getByRole('region', { name: 'Items' });
    expect(items).toHaveTextContent('Total₹1,000.00PaymentPaid onlineRefunded−₹650.00Net paid₹350.00');
  });

  it('says a cancelled order is cancelled, why, and that its money is on its way back', async () => {
    const cancelled = aCancelledOrder('The book is out of print');
    let now = cancelled;
    const { asked } = show(cancelled._id, () => now);
    const delivery = await screen.findByRole('region', { name: 'Status and tracking' });
    expect(delivery).toHaveTextContent('Cancelled');
    expect(delivery).toHaveTextContent(
      'This order was cancelled on 22 Nov 2026, 5:30 pm IST. Reason: The book is out of print',
    );
    expect(delivery).not.toHaveTextContent('Your payment has been received');
    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(refunds).toHaveTextContent('Refund of ₹1,000.00 started on 22 Nov 2026, 5:30 pm IST');
    expect(screen.getByRole('region', { name: 'Items' })).toHaveTextContent('Net paid₹0.00');

    // Razorpay settles it: the page, reading the order again while the refund is on its way, says so.
    now = { ...cancelled, refunds: [{ ...cancelled.refunds[0]!, status: 'processed' }] };
    await waitFor(() => expect(refunds).toHaveTextContent('₹1,000.00 refunded on'), { timeout: 7000 });
    expect(asked).toHaveLength(2);
  }, 10_000);
});

describe('OrderPage in Urdu and Bengali', () => {
  const inLocale = async (locale: 'ur' | 'bn') => {
    const i18n = await loadI18n(locale);
    return (page: ReactElement) => <LocaleProvider i18n={i18n}>{page}</LocaleProvider>;
  };

  it('shows a shipped order in Urdu: status, courier, dates, lines and totals, the API values untouched', async () => {
    const order = anOrder({
      status: 'shipped',
      items: [anOrderItem({ selectedLanguage: 'urdu' })],
      fulfillment: {
        trackingNumber: 'EE123456789IN',
        shippingProvider: 'India Post',
        trackingUrl: 'https://www.indiapost.gov.in/track?id=EE123456789IN',
        estimatedDelivery: '2026-11-30',
        notes: null,
        shippedAt: '2026-11-23T09:00:00.000Z',
        deliveredAt: null,
      },
    });
    show(order._id, order, await inLocale('ur'));
    expect(
      await screen.findByRole('heading', { name: 'آرڈر \u2066ORD-20261122-ABC123\u2069' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/آرڈر کی تاریخ:/)).toHaveTextContent(/22 نومبر، 2026/);
    const delivery = screen.getByRole('region', { name: 'حالت اور ٹریکنگ' });
    expect(delivery).toHaveTextContent('روانہ ہو گیا');
    expect(delivery).toHaveTextContent('کوریئرIndia Post');
    expect(delivery).toHaveTextContent('ٹریکنگ نمبرEE123456789IN');
    expect(delivery).toHaveTextContent('متوقع ترسیل30 نومبر، 2026');
    expect(within(delivery).getByRole('link', { name: /پارسل ٹریک کریں/ })).toBeInTheDocument();
    const timeline = within(delivery).getByRole('list', { name: 'مراحل' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['آرڈر دیا گیا', 'روانہ ہوا']);
    const items = screen.getByRole('region', { name: 'چیزیں' });
    expect(items).toHaveTextContent('زبان: اردو');
    expect(items).toHaveTextContent('ذیلی کل₹950.00');
    expect(items).toHaveTextContent('کل₹1,000.00');
    expect(screen.getByRole('region', { name: 'ترسیل کا پتہ' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'میرے آرڈر پر واپس' })).toHaveAttribute(
      'href',
      '/dashboard?tab=orders',
    );
  });

  it('tells a cancelled order and its refund in Urdu, and a paid one in Bengali digits', async () => {
    const cancelled = aCancelledOrder('The book is out of print');
    show(cancelled._id, cancelled, await inLocale('ur'));
    const delivery = await screen.findByRole('region', { name: 'حالت اور ٹریکنگ' });
    expect(delivery).toHaveTextContent('منسوخ');
    expect(delivery).toHaveTextContent(
      /یہ آرڈر 22 نومبر، 2026.* کو منسوخ ہوا۔ وجہ: The book is out of print/,
    );
    const refunds = screen.getByRole('region', { name: 'رقم کی واپسی' });
    expect(refunds).toHaveTextContent(
      /₹1,000.00 کی واپسی 22 نومبر، 2026.* کو شروع ہوئی — یہ 5 سے 7 کاروباری دنوں/,
    );
    expect(screen.getByRole('region', { name: 'چیزیں' })).toHaveTextContent(
      'واپس کیے گئے−₹1,000.00خالص ادائیگی₹0.00',
    );
    cleanup();

    const paid = anOrder();
    show(paid._id, paid, await inLocale('bn'));
    const status = await screen.findByRole('region', { name: 'অবস্থা ও ট্র্যাকিং' });
    expect(status).toHaveTextContent('পেমেন্ট হয়েছে · পাঠানোর প্রস্তুতি চলছে');
    expect(status).toHaveTextContent('আপনার পেমেন্ট পাওয়া গেছে।');
    expect(screen.getByRole('region', { name: 'জিনিস' })).toHaveTextContent('মোট₹১,০০০.০০');
  });
});
