import { formatMoney, formatOrderDate, ORDER_STATUS_FILTERS, PAGE_SIZES } from '@scholar/shared';
import { Copy, Download, Eye } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { copyToClipboard } from '../../../lib/clipboard';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { downloadOrdersCsv, useAdminOrders, type AdminOrdersFilter } from '../api/admin-orders';
import { RevenueChart } from '../components/revenue-chart';
import { StatusBadge } from '../components/status-badge';

const FILTER_LABELS: Record<string, string> = {
  all: 'All',
  pending: 'Pending',
  shipped: 'Shipped',
  delivered: 'Delivered',
  RTO: 'RTO',
};

function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-4">
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-stone-900">{value}</dd>
    </div>
  );
}

/** The admin order desk (spec §2 Admin orders list). */
export function AdminOrdersPage() {
  useDocumentTitle('Orders');
  const [filter, setFilter] = useState<AdminOrdersFilter>({
    page: 1,
    status: 'all',
    startDate: '',
    endDate: '',
  });
  const [search, setSearch] = useState('');
  const [exporting, setExporting] = useState(false);
  const { data, isPending, isError } = useAdminOrders(filter);

  // The search looks through the page already loaded (spec §2).
  const visible = useMemo(() => {
    const term = search.trim().toLowerCase();
    if (!data || !term) return data?.orders ?? [];
    return data.orders.filter((o) =>
      [o.orderNumber, o.contactDetails.name, o.contactDetails.email].some((v) =>
        v.toLowerCase().includes(term),
      ),
    );
  }, [data, search]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadOrdersCsv(filter);
      toast.success('CSV file downloaded successfully!');
    } catch {
      toast.error('Failed to export CSV file');
    } finally {
      setExporting(false);
    }
  };

  const p = data?.pagination;
  const from = p && p.totalOrders > 0 ? (p.currentPage - 1) * PAGE_SIZES.adminOrders + 1 : 0;
  const to = p ? Math.min(p.currentPage * PAGE_SIZES.adminOrders, p.totalOrders) : 0;
  const pageButtons = p ? Array.from({ length: Math.min(5, p.totalPages) }, (_, i) => i + 1) : [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-bold text-brand-800">Orders</h1>
        <Button onClick={exportCsv} disabled={exporting}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>

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
            <StatCard label="Total Revenue" value={formatMoney(data.stats.totalRevenue)} />
            <StatCard label="Pending" value={String(data.stats.ordersByStatus.pending)} />
            <StatCard label="Delivered" value={String(data.stats.ordersByStatus.delivered)} />
          </dl>
        </>
      )}

      <div className="mt-6 grid gap-4 md:grid-cols-[1fr_10rem_10rem_10rem]">
        <TextField
          label="Search this page"
          type="search"
          placeholder="Order number, name or email"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <SelectField
          label="Status"
          value={filter.status}
          onChange={(e) => setFilter({ ...filter, status: e.target.value, page: 1 })}
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
          onChange={(e) => setFilter({ ...filter, startDate: e.target.value, page: 1 })}
        />
        <TextField
          label="To"
          type="date"
          value={filter.endDate}
          onChange={(e) => setFilter({ ...filter, endDate: e.target.value, page: 1 })}
        />
      </div>

      {isPending ? null : data && visible.length === 0 ? (
        <p className="mt-10 text-center text-stone-600">No orders found</p>
      ) : data ? (
        <div className="mt-6 overflow-x-auto rounded-xl border border-stone-200 bg-white">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">Orders</caption>
            <thead className="bg-stone-50 text-stone-600">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Order
                </th>
                <th scope="col" className="px-4 py-3">
                  Customer
                </th>
                <th scope="col" className="px-4 py-3">
                  Amount
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3">
                  Date
                </th>
                <th scope="col" className="px-4 py-3">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map((order) => {
                const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
                return (
                  <tr key={order._id} className="border-t border-stone-100">
                    <td className="px-4 py-3">
                      <span className="font-medium">{order.orderNumber}</span>
                      <span className="block text-xs text-stone-500">
                        {count} {count === 1 ? 'item' : 'items'}
                      </span>
                    </td>
                    <td className="px-4 py-3">
                      {order.contactDetails.name}
                      <span className="block text-xs text-stone-500">{order.contactDetails.email}</span>
                    </td>
                    <td className="px-4 py-3 font-medium">{formatMoney(order.amount)}</td>
                    <td className="px-4 py-3">
                      <StatusBadge status={order.status} />
                    </td>
                    <td className="px-4 py-3">{formatOrderDate(order.createdAt)}</td>
                    <td className="px-4 py-3">
                      <div className="flex gap-1">
                        <button
                          type="button"
                          className="rounded p-1.5 hover:bg-stone-100"
                          aria-label={`Copy order number ${order.orderNumber}`}
                          onClick={() => void copyToClipboard(order.orderNumber)}
                        >
                          <Copy aria-hidden="true" className="h-4 w-4" />
                        </button>
                        <Link
                          to={paths.adminOrder(order._id)}
                          className="rounded p-1.5 hover:bg-stone-100"
                          aria-label={`View order ${order.orderNumber}`}
                        >
                          <Eye aria-hidden="true" className="h-4 w-4" />
                        </Link>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}

      {p && p.totalOrders > 0 && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
          <p>
            Showing {from} to {to} of {p.totalOrders} orders
          </p>
          <nav aria-label="Pagination" className="flex flex-wrap gap-1">
            <button
              type="button"
              className="rounded-md border border-stone-300 px-3 py-1.5 disabled:opacity-50"
              disabled={!p.hasPrevPage}
              onClick={() => setFilter({ ...filter, page: filter.page - 1 })}
            >
              Previous
            </button>
            {pageButtons.map((n) => (
              <button
                key={n}
                type="button"
                aria-label={`Page ${n}`}
                aria-current={n === p.currentPage ? 'page' : undefined}
                className={`min-w-9 rounded-md border px-3 py-1.5 ${
                  n === p.currentPage ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300'
                }`}
                onClick={() => setFilter({ ...filter, page: n })}
              >
                {n}
              </button>
            ))}
            <button
              type="button"
              className="rounded-md border border-stone-300 px-3 py-1.5 disabled:opacity-50"
              disabled={!p.hasNextPage}
              onClick={() => setFilter({ ...filter, page: filter.page + 1 })}
            >
              Next
            </button>
          </nav>
        </div>
      )}
    </div>
  );
}
