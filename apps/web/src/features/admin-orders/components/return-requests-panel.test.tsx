import type { ReturnRequest } from '@scholar/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrder, aReturnRequest } from '../../../test/orders';
import { json } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { ReturnRequestsPanel } from './return-requests-panel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const order = anOrder({ status: 'delivered' });
const itemId = order.items[0]!._id;

/** A request to return both copies of the delivered order's one line. */
const aRequest = (overrides: Partial<ReturnRequest> = {}): ReturnRequest =>
  aReturnRequest({
    reason: 'The pages of one copy are torn',
    items: [
      {
        orderItemId: itemId,
        name: 'Sahih Muslim',
        quantity: 2,
        approvedQuantity: null,
        receivedQuantity: null,
        restock: null,
      },
    ],
    ...overrides,
  });

interface Call {
  path: string;
  body: unknown;
}

/** The panel of `order` with `request`, the server answering each step with the request as it is. */
function show(request: ReturnRequest) {
  signedInAs('admin');
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (init?.method === 'POST') {
      calls.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return json(200, { success: true, data: { request }, message: 'Done' });
    }
    return json(200, { success: true, data: { requests: [request] } });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReturnRequestsPanel order={order} />
    </QueryClientProvider>,
  );
  return { calls };
}

const stepPath = (step: string) => `/api/orders/admin/returns/${aRequest()._id}/${step}`;

describe('ReturnRequestsPanel', () => {
  it('approves a return without money or stock: the copies only, after a question that says so', async () => {
    const user = userEvent.setup();
    const { calls } = show(aRequest());
    const panel = await screen.findByRole('region', { name: 'Customer requests' });
    expect(panel).toHaveTextContent('Waiting for an answer');
    await user.click(within(panel).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: `Approve the return of ${order.orderNumber}` });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Refund amount/)).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Copies of Sahih Muslim to approve'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      within(dialog).getByText(
        'Approve the return of 1 copy? The customer is asked to send them back; nothing is refunded yet.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, approve' }));
    await waitFor(() =>
      expect(calls).toEqual([
        { path: stepPath('approve'), body: { items: [{ orderItemId: itemId, quantity: 1 }] } },
      ]),
    );
  });

  it('records the parcel with nothing back to stock unless the desk ticks it', async () => {
    const user = userEvent.setup();
    const approved = aRequest({
      status: 'approved',
      items: [{ ...aRequest().items[0]!, approvedQuantity: 2 }],
    });
    const { calls } = show(approved);
    const panel = await screen.findByRole('region', { name: 'Customer requests' });
    expect(panel).toHaveTextContent('Approved: waiting for the books to come back');
    await user.click(within(panel).getByRole('button', { name: 'Parcel received' }));
    const dialog = screen.getByRole('dialog', { name: `The returned parcel of ${order.orderNumber}` });
    const box = within(dialog).getByRole('checkbox', { name: 'Return to stock (Sahih Muslim)' });
    expect(box).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Record parcel received' }));
    await waitFor(() =>
      expect(calls).toEqual([
        { path: stepPath('received'), body: { items: [{ orderItemId: itemId, quantity: 2, restock: 0 }] } },
      ]),
    );
  });

  it('puts back on the shelf only the copies the desk chose', async () => {
    const user = userEvent.setup();
    const approved = aRequest({
      status: 'approved',
      items: [{ ...aRequest().items[0]!, approvedQuantity: 2 }],
    });
    const { calls } = show(approved);
    await user.click(await screen.findByRole('button', { name: 'Parcel received' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Return to stock (Sahih Muslim)' }));
    // One of the two copies is torn: one back to stock.
    await user.selectOptions(within(dialog).getByLabelText('Copies of Sahih Muslim back to stock'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Record parcel received' }));
    await waitFor(() =>
      expect(calls).toEqual([
        { path: stepPath('received'), body: { items: [{ orderItemId: itemId, quantity: 2, restock: 1 }] } },
      ]),
    );
  });

  it('refunds a received return: its amount, asked first', async () => {
    const user = userEvent.setup();
    const received = aRequest({
      status: 'received',
      receivedAt: '2026-11-30T10:00:00.000Z',
      items: [{ ...aRequest().items[0]!, approvedQuantity: 2, receivedQuantity: 1, restock: 1 }],
    });
    const { calls } = show(received);
    const panel = await screen.findByRole('region', { name: 'Customer requests' });
    expect(panel).toHaveTextContent('Parcel received: to refund');
    expect(panel).toHaveTextContent('(approved 2, received 1, 1 back to stock)');
    await user.click(within(panel).getByRole('button', { name: 'Refund ₹475.00' }));
    const dialog = screen.getByRole('dialog', { name: `Refund the return of ${order.orderNumber}` });
    expect(within(dialog).getByText("Refund ₹475.00 to the customer's card?")).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund ₹475.00' }));
    await waitFor(() => expect(calls).toEqual([{ path: stepPath('refund'), body: undefined }]));
  });
});
