import { REFUND_MESSAGES, type Order } from '@scholar/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrder, aRefund } from '../../../test/orders';
import { json } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { NOT_A_RETURN_LABEL, NOT_A_RETURN_REQUIRED, RefundDialog } from './refund-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Call {
  path: string;
  key: string | null;
  body: unknown;
}

/** The dialog for `order`, the server answering each refund call with the next of `answers`. */
function open(order: Order, answers: Response[] = []) {
  signedInAs('admin');
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({
      path: new URL(String(input), 'http://localhost').pathname,
      key: headers.get('idempotency-key'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    return answers.shift() ?? json(500, { success: false, error: 'No answer left' });
  });
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <RefundDialog order={order} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { calls, onClose, view, client };
}

const refunded = (order: Order) => json(201, { success: true, data: { order }, message: 'Refund started' });

/** The desk's word that the refund is not for a returned parcel (a return is refunded from its request). */
const notAReturn = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('checkbox', { name: NOT_A_RETURN_LABEL }));

const byAmount = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('radio', { name: 'Refund an amount' }));
  await notAReturn(user);
};

const confirmRefund = async (user: ReturnType<typeof userEvent.setup>, amount: string) =>
  user.click(await screen.findByRole('button', { name: `Yes, refund ${amount}` }));

describe('RefundDialog by books', () => {
  it('lists the items with their copies and restock, shows the amount, and asks before any money moves', async () => {
    const user = userEvent.setup();
    const done = anOrder({ refundedAmount: 475 });
    const { calls, onClose } = open(anOrder(), [refunded(done)]);
    expect(screen.getByRole('dialog', { name: 'Refund order ORD-20261122-ABC123' })).toBeInTheDocument();
    const copies = screen.getByRole('combobox', { name: 'Copies of Sahih Muslim to refund' });
    expect(copies).toHaveFocus();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['0', '1', '2']);

    // Not said to be without a return: said at once, nothing asked of the server.
    await user.type(screen.getByLabelText('Reason'), 'Torn cover');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(NOT_A_RETURN_REQUIRED)).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: NOT_A_RETURN_LABEL });
    expect(box).not.toBeChecked();
    expect(box).toHaveFocus();
    await notAReturn(user);
    expect(screen.queryByText(NOT_A_RETURN_REQUIRED)).not.toBeInTheDocument();

    // Nothing chosen: said beside the books, nothing asked of the server.
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Choose at least one book and how many copies')).toBeInTheDocument();

    await user.selectOptions(copies, '1');
    await user.click(screen.getByRole('checkbox', { name: 'Return to stock (Sahih Muslim)' }));
    expect(screen.getByText(/Refund amount/)).toHaveTextContent('Refund amount: ₹475.00');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByText("Refund ₹475.00 to the customer's card?")).toBeInTheDocument();
    expect(calls).toEqual([]);
    const yes = screen.getByRole('button', { name: 'Yes, refund ₹475.00' });
    expect(yes).toHaveFocus();
    await user.click(yes);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        path: `/api/orders/admin/${anOrder()._id}/refunds`,
        key: expect.stringMatching(/^[A-Za-z0-9_-]{1,100}$/),
        body: {
          reason: 'Torn cover',
          items: [{ orderItemId: anOrder().items[0]!._id, quantity: 1, restock: 1 }],
        },
      },
    ]);
  });

  it('adds the delivery charge when every copy is refunded, and offers only the copies left', async () => {
    const user = userEvent.setup();
    open(
      anOrder({
        refundedAmount: 475,
        items: [{ ...anOrder().items[0]!, refundedQuantity: 1 }],
      }),
    );
    const copies = screen.getByRole('combobox', { name: 'Copies of Sahih Muslim to refund' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['0', '1']);
    await user.selectOptions(copies, '1');
    expect(screen.getByText(/Refund amount/)).toHaveTextContent('₹525.00');
    expect(screen.getByText(/with the delivery charge/)).toBeInTheDocument();
  });

  it('goes back from the question without refunding', async () => {
    const user = userEvent.setup();
    const { calls } = open(anOrder());
    await notAReturn(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Copies of Sahih Muslim to refund' }), '2');
    await user.type(screen.getByLabelText('Reason'), 'Both damaged');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Reason')).toHaveValue('Both damaged');
    expect(calls).toEqual([]);
  });

  it('asks to record a cash-on-delivery refund as paid by hand', async () => {
    const user = userEvent.setup();
    open(anOrder({ paymentMethod: 'cod' }));
    await notAReturn(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Copies of Sahih Muslim to refund' }), '1');
    await user.type(screen.getByLabelText('Reason'), 'Wrong book');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByText('Record ₹475.00 as paid back to the customer by hand?')).toBeInTheDocument();
  });
});

