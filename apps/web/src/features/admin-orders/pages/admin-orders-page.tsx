import {
  ADMIN_ORDERS_GUEST_COD_VIEW,
  formatDate,
  formatMoney,
  ORDER_SEARCH_MAX,
  ORDER_STATUS_FILTERS,
  ORDER_STATUS_LABELS,
  PAGE_SIZES,
  paths,
  type Order,
  type OrderStatusFilter,
} from '@scholar/shared';
import { Copy, Download, Eye } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { copyToClipboard } from '../../../lib/clipboard';
import { deskPages } from '../../../lib/page-window';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { downloadOrdersCsv } from '../api/download-orders-csv';
import type { GuestCodCancelled } from '../api/cancel-guest-cod-orders';
import { useAdminOrders, type AdminOrdersFilter } from '../api/get-admin-orders';
import { GuestCodCancelDialog } from '../components/guest-cod-cancel-dialog';
import { RevenueChart } from '../components/revenue-chart';
import { BackorderedBadge, StatusBadge } from '../components/status-badge';
import { OpenReturns } from '../components/open-returns';
import { paymentWords } from '../lib/money-words';

/** How long typing must pause before the desk asks the server. */
export const ORDER_SEARCH_DEBOUNCE_MS = 300;

const FILTER_LABELS: Record<OrderStatusFilter, string> = { all: 'All', ...ORDER_STATUS_LABELS };

const isStatusFilter = (value: string | null): value is OrderStatusFilter =>
  ORDER_STATUS_FILTERS.some((s) => s === value);
const dateParam = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** The desk's filter as the URL holds it (`?search=&status=&startDate=&endDate=&view=&page=`), so a reload keeps it. */
function filterOf(params: URLSearchParams): Required<AdminOrdersFilter> {
  const page = Number(params.get('page'));
  const status = params.get('status');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    status: isStatusFilter(status) ? status : 'all',
    startDate: dateParam(params.get('startDate')),
    endDate: dateParam(params.get('endDate')),
    search: (params.get('search') ?? '').trim().slice(0, ORDER_SEARCH_MAX),
    view: params.get('view') === ADMIN_ORDERS_GUEST_COD_VIEW ? ADMIN_ORDERS_GUEST_COD_VIEW : '',
  };
}

/** The orders chosen for a bulk cancellation, in the view of guests' cash-on-delivery orders. */
interface Choice {
  chosen: ReadonlySet<string>;
  toggle: (id: string) => void;
}

function ChooseOrder({ order, choice }: { order: Order; choice: Choice }) {
  return (
    <input
      type="checkbox"
      className="size-5 accent-brand-700"
      aria-label={`Choose order ${order.orderNumber}`}
      checked={choice.chosen.has(order._id)}
      onChange={() => choice.toggle(order._id)}
    />
  );
}

/** Under an order's total: how it is paid and where that stands ("COD – ₹284.00 due, not collected"). */
function PaymentNote({ order }: { order: Order }) {
  return (
    <span className="block text-xs font-normal text-stone-600" data-testid="order-payment-state">
      {paymentWords(order.money)}
    </span>
  );
}

const itemCount = (order: Order) => order.items.reduce((sum, item) => sum + item.quantity, 0);
const itemsText = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** Copy the order number, and open the order; on a card (`labelled`) as larger buttons with their words. */
function OrderActions({ order, labelled = false }: { order: Order; labelled?: boolean }) {
  const look = labelled
    ? 'inline-flex min-h-11 items-center gap-2 rounded-md border border-stone-300 px-3 text-sm hover:bg-stone-100'
    : 'rounded p-2 hover:bg-stone-100';
  return (
    <div className="flex gap-2">
      <button
        type="button"
        className={look}
        aria-label={`Copy order number ${order.orderNumber}`}
        onClick={() => void copyToClipboard(order.orderNumber)}
      >
        <Copy aria-hidden="true" className="h-4 w-4" />
        {labelled && 'Copy'}
      </button>
      <Link to={paths.adminOrder(order._id)} className={look} aria-label={`View order ${order.orderNumber}`}>
        <Eye aria-hidden="true" className="h-4 w-4" />
        {labelled && 'View'}
      </Link>
    </div>
  );
}

