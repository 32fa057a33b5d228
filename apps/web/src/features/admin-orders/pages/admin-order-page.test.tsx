import { ORDER_MESSAGES, paths, REFUND_MESSAGES, type Order, type OrderStatus } from '@scholar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { aCancelledOrder, anOrder, anOrderItem, aRefund } from '../../../test/orders';
import { json, renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { REFUND_POLL_MS } from '../api/get-admin-order';
import { AdminOrderPage } from './admin-order-page';
import { NOT_A_RETURN_LABEL } from '../components/refund-dialog';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The desk's page of one order, the server answering each read with `read()` (the order as it is now) and a cancel
 * with `cancelled`, which the reads answer from then on.
 */
function show(read: () => Order, cancelled?: Order) {
  const user = signedInAs('admin');
  const calls: Call[] = [];
  let after: Order | undefined;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/auth/me') return json(200, { success: true, data: { user } });
    // The order's return requests (return-requests-panel.tsx): none.
    if (path.endsWith('/returns')) return json(200, { success: true, data: { requests: [] } });
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'POST' && path.endsWith('/cancel') && cancelled) {
      after = cancelled;
      return json(200, { success: true, data: { order: cancelled }, message: REFUND_MESSAGES.cancelled });
    }
    return json(200, { success: true, data: { order: after ?? read() } });
  });
  const order = read();
  const router = createMemoryRouter([{ path: paths.adminOrder(), element: <AdminOrderPage /> }], {
    initialEntries: [paths.adminOrder(order._id)],
  });
  renderWithProviders(router);
  return { calls };
}

