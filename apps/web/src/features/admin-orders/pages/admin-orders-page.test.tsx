import { ORDER_MESSAGES, type Order } from '@scholar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { anOrder } from '../../../test/orders';
import { json, renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { AdminOrdersPage } from './admin-orders-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const stats = {
  totalOrders: 400,
  totalRevenue: 1000,
  ordersByStatus: { pending: 100, shipped: 100, delivered: 80, RTO: 100, cancelled: 20 },
  revenueByDay: [],
};

/**
 * The desk at `url`, the server answering each list call with `answer(query)`; `asked` keeps the query of every
 * list call.
 */
function show(
  url: string,
  answer: (query: URLSearchParams) => { orders: Order[]; page?: number; total?: number },
) {
  const user = signedInAs('admin');
  const asked: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const target = new URL(String(input), 'http://localhost');
    if (target.pathname === '/api/auth/me') return json(200, { success: true, data: { user } });
    // The open return requests (open-returns.tsx): none.
    if (target.pathname === '/api/orders/admin/returns')
      return json(200, { success: true, data: { requests: [] } });
    asked.push(target.searchParams);
    const { orders, page = 1, total = orders.length } = answer(target.searchParams);
    const totalPages = Math.ceil(total / 10);
    return json(200, {
      success: true,
      data: {
        orders,
        stats,
        pagination: {
          currentPage: page,
          totalPages,
          totalOrders: total,
          hasNextPage: page < totalPages,
          hasPrevPage: page > 1,
        },
      },
    });
  });
  const router = createMemoryRouter([{ path: '/admin/dashboard', element: <AdminOrdersPage /> }], {
    initialEntries: [url],
  });
  renderWithProviders(router);
  return { asked, router };
}

const table = () => screen.getByRole('table', { name: 'Orders' });
const cards = () => screen.getByRole('list', { name: 'Orders' });