/** Below 768 px: one card per order with every column of the table and its actions. */
function OrderCards({ orders, choice }: { orders: Order[]; choice?: Choice | undefined }) {
  return (
    <ul aria-label="Orders" className="mt-6 space-y-3 md:hidden">
      {orders.map((order) => (
        <li key={order._id} aria-label={`Order ${order.orderNumber}`} className={`${card} p-4`}>
          <div className="flex items-start justify-between gap-2">
            {choice && <ChooseOrder order={order} choice={choice} />}
            <div className="min-w-0 flex-1">
              <p className="font-medium break-all">{order.orderNumber}</p>
              <p className="text-xs text-stone-500">{itemsText(itemCount(order))}</p>
            </div>
            <div className="text-end">
              <StatusBadge status={order.status} />
              <BackorderedBadge order={order} />
            </div>
          </div>
          <dl className="mt-3 grid grid-cols-[5rem_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-stone-500">Customer</dt>
            <dd className="min-w-0">
              {order.contactDetails.name}
              <span className="block text-xs [overflow-wrap:anywhere] text-stone-500">
                {order.contactDetails.email}
              </span>
              <span className="block text-xs text-stone-500">{order.contactDetails.phone}</span>
            </dd>
            <dt className="text-stone-500">Amount</dt>
            <dd className="font-medium">
              {formatMoney(order.money.total)}
              <PaymentNote order={order} />
            </dd>
            <dt className="text-stone-500">Date</dt>
            <dd>{formatDate(order.createdAt)}</dd>
          </dl>
          <div className="mt-2 flex justify-end border-t border-stone-100 pt-2">
            <OrderActions order={order} labelled />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** From 768 px: the table of docs/product.md, "Order desk". */
function OrderTable({
  orders,
  choice,
  chooseAll,
}: {
  orders: Order[];
  choice?: Choice | undefined;
  chooseAll?: ReactNode;
}) {
  return (
    <div className={`${card} mt-6 hidden overflow-x-auto md:block`}>
      <table className="w-full text-start text-sm">
        <caption className="sr-only">Orders</caption>
        <thead className="bg-stone-50 text-stone-600">
          <tr>
            {choice && (
              <th scope="col" className="px-4 py-3">
                {chooseAll}
              </th>
            )}
            {['Order', 'Customer', 'Amount', 'Status', 'Date', 'Actions'].map((name) => (
              <th key={name} scope="col" className="px-4 py-3">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id} className="border-t border-stone-100">
              {choice && (
                <td className="px-4 py-3">
                  <ChooseOrder order={order} choice={choice} />
                </td>
              )}
              <td className="px-4 py-3">
                <span className="font-medium">{order.orderNumber}</span>
                <span className="block text-xs text-stone-500">{itemsText(itemCount(order))}</span>
              </td>
              <td className="px-4 py-3">
                {order.contactDetails.name}
                <span className="block text-xs text-stone-500">{order.contactDetails.email}</span>
                <span className="block text-xs text-stone-500">{order.contactDetails.phone}</span>
              </td>
              <td className="px-4 py-3 font-medium">
                {formatMoney(order.money.total)}
                <PaymentNote order={order} />
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={order.status} />
                <BackorderedBadge order={order} />
              </td>
              <td className="px-4 py-3">{formatDate(order.createdAt)}</td>
              <td className="px-4 py-3">
                <OrderActions order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StatCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className={`${card} p-4`}>
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-stone-900">{value}</dd>
      {note && <dd className="text-xs text-stone-500">{note}</dd>}
    </div>
  );
}

/**
 * The admin order desk (docs/product.md, "Order desk"). The search looks through every order on the server, not the
 * page loaded (docs/decisions/020); it and the filters live in the URL.
 */
export function AdminOrdersPage() {
  useDocumentTitle('Orders');
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const [exporting, setExporting] = useState(false);
  const { data, isError, isPlaceholderData } = useAdminOrders(filter);
  const guestCod = filter.view === ADMIN_ORDERS_GUEST_COD_VIEW;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [cancelling, setCancelling] = useState(false);
  const [notCancelled, setNotCancelled] = useState<{ orderNumber: string; message: string }[]>([]);
  // A choice is of the orders on the page shown: another page, filter or view starts afresh.
  const shown = data?.orders.map((order) => order._id).join(' ');
  useEffect(() => setChosen(new Set()), [shown, filter.view]);
  const choice: Choice | undefined = guestCod
    ? {
        chosen,
        toggle: (id) =>
          setChosen((before) => {
            const next = new Set(before);
            if (!next.delete(id)) next.add(id);
            return next;
          }),
      }
    : undefined;
  const pageOrders = data?.orders ?? [];
  const allChosen = pageOrders.length > 0 && pageOrders.every((order) => chosen.has(order._id));
  const chooseAll = (
    <input
      type="checkbox"
      className="size-5 accent-brand-700"
      aria-label="Choose every order on this page"
      checked={allChosen}
      onChange={() => setChosen(allChosen ? new Set() : new Set(pageOrders.map((order) => order._id)))}
    />
  );
  const cancelled = (answer: GuestCodCancelled) => {
    const numbers = new Map(pageOrders.map((order) => [order._id, order.orderNumber]));
    setNotCancelled(
      answer.refused.map((each) => ({ orderNumber: numbers.get(each.id) ?? each.id, message: each.message })),
    );
    setChosen(new Set());
  };

  /** Writes the filter to the URL; any change but the page's goes back to page 1. */
  const update = (next: Partial<AdminOrdersFilter>, replace = false) => {
    const merged = { ...filter, page: 1, ...next };
    const query = new URLSearchParams();
    if (merged.search) query.set('search', merged.search);
    if (merged.status !== 'all') query.set('status', merged.status);
    if (merged.startDate) query.set('startDate', merged.startDate);
    if (merged.endDate) query.set('endDate', merged.endDate);
    if (merged.view) query.set('view', merged.view);
    if (merged.page > 1) query.set('page', String(merged.page));
    written.current = merged.search;
    setParams(query, { replace });
  };

  const [draft, setDraft] = useState(filter.search);
  // The search this page last wrote to the URL: a different one came from Back, Forward or a link.
  const written = useRef(filter.search);
  useEffect(() => {
    if (filter.search === written.current) return;
    written.current = filter.search;
    setDraft(filter.search);
  }, [filter.search]);
  const commitSearch = (value: string) => {
    const next = value.trim().slice(0, ORDER_SEARCH_MAX);
    if (next !== filter.search) update({ search: next }, true);
  };
  // Typing asks the server once it pauses; each pause replaces the history entry rather than adding one.
  const onPause = useEffectEvent((value: string) => commitSearch(value));
  useEffect(() => {
    const timer = window.setTimeout(() => onPause(draft), ORDER_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commitSearch(draft);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadOrdersCsv(filter);
      toast.success('CSV file downloaded successfully!');
    } catch (error) {
      // The server's answer ('Failed to export orders' when it gives no reason), else the file could not be made.
      toast.error(errorMessage(error, 'Failed to export CSV file'));
    } finally {
      setExporting(false);
    }
  };

  const p = data?.pagination;
  const from = p && p.totalOrders > 0 ? (p.currentPage - 1) * PAGE_SIZES.adminOrders + 1 : 0;
  const to = p ? Math.min(p.currentPage * PAGE_SIZES.adminOrders, p.totalOrders) : 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeader
        title="Orders"
        action={
          <Button onClick={exportCsv} disabled={exporting}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        }
      />
      <Link to={paths.adminDelivery} className="mt-2 inline-block text-sm text-brand-700 underline">
        Delivery zones and charges by pincode
      </Link>{' '}
      <Link to={paths.adminCoupons} className="ms-4 mt-2 inline-block text-sm text-brand-700 underline">
        Coupons
      </Link>
      <OpenReturns />
      {isError ? (
        <p className="mt-8 text-red-700">Failed to get admin orders</p>
      ) : !data ? (
        <Spinner label="Loading orders" />
      ) : (
        <>
          <div className="mt-6">
            <RevenueChart days={data.stats.revenueByDay} />
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
            <StatCard label="Total Orders" value={String(data.stats.totalOrders)} />
            <StatCard
              label="Total Revenue"
              value={formatMoney(data.stats.totalRevenue)}
              note="Net of refunds"
            />
            <StatCard label="Pending" value={String(data.stats.ordersByStatus.pending)} />
            <StatCard label="Delivered" value={String(data.stats.ordersByStatus.delivered)} />
          </dl>
        </>
      )}
      <div className="mt-6 grid gap-4 md:grid-cols-[1fr_10rem_10rem_10rem]">
        <form role="search" aria-label="Orders" onSubmit={submit}>
          <TextField
            label="Search orders"
            type="search"
            placeholder="Order number, name, email or phone"
            maxLength={ORDER_SEARCH_MAX}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </form>
        <SelectField
          label="Status"
          value={filter.status}
          onChange={(e) => update({ status: e.target.value })}
        >
          {ORDER_STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {FILTER_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="From"
          type="date"
          value={filter.startDate}
          onChange={(e) => update({ startDate: e.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={filter.endDate}
          onChange={(e) => update({ endDate: e.target.value })}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <CheckboxField
          label="Only guests' cash-on-delivery orders waiting to be sent"
          checked={guestCod}
          onChange={(e) => update({ view: e.target.checked ? ADMIN_ORDERS_GUEST_COD_VIEW : '' })}
        />
        {guestCod && (
          <>
            <span className="md:hidden">{chooseAll}</span>
            <Button variant="danger" disabled={chosen.size === 0} onClick={() => setCancelling(true)}>
              Cancel chosen orders ({chosen.size})
            </Button>
          </>
        )}
      </div>
      {notCancelled.length > 0 && (
        <div role="status" className={`${card} mt-4 border-amber-300 bg-amber-50 p-4 text-sm`}>
          <p className="font-medium">Not cancelled:</p>
          <ul className="mt-1 list-disc ps-5">
            {notCancelled.map((each) => (
              <li key={each.orderNumber}>
                {each.orderNumber}: {each.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {cancelling && (
        <GuestCodCancelDialog ids={[...chosen]} onClose={() => setCancelling(false)} onDone={cancelled} />
      )}
      {data && (
        <div aria-busy={isPlaceholderData} className={isPlaceholderData ? 'opacity-60' : undefined}>
          {data.orders.length === 0 ? (
            <p className="mt-10 text-center text-stone-600">No orders found</p>
          ) : (
            <>
              <OrderTable orders={data.orders} choice={choice} chooseAll={chooseAll} />
              <OrderCards orders={data.orders} choice={choice} />
            </>
          )}
        </div>
      )}
      {p && p.totalOrders > 0 && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
          <p>
            Showing {from} to {to} of {p.totalOrders} orders
          </p>
          <Pagination
            page={p.currentPage}
            totalPages={p.totalPages}
            items={deskPages(p.currentPage, p.totalPages)}
            onChange={(page) => update({ page })}
          />
        </div>
      )}
    </div>
  );
}