const timelineEntries = () =>
  within(screen.getByRole('list', { name: 'Timeline' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('AdminOrderPage', () => {
  it('shows paid, refunded and net, and every refund on the timeline with its reason, amount and date', async () => {
    const order = anOrder({
      refundedAmount: 250,
      refunds: [
        aRefund({
          _id: '0190b0a0-0000-7000-8000-0000000000d1',
          amount: 300,
          status: 'failed',
          reason: 'Wrong copy',
          createdAt: '2026-11-22T11:00:00.000Z',
          updatedAt: '2026-11-22T11:00:02.000Z',
        }),
        aRefund({ _id: '0190b0a0-0000-7000-8000-0000000000d2' }),
      ],
    });
    show(() => order);
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Card – ₹250.00 of ₹1,000.00 refunded');
    expect(payment).toHaveTextContent('Paid₹1,000.00Refunded₹250.00Net₹750.00');
    expect(timelineEntries()).toEqual([
      'Ordered22 Nov 2026, 3:30 pm IST',
      'Refund failed — nothing was refunded; you can try again₹300.00Reason: Wrong copy22 Nov 2026, 4:30 pm IST',
      'Refunded₹250.00Reason: Damaged copy23 Nov 2026, 3:30 pm IST',
    ]);
    expect(within(payment).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(within(payment).getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
  });

  it('shows a cash-on-delivery order not collected as due, not paid, and offers no refund of cash nobody received', async () => {
    show(() =>
      anOrder({
        paymentMethod: 'cod',
        couponCode: 'EID15',
        subtotal: 240,
        discount: 36,
        codFee: 30,
        amount: 284,
      }),
    );
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('COD – ₹284.00 due, not collected');
    expect(payment).not.toHaveTextContent('Paid');
    expect(within(payment).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(within(payment).getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByTestId('money-summary')).toHaveTextContent(
      'Subtotal₹240.00Shipping₹50.00Discount (EID15)−₹36.00Cash-on-delivery fee₹30.00Total₹284.00',
    );
    expect(items).toHaveTextContent('Pay ₹284.00 in cash on delivery');
  });

  it('shows a collected cash-on-delivery order as paid, and lets the desk refund it', async () => {
    show(() =>
      anOrder({
        status: 'delivered',
        paymentMethod: 'cod',
        codFee: 30,
        amount: 1030,
        codCollectedAt: '2026-11-25T10:00:00.000Z',
        fulfillment: { ...anOrder().fulfillment, deliveredAt: '2026-11-25T09:00:00.000Z' },
      }),
    );
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('COD – ₹1,030.00 collected');
    expect(payment).toHaveTextContent('Paid₹1,030.00Refunded₹0.00Net₹1,030.00');
    expect(within(payment).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
  });

  it('names the edition of each line, so that the right language is shipped', async () => {
    show(() =>
      anOrder({
        items: [
          anOrderItem({ selectedLanguage: 'bengali' }),
          anOrderItem({
            _id: '0190b0a0-0000-7000-8000-0000000001a2',
            selectedLanguage: 'english',
            quantity: 1,
          }),
        ],
      }),
    );
    const items = await screen.findByRole('region', { name: 'Items' });
    const [bengali, english] = within(items).getAllByRole('listitem');
    expect(bengali).toHaveTextContent('Language: Bengali');
    expect(english).toHaveTextContent('Language: English');
  });

  it('offers no refund once all is refunded, and no cancel once the order has shipped', async () => {
    show(() =>
      anOrder({
        status: 'shipped',
        refundedAmount: 1000,
        refunds: [aRefund({ amount: 1000 })],
        fulfillment: { ...anOrder().fulfillment, shippedAt: '2026-11-22T12:00:00.000Z' },
      }),
    );
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Net₹0.00');
    expect(within(payment).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Fulfillment' })).getByRole('button', { name: 'Edit' }),
    ).toBeInTheDocument();
  });

  // The order's own status first, then where ORDER_STATUS_MOVES lets it go; Cancel order only from pending.
  const moves: [OrderStatus, string[], boolean][] = [
    ['pending', ['Pending', 'Shipped', 'Delivered'], true],
    ['shipped', ['Shipped', 'Delivered', 'Returned to origin (RTO)'], false],
    ['delivered', ['Delivered'], false],
    ['RTO', ['Shipped', 'Returned to origin (RTO)'], false],
  ];
  for (const [status, offered, cancellable] of moves) {
    it(`offers a ${status} order only the statuses it may move to, and Cancel order ${cancellable ? 'too' : 'not'}`, async () => {
      const user = userEvent.setup();
      show(() => anOrder({ status }));
      const payment = await screen.findByRole('region', { name: 'Payment' });
      expect(within(payment).queryByRole('button', { name: 'Cancel order' }) !== null).toBe(cancellable);
      const fulfillment = screen.getByRole('region', { name: 'Fulfillment' });
      await user.click(within(fulfillment).getByRole('button', { name: 'Edit' }));
      const select = within(fulfillment).getByLabelText('Status');
      expect(select).toHaveValue(status);
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(offered);
    });
  }

  it('reads the order again while a refund is in progress, until Razorpay settles it', async () => {
    // The clock moves on its own (for the page's own waits) and is pushed past each read's interval by the test.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const started = anOrder({ refundedAmount: 250, refunds: [aRefund({ status: 'pending' })] });
    let current = started;
    const { calls } = show(() => current);
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(within(payment).getByRole('status')).toHaveTextContent('A refund is in progress');
    expect(timelineEntries()[1]).toMatch(/^Refund started₹250.00Reason: Damaged copy/);

    // The owner starts on the fulfillment meanwhile: the settled refund does not wipe what they typed.
    const fulfillment = screen.getByRole('region', { name: 'Fulfillment' });
    await userEvent.click(within(fulfillment).getByRole('button', { name: 'Edit' }));
    await userEvent.type(within(fulfillment).getByLabelText('Tracking Number'), 'EE123456789IN');

    current = {
      ...started,
      updatedAt: '2026-11-23T10:00:05.000Z',
      refunds: [aRefund({ status: 'processed' })],
    };
    await vi.advanceTimersByTimeAsync(REFUND_POLL_MS);
    await waitFor(() => expect(timelineEntries()[1]).toMatch(/^Refunded₹250.00/));
    expect(within(fulfillment).getByLabelText('Tracking Number')).toHaveValue('EE123456789IN');
    expect(within(payment).getByRole('status')).toHaveTextContent('');
    const reads = calls.filter((call) => call.method === 'GET').length;
    expect(reads).toBe(2);

    // Settled: no more reads, however long the page stays open.
    await vi.advanceTimersByTimeAsync(REFUND_POLL_MS * 3);
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(reads);
  });

  it('cancels a pending order with a reason, telling first what the customer gets back', async () => {
    const user = userEvent.setup();
    const order = anOrder();
    const cancelled = aCancelledOrder('Customer asked');
    const { calls } = show(() => order, cancelled);
    const payment = await screen.findByRole('region', { name: 'Payment' });
    await user.click(within(payment).getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order ORD-20261122-ABC123' });
    expect(dialog).toHaveTextContent(
      'The customer gets a full refund of ₹1,000.00, and the copies go back to stock.',
    );
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining(REFUND_MESSAGES.reasonRequired),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'Customer asked');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: `/api/orders/admin/${order._id}/cancel`, body: { reason: 'Customer asked' } },
    ]);
    expect(within(payment).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(within(payment).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(timelineEntries()).toEqual([
      'Ordered22 Nov 2026, 3:30 pm IST',
      'CancelledReason: Customer asked22 Nov 2026, 5:30 pm IST',
      'Refund started₹1,000.00Reason: Customer askedRefund of the cancellationWaiting for Razorpay to confirm it22 Nov 2026, 5:30 pm IST',
    ]);
    const fulfillment = screen.getByRole('region', { name: 'Fulfillment' });
    expect(within(fulfillment).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(fulfillment).toHaveTextContent(REFUND_MESSAGES.cancelledIsFinal);
  });

  it('reads the order again when Razorpay refuses a refund, so that the failed refund shows on the timeline', async () => {
    const user = userEvent.setup();
    const order = anOrder();
    const refused = anOrder({
      refunds: [aRefund({ status: 'failed', reason: 'Goodwill', updatedAt: '2026-11-23T10:00:00.000Z' })],
    });
    let current = order;
    const { calls } = show(() => current);
    // The refund call is refused; the order now carries the failed refund.
    const fetchPage = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        current = refused;
        return json(400, { success: false, error: REFUND_MESSAGES.providerRefused, code: 'REFUND_REFUSED' });
      }
      return fetchPage(input, init);
    });
    const payment = await screen.findByRole('region', { name: 'Payment' });
    await user.click(within(payment).getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Refund an amount' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('checkbox', { name: NOT_A_RETURN_LABEL }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await user.click(within(dialog).getByRole('button', { name: /^Yes, refund/ }));
    expect(await within(dialog).findByText(REFUND_MESSAGES.providerRefused)).toBeInTheDocument();
    await waitFor(() =>
      expect(timelineEntries()[1]).toMatch(/^Refund failed — nothing was refunded; you can try again₹250.00/),
    );
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it("says 'Failed to update order status' when a change of status fails without the server's reason", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    const order = anOrder();
    show(() => order);
    // The save never gets an answer the page can read (a proxy's page, or no connection).
    const fetchPage = globalThis.fetch;
    let saves = 0;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        saves += 1;
        if (saves === 1) return new Response('<html>Bad gateway</html>', { status: 502 });
        throw new TypeError('Failed to fetch');
      }
      return fetchPage(input, init);
    });
    const fulfillment = await screen.findByRole('region', { name: 'Fulfillment' });
    await user.click(within(fulfillment).getByRole('button', { name: 'Edit' }));
    await user.selectOptions(within(fulfillment).getByLabelText('Status'), 'shipped');
    await user.click(within(fulfillment).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(ORDER_MESSAGES.statusFailed));
    await user.click(within(fulfillment).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    expect(error).toHaveBeenLastCalledWith(ORDER_MESSAGES.statusFailed);

    // The same status, other details: the fulfillment's own sentence.
    await user.selectOptions(within(fulfillment).getByLabelText('Status'), 'pending');
    await user.type(within(fulfillment).getByLabelText('Tracking Number'), 'EE123456789IN');
    await user.click(within(fulfillment).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(error).toHaveBeenCalledTimes(3));
    expect(error).toHaveBeenLastCalledWith('Failed to update order fulfillment');
    expect(saves).toBe(3);
  });

  it("gives the server's reason when it refuses a change of status", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    show(() => anOrder());
    const fetchPage = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        return json(409, { success: false, error: 'This order has moved on already', code: 'CONFLICT' });
      }
      return fetchPage(input, init);
    });
    const fulfillment = await screen.findByRole('region', { name: 'Fulfillment' });
    await user.click(within(fulfillment).getByRole('button', { name: 'Edit' }));
    await user.selectOptions(within(fulfillment).getByLabelText('Status'), 'shipped');
    await user.click(within(fulfillment).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('This order has moved on already'));
  });
});
