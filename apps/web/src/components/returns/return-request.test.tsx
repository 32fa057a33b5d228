import type { Order, ReturnRequest } from '@scholar/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrder, aReturnRequest as aRequest } from '../../test/orders';
import { json, renderWithProviders } from '../../test/render';
import { signedInAs } from '../../test/session';
import { loadI18n, LocaleProvider } from '../../lib/i18n';
import { OrderReturnRequest } from './return-request';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The card for `order`, the server holding `requests` and answering a request with 201. */
function show(order: Order, requests: ReturnRequest[] = [], i18n?: Awaited<ReturnType<typeof loadI18n>>) {
  const user = signedInAs('user');
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/auth/me') return json(200, { success: true, data: { user } });
    if (init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      const made = aRequest();
      requests.unshift(made);
      return json(201, { success: true, data: { request: made } });
    }
    return json(200, { success: true, data: { requests } });
  });
  const card = <OrderReturnRequest order={order} />;
  const router = createMemoryRouter([
    { path: '/', element: i18n ? <LocaleProvider i18n={i18n}>{card}</LocaleProvider> : card },
  ]);
  renderWithProviders(router);
  return { sent };
}

const deliveredDaysAgo = (days: number) =>
  anOrder({
    status: 'delivered',
    fulfillment: {
      ...anOrder().fulfillment,
      shippedAt: new Date(Date.now() - (days + 2) * 86_400_000).toISOString(),
      deliveredAt: new Date(Date.now() - days * 86_400_000).toISOString(),
    },
  });

describe('OrderReturnRequest', () => {
  it('asks for the copies and a reason, checks them first, then sends the return', async () => {
    const user = userEvent.setup();
    const order = deliveredDaysAgo(2);
    const { sent } = show(order);
    const region = await screen.findByRole('region', { name: 'Return or cancel' });
    expect(region).toHaveTextContent('within 30 days of delivery');
    await user.click(screen.getByRole('button', { name: 'Ask to return books' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByText('Choose at least one book and how many copies')).toBeInTheDocument();
    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining('Please tell us why'),
    );
    expect(sent).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Copies of Sahih Muslim to return'), '1');
    await user.type(screen.getByLabelText('Reason'), 'A torn page');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { kind: 'return', reason: 'A torn page', items: [{ orderItemId: order.items[0]!._id, quantity: 1 }] },
      ]),
    );
    expect(await screen.findByText(/Your request has been sent/)).toBeInTheDocument();
    expect(await screen.findByText(/to return books. We will answer by email./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to return books' })).not.toBeInTheDocument();
  });

  it('offers to cancel an order not shipped yet, without books to choose', async () => {
    const user = userEvent.setup();
    const { sent } = show(anOrder());
    await user.click(await screen.findByRole('button', { name: 'Ask to cancel this order' }));
    expect(screen.queryByLabelText(/Copies of/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason'), 'Ordered twice');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(sent).toEqual([{ kind: 'cancel', reason: 'Ordered twice' }]));
  });

  it('promises a refund of what was paid only when something was paid: cash on delivery not collected owes nothing', async () => {
    show(anOrder());
    expect(await screen.findByText(/what you paid is refunded/)).toBeInTheDocument();
    cleanup();
    show(anOrder({ paymentMethod: 'cod', codFee: 30, amount: 1030 }));
    expect(await screen.findByText(/nothing has been paid, so you owe nothing/)).toBeInTheDocument();
    expect(screen.queryByText(/what you paid is refunded/)).not.toBeInTheDocument();
  });

  it('offers nothing once the window is over, and tells the answer of a request', async () => {
    show(deliveredDaysAgo(31), [
      aRequest({
        status: 'refunded',
        refund: { _id: aRequest()._id, amount: 475, status: 'processed', byHand: false },
      }),
    ]);
    expect(await screen.findByText('Status: Refunded')).toBeInTheDocument();
    expect(
      screen.getByText('Your return is refunded: ₹475.00 goes back to the card or account you paid with.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to return books' })).not.toBeInTheDocument();
  });

  it.each([
    ['requested', 'Status: Requested', /You asked on .* to return books/],
    ['approved', 'Status: Approved: send the books back', /Please send the books back to us/],
    ['received', 'Status: Received', /Your books have reached us/],
    ['declined', 'Status: Declined', /Our reason: Opened and written in/],
  ] as const)('says a %s return in words', async (status, state, sentence) => {
    show(deliveredDaysAgo(2), [aRequest({ status, declineReason: 'Opened and written in' })]);
    expect(await screen.findByText(state)).toBeInTheDocument();
    expect(screen.getByText(sentence)).toBeInTheDocument();
    // A return on its way (asked, approved or received) is the order's one open request.
    const offered = screen.queryByRole('button', { name: 'Ask to return books' });
    if (status === 'declined') expect(offered).toBeInTheDocument();
    else expect(offered).not.toBeInTheDocument();
  });

  it('says the state in Urdu and in Bengali', async () => {
    show(deliveredDaysAgo(2), [aRequest({ status: 'approved' })], await loadI18n('ur'));
    expect(await screen.findByText('صورتِ حال: منظور: کتابیں واپس بھیجیں')).toBeInTheDocument();
    cleanup();
    show(deliveredDaysAgo(2), [aRequest({ status: 'received' })], await loadI18n('bn'));
    expect(await screen.findByText('অবস্থা: পৌঁছেছে')).toBeInTheDocument();
  });

  it('shows nothing for a delivered order past the window with no request', async () => {
    show(deliveredDaysAgo(31));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Return or cancel' })).not.toBeInTheDocument();
  });
});
