import type { Order } from '@scholar/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { I18n } from '@lingui/core';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { anOrder, anOrderItem, aRefund } from '../../../test/orders';
import { OrdersTab } from './orders-tab';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const USER_ID = '0190b0a0-0000-7000-8000-00000000000b';

/** The tab over two pages of orders: page 1 answers one order, page 2 answers `second` (a status and a body). */
function showTwoPages(second: () => [number, unknown], i18n?: I18n) {
  const asked: number[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const page = Number(new URL(String(input), 'http://localhost').searchParams.get('page'));
    asked.push(page);
    const [status, body] =
      page === 1
        ? [
            200,
            {
              success: true,
              data: {
                orders: [anOrder()],
                pagination: {
                  currentPage: 1,
                  totalPages: 2,
                  totalOrders: 11,
                  hasNextPage: true,
                  hasPrevPage: false,
                },
              },
            },
          ]
        : second();
    return new Response(JSON.stringify(body), { status });
  });
  const tab = <OrdersTab userId={USER_ID} />;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{i18n ? <LocaleProvider i18n={i18n}>{tab}</LocaleProvider> : tab}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { asked };
}

function show(orders: Order[], i18n?: I18n) {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(
        JSON.stringify({
          success: true,
          data: {
            orders,
            pagination: {
              currentPage: 1,
              totalPages: 1,
              totalOrders: orders.length,
              hasNextPage: false,
              hasPrevPage: false,
            },
          },
        }),
      ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        {i18n ? (
          <LocaleProvider i18n={i18n}>
            <OrdersTab userId="0190b0a0-0000-7000-8000-00000000000b" />
          </LocaleProvider>
        ) : (
          <OrdersTab userId="0190b0a0-0000-7000-8000-00000000000b" />
        )}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('OrdersTab', () => {
  it("links each order to its own page, names a line's language and calls a paid order paid", async () => {
    const paid = anOrder({ items: [anOrderItem({ selectedLanguage: 'bengali' })] });
    const delivered = anOrder({
      _id: '0190b0a0-0000-7000-8000-0000000000c2',
      orderNumber: 'ORD-20261101-XYZ789',
      status: 'delivered',
    });
    show([paid, delivered]);
    const card = await screen.findByRole('listitem', { name: `Order ${paid.orderNumber}` });
    expect(card).toHaveTextContent('Sahih Muslim × 2 (Bengali)');
    expect(card).toHaveTextContent('Paid · preparing to ship');
    expect(card).not.toHaveTextContent(/pending/i);
    expect(
      within(card).getByRole('link', { name: `View details of order ${paid.orderNumber}` }),
    ).toHaveAttribute('href', `/order-details/${paid._id}`);

    const other = screen.getByRole('listitem', { name: `Order ${delivered.orderNumber}` });
    expect(other).toHaveTextContent('Delivered');
    expect(within(other).getByRole('link', { name: /View details/ })).toHaveAttribute(
      'href',
      `/order-details/${delivered._id}`,
    );
  });

  it('shows a cancelled order as cancelled, and what was refunded of an order beside its total', async () => {
    const cancelled = anOrder({
      status: 'cancelled',
      refundedAmount: 1000,
      refunds: [aRefund({ amount: 1000, cancellation: true })],
      cancellation: { reason: 'Out of print', cancelledAt: '2026-11-22T12:00:00.000Z' },
    });
    const kept = anOrder({ _id: '0190b0a0-0000-7000-8000-0000000000c2', orderNumber: 'ORD-20261101-XYZ789' });
    show([cancelled, kept]);
    const card = await screen.findByRole('listitem', { name: `Order ${cancelled.orderNumber}` });
    expect(card).toHaveTextContent('Cancelled');
    expect(card).toHaveTextContent('Total ₹1,000.00 · Refunded ₹1,000.00');
    expect(screen.getByRole('listitem', { name: `Order ${kept.orderNumber}` })).not.toHaveTextContent(
      'Refunded',
    );
  });

  it('never calls a cash-on-delivery order paid before its cash is collected', async () => {
    const cod = anOrder({ paymentMethod: 'cod', codFee: 30, amount: 1030 });
    const collected = anOrder({
      _id: '0190b0a0-0000-7000-8000-0000000000c2',
      orderNumber: 'ORD-20261101-XYZ789',
      status: 'delivered',
      paymentMethod: 'cod',
      codFee: 30,
      amount: 1030,
      codCollectedAt: '2026-11-25T10:00:00.000Z',
    });
    show([cod, collected]);
    const card = await screen.findByRole('listitem', { name: `Order ${cod.orderNumber}` });
    expect(card).toHaveTextContent('Placed · preparing to ship');
    expect(card).not.toHaveTextContent('Paid');
    expect(card).toHaveTextContent('Total ₹1,030.00 · To be paid in cash on delivery');
    expect(screen.getByRole('listitem', { name: `Order ${collected.orderNumber}` })).not.toHaveTextContent(
      'cash on delivery',
    );
  });
});

describe('OrdersTab failures', () => {
  const serverFault = (): [number, unknown] => [
    500,
    { success: false, error: 'An unexpected error occurred', code: 'INTERNAL_ERROR' },
  ];

  it("says 'Failed to get orders' when the next page cannot be read, and keeps the page it showed", async () => {
    const { asked } = showTwoPages(serverFault);
    const order = anOrder();
    await screen.findByRole('listitem', { name: `Order ${order.orderNumber}` });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to get orders'));
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(asked).toContain(2);
    expect(await screen.findByRole('listitem', { name: `Order ${order.orderNumber}` })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch orders')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it("says 'Failed to fetch orders' in the tab when the first page cannot be read, with no notification", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(serverFault()[1]), { status: 500 }));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <OrdersTab userId={USER_ID} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Failed to fetch orders')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says it in Urdu on an Urdu page', async () => {
    showTwoPages(serverFault, await loadI18n('ur'));
    await screen.findByRole('listitem', { name: `آرڈر ${anOrder().orderNumber}` });
    await userEvent.click(screen.getByRole('button', { name: 'اگلا' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('آرڈر حاصل نہیں کیے جا سکے'));
  });
});

describe('OrdersTab in Urdu and Bengali', () => {
  it('names the list, totals and links in Urdu, with the date in Urdu and the prices isolated', async () => {
    const order = anOrder({
      refundedAmount: 1000,
      createdAt: '2026-11-24T10:00:00.000Z',
      items: [anOrderItem({ selectedLanguage: 'bengali' })],
    });
    show([order], await loadI18n('ur'));
    expect(await screen.findByRole('heading', { name: 'آرڈر' })).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: `آرڈر ${order.orderNumber}` });
    expect(within(screen.getByRole('list', { name: 'آپ کے آرڈر' })).getAllByRole('listitem')[0]).toBe(card);
    expect(card.querySelector('time')).toHaveTextContent('24 نومبر، 2026');
    expect(card).toHaveTextContent('· کل ₹1,000.00');
    // The line's language named in Urdu.
    expect(card).toHaveTextContent('Sahih Muslim × 2 (بنگلہ)');
    expect(card).toHaveTextContent('· واپس کیے گئے ₹1,000.00');
    expect(card.querySelector('bdi')).not.toBeNull();
    expect(
      within(card).getByRole('link', { name: `آرڈر ${order.orderNumber} کی تفصیل دیکھیں` }),
    ).toHaveAttribute('href', `/order-details/${order._id}`);
  });

  it('writes the prices and counts in Bengali digits', async () => {
    show(
      [anOrder({ refundedAmount: 1000, items: [anOrderItem({ selectedLanguage: 'bengali' })] })],
      await loadI18n('bn'),
    );
    const card = await screen.findByRole('listitem', { name: /^অর্ডার / });
    expect(card).toHaveTextContent('ফেরত দেওয়া হয়েছে ₹১,০০০.০০');
    expect(card).toHaveTextContent('× ২ (বাংলা)');
  });
});