describe('AdminOrdersPage', () => {
  it('asks the server to search every order once typing pauses, from page 1, and keeps the search in the URL', async () => {
    // Found by its phone number: nothing the desk shows contains the term, the server found it all the same.
    const found = anOrder({
      orderNumber: 'ORD-20260901-7KQ3ZP',
      contactDetails: { name: 'Zainab', email: 'z@example.com', phone: '9123456780' },
    });
    const { asked, router } = show('/admin/dashboard?status=shipped&page=4', (query) =>
      query.get('search') ? { orders: [found] } : { orders: [anOrder()], page: 4, total: 36 },
    );
    expect(
      await within(await screen.findByRole('table', { name: 'Orders' })).findByText('ORD-20261122-ABC123'),
    ).toBeInTheDocument();
    expect(asked.at(-1)?.get('page')).toBe('4');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search orders' }), '91234567');
    await waitFor(() => expect(asked.at(-1)?.get('search')).toBe('91234567'));
    // One call for the whole term, not one per key.
    expect(asked.filter((q) => q.has('search'))).toHaveLength(1);
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ page: '1', status: 'shipped', search: '91234567' });
    expect(await within(table()).findByText('ORD-20260901-7KQ3ZP')).toBeInTheDocument();
    expect(within(cards()).getByText('ORD-20260901-7KQ3ZP')).toBeInTheDocument();
    expect(screen.queryByText('No orders found')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=91234567&status=shipped');
  });

  it('starts from the search in the URL (a reload keeps it) and says "No orders found" only when the server finds none', async () => {
    const { asked } = show('/admin/dashboard?search=nobody', (query) =>
      query.get('search') === 'nobody' ? { orders: [] } : { orders: [anOrder()] },
    );
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('nobody');
    expect(asked[0]?.get('search')).toBe('nobody');
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search orders' }));
    expect(
      await within(await screen.findByRole('table', { name: 'Orders' })).findByText('ORD-20261122-ABC123'),
    ).toBeInTheDocument();
    expect(asked.at(-1)?.has('search')).toBe(false);
    expect(screen.queryByText('No orders found')).not.toBeInTheDocument();
  });

  it('pages past page 5 with the current page marked, and keeps the search while paging', async () => {
    const { asked, router } = show('/admin/dashboard?search=customer&page=8', (query) => ({
      orders: [anOrder()],
      page: Number(query.get('page')),
      total: 400,
    }));
    const current = await screen.findByRole('button', { name: 'Page 8' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Showing 71 to 80 of 400 orders')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 9' }));
    await waitFor(() => expect(asked.at(-1)?.get('page')).toBe('9'));
    expect(asked.at(-1)?.get('search')).toBe('customer');
    expect(await screen.findByRole('button', { name: 'Page 9' })).toHaveAttribute('aria-current', 'page');
    expect(router.state.location.search).toBe('?search=customer&page=9');
  });

  it('reads every status as a word, in the list and the filter', async () => {
    show('/admin/dashboard', () => ({
      orders: (['pending', 'shipped', 'delivered', 'RTO', 'cancelled'] as const).map((status, i) =>
        anOrder({ _id: `0190b0a0-0000-7000-8000-0000000000d${i}`, orderNumber: `ORD-${status}`, status }),
      ),
    }));
    const rows = await within(await screen.findByRole('table', { name: 'Orders' })).findAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[3]?.textContent)).toEqual([
      'Pending',
      'Shipped',
      'Delivered',
      'Returned to origin (RTO)',
      'Cancelled',
    ]);
    expect(within(cards()).getByRole('listitem', { name: 'Order ORD-RTO' })).toHaveTextContent(
      'Returned to origin (RTO)',
    );
    const options = within(screen.getByRole('combobox', { name: 'Status' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'All',
      'Pending',
      'Shipped',
      'Delivered',
      'Returned to origin (RTO)',
      'Cancelled',
    ]);
  });

  it('marks a backordered order with a "Backordered" badge beside its status, in the table and the cards', async () => {
    show('/admin/dashboard', () => ({
      orders: [
        anOrder({ _id: '0190b0a0-0000-7000-8000-0000000000e1', orderNumber: 'ORD-LATE', backordered: true }),
        anOrder({ _id: '0190b0a0-0000-7000-8000-0000000000e2', orderNumber: 'ORD-READY' }),
      ],
    }));
    const rows = await within(await screen.findByRole('table', { name: 'Orders' })).findAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[3]?.textContent)).toEqual([
      'PendingBackordered',
      'Pending',
    ]);
    expect(within(cards()).getByRole('listitem', { name: 'Order ORD-LATE' })).toHaveTextContent(
      'Backordered',
    );
    expect(within(cards()).getByRole('listitem', { name: 'Order ORD-READY' })).not.toHaveTextContent(
      'Backordered',
    );
  });

  it('says the revenue is net of refunds, and how each order is paid and where its money stands', async () => {
    show('/admin/dashboard', () => ({
      orders: [
        anOrder({
          _id: '0190b0a0-0000-7000-8000-0000000000e1',
          orderNumber: 'ORD-PART',
          refundedAmount: 250,
        }),
        anOrder({ _id: '0190b0a0-0000-7000-8000-0000000000e2', orderNumber: 'ORD-WHOLE' }),
        anOrder({
          _id: '0190b0a0-0000-7000-8000-0000000000e3',
          orderNumber: 'ORD-COD',
          paymentMethod: 'cod',
          couponCode: 'EID15',
          discount: 36,
          codFee: 30,
          subtotal: 240,
          amount: 284,
          contactDetails: { name: 'Rafiq', email: 'rafiq@example.com', phone: '+91 98300 98300' },
        }),
      ],
    }));
    const rows = await within(await screen.findByRole('table', { name: 'Orders' })).findAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      '₹1,000.00Card – ₹250.00 of ₹1,000.00 refunded',
      '₹1,000.00Card – ₹1,000.00 paid',
      '₹284.00COD – ₹284.00 due, not collected',
    ]);
    // The phone beside the name and email, where the desk calls before a cash-on-delivery parcel goes out.
    expect(within(rows[3]!).getAllByRole('cell')[1]).toHaveTextContent(
      'Rafiqrafiq@example.com+91 98300 98300',
    );
    expect(within(cards()).getByRole('listitem', { name: 'Order ORD-PART' })).toHaveTextContent(
      'Amount₹1,000.00Card – ₹250.00 of ₹1,000.00 refunded',
    );
    expect(within(cards()).getByRole('listitem', { name: 'Order ORD-COD' })).toHaveTextContent(
      '+91 98300 98300',
    );
    expect(within(cards()).getByRole('listitem', { name: 'Order ORD-COD' })).toHaveTextContent(
      'COD – ₹284.00 due, not collected',
    );
    expect(screen.getByText('Total Revenue').parentElement).toHaveTextContent(
      'Total Revenue₹1,000.00Net of refunds',
    );
    expect(screen.getByRole('img', { name: /net of refunds/ })).toBeInTheDocument();
  });

  describe('Export CSV', () => {
    /** The desk, the export answering `exported()`. */
    const showExport = (exported: () => Promise<Response>) => {
      show('/admin/dashboard', () => ({ orders: [anOrder()] }));
      const fetchPage = globalThis.fetch;
      vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
        new URL(String(input), 'http://localhost').pathname === '/api/orders/admin/export-csv'
          ? exported()
          : fetchPage(input, init),
      );
    };

    it("says 'Failed to export orders' when the export fails without the server's reason", async () => {
      const error = vi.spyOn(toast, 'error');
      showExport(async () => new Response('', { status: 502 }));
      await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(error).toHaveBeenCalledWith(ORDER_MESSAGES.exportFailed));
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    });

    it("gives the server's reason for a refusal, and 'Failed to export CSV file' when no answer came", async () => {
      const error = vi.spyOn(toast, 'error');
      let answer: () => Promise<Response> = async () =>
        json(400, {
          success: false,
          error: 'The start date is after the end date',
          code: 'VALIDATION_ERROR',
        });
      showExport(() => answer());
      await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(error).toHaveBeenCalledWith('The start date is after the end date'));

      answer = () => Promise.reject(new TypeError('Failed to fetch'));
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(error).toHaveBeenLastCalledWith('Failed to export CSV file'));
    });
  });

  it("shows guests' cash-on-delivery orders waiting to be sent, and cancels the chosen ones with a reason", async () => {
    const ids = ['0190b0a0-0000-7000-8000-00000000c0d1', '0190b0a0-0000-7000-8000-00000000c0d2'];
    const waiting = ids.map((id, n) => anOrder({ _id: id, orderNumber: `ORD-20261201-COD00${n + 1}` }));
    const posted: unknown[] = [];
    const user = signedInAs('admin');
    const lists: URLSearchParams[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const target = new URL(String(input), 'http://localhost');
      if (target.pathname === '/api/auth/me') return json(200, { success: true, data: { user } });
      if (target.pathname === '/api/orders/admin/returns')
        return json(200, { success: true, data: { requests: [] } });
      if (target.pathname === '/api/orders/admin/guest-cod/cancel') {
        posted.push(JSON.parse(String(init?.body)));
        return json(200, {
          success: true,
          message: "1 order cancelled; 1 could not be (see each one's reason)",
          data: {
            cancelled: [{ ...waiting[0], status: 'cancelled' }],
            refused: [
              {
                id: ids[1],
                code: 'ORDER_SHIPPED',
                message: 'This order has shipped and cannot be cancelled.',
              },
            ],
          },
        });
      }
      lists.push(target.searchParams);
      const orders = target.searchParams.get('view') === 'guest-cod' ? waiting : [anOrder()];
      const pagination = {
        currentPage: 1,
        totalPages: 1,
        totalOrders: orders.length,
        hasNextPage: false,
        hasPrevPage: false,
      };
      return json(200, { success: true, data: { orders, stats, pagination } });
    });
    const router = createMemoryRouter([{ path: '/admin/dashboard', element: <AdminOrdersPage /> }], {
      initialEntries: ['/admin/dashboard'],
    });
    renderWithProviders(router);
    await within(await screen.findByRole('table', { name: 'Orders' })).findByText('ORD-20261122-ABC123');
    // No choosing outside the view.
    expect(screen.queryByRole('checkbox', { name: /Choose order/ })).not.toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('checkbox', { name: "Only guests' cash-on-delivery orders waiting to be sent" }),
    );
    await within(table()).findByText('ORD-20261201-COD001');
    expect(router.state.location.search).toBe('?view=guest-cod');
    expect(lists.at(-1)?.get('view')).toBe('guest-cod');
    const cancelChosen = () => screen.getByRole('button', { name: /Cancel chosen orders/ });
    expect(cancelChosen()).toBeDisabled();
    await userEvent.click(within(table()).getByRole('checkbox', { name: 'Choose every order on this page' }));
    expect(cancelChosen()).toHaveAccessibleName('Cancel chosen orders (2)');

    await userEvent.click(cancelChosen());
    const dialog = await screen.findByRole('dialog', { name: 'Cancel 2 orders' });
    // A reason is asked for before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel orders' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    expect(posted).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'No answer on the phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel orders' }));
    await waitFor(() => expect(posted).toEqual([{ ids, reason: 'No answer on the phone' }]));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Not cancelled:');
    expect(status).toHaveTextContent('ORD-20261201-COD002: This order has shipped and cannot be cancelled.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cards()).toBeInTheDocument();
  });
});