describe('RefundDialog by amount', () => {
  it('starts at what is left of the order, to the paisa', async () => {
    const user = userEvent.setup();
    open(anOrder({ amount: 1000, refundedAmount: 333.33 }));
    await byAmount(user);
    expect(screen.getByLabelText('Amount (₹)')).toHaveValue('666.67');
    expect(screen.getByLabelText('Reason')).toHaveValue('');
  });

  it('says beside the fields what is wrong, and asks nothing of the server', async () => {
    const user = userEvent.setup();
    const { calls } = open(anOrder({ amount: 1000, refundedAmount: 250 }));
    await byAmount(user);
    const amount = screen.getByLabelText('Amount (₹)');
    expect(amount).toHaveValue('750');
    await user.clear(amount);
    await user.type(amount, '800');
    await user.click(screen.getByRole('button', { name: 'Refund' }));

    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining('At most ₹750.00 can still be refunded'),
    );
    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining(REFUND_MESSAGES.reasonRequired),
    );
    expect(amount).toHaveFocus();

    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.type(screen.getByLabelText('Reason'), 'Damaged copy');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(REFUND_MESSAGES.amountInvalid));
    expect(screen.getByLabelText('Reason')).not.toHaveAttribute('aria-invalid');
    expect(calls).toEqual([]);
  });

  it("puts the server's refusal of the amount beside the field", async () => {
    const user = userEvent.setup();
    const { calls, onClose } = open(anOrder(), [
      json(400, {
        success: false,
        error: 'At most ₹500.00 can still be refunded',
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.amount', message: 'At most ₹500.00 can still be refunded' }],
      }),
    ]);
    await byAmount(user);
    await user.type(screen.getByLabelText('Reason'), 'Damaged copy');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await confirmRefund(user, '₹1,000.00');
    await waitFor(() =>
      expect(screen.getByLabelText('Amount (₹)')).toHaveAccessibleDescription(
        expect.stringContaining('At most ₹500.00 can still be refunded'),
      ),
    );
    expect(calls).toEqual([
      {
        path: `/api/orders/admin/${anOrder()._id}/refunds`,
        key: expect.stringMatching(/^[A-Za-z0-9_-]{1,100}$/),
        body: { amount: 1000, reason: 'Damaged copy' },
      },
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends one Idempotency-Key per opening: the same again when the dialog submits after a failure', async () => {
    const user = userEvent.setup();
    const done = anOrder({ refundedAmount: 400, refunds: [aRefund({ amount: 400, status: 'pending' })] });
    const { calls, onClose, view } = open(anOrder(), [
      json(503, {
        success: false,
        error: 'Razorpay did not answer. Please try again.',
        code: 'SERVICE_UNAVAILABLE',
      }),
      refunded(done),
    ]);
    await byAmount(user);
    const amount = screen.getByLabelText('Amount (₹)');
    await user.clear(amount);
    await user.type(amount, '400');
    await user.type(screen.getByLabelText('Reason'), 'Damaged copy');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await confirmRefund(user, '₹400.00');
    expect(await screen.findByText('Razorpay did not answer. Please try again.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await confirmRefund(user, '₹400.00');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toHaveLength(2);
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(calls[1]!.body).toEqual({ amount: 400, reason: 'Damaged copy' });

    // Opened again, it is another refund: a new key.
    view.unmount();
    const again = open(done, [refunded(done)]);
    await byAmount(user);
    await user.type(screen.getByLabelText('Reason'), 'Second copy damaged too');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await confirmRefund(user, '₹600.00');
    await waitFor(() => expect(again.calls).toHaveLength(1));
    expect(again.calls[0]!.key).not.toBe(calls[0]!.key);
    expect(again.calls[0]!.body).toEqual({ amount: 600, reason: 'Second copy damaged too' });
  });

  it('is busy while the refund is asked for, so that it is not sent twice', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const { calls } = open(anOrder());
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ path: String(input), key: new Headers(init?.headers).get('idempotency-key'), body: null });
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    await byAmount(user);
    await user.type(screen.getByLabelText('Reason'), 'Damaged copy');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await confirmRefund(user, '₹1,000.00');
    const busy = await screen.findByRole('button', { name: 'Refunding...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(calls).toHaveLength(1);
    answer(refunded(anOrder({ refundedAmount: 1000 })));
  });
});
