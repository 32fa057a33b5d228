import {
  BOOK_LANGUAGE_NAMES,
  formatDateTime,
  formatMoney,
  isBookLanguage,
  paths,
  type Order,
} from '@scholar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MoneySummary } from '../../../components/order-payment';
import { CashCollected } from '../components/cash-collected';
import { BackLink } from '../../../components/ui/back-link';
import { card } from '../../../components/ui/card';
import { Details } from '../../../components/ui/details';
import { Panel } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { capitalise } from '../../../lib/book-languages';
import { copyToClipboard } from '../../../lib/clipboard';
import { imageSrc } from '../../../lib/images';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DownloadBill } from '../../../components/bills/download-bill';
import { useAdminOrder } from '../api/get-admin-order';
import { FulfillmentPanel } from '../components/fulfillment-panel';
import { OrderHistory } from '../components/order-history';
import { PaymentPanel } from '../components/payment-panel';
import { ReturnRequestsPanel } from '../components/return-requests-panel';

function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={() => void copyToClipboard(text)}
      className="ms-2 inline-flex rounded p-1 align-middle text-stone-500 hover:bg-stone-100"
    >
      <Copy aria-hidden="true" className="h-4 w-4" />
    </button>
  );
}

const addressText = (order: Order) => {
  const a = order.shippingAddress;
  return [
    a.addressLine1,
    a.addressLine2,
    a.landmark && `Landmark: ${a.landmark}`,
    `${a.city}, ${a.state} ${a.pincode}`,
  ]
    .filter(Boolean)
    .join('\n');
};

/** One order for the admin (docs/product.md, "Order desk"). */
export function AdminOrderPage() {
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: order, error } = useAdminOrder(orderId);
  useDocumentTitle(order ? `Order ${order.orderNumber}` : 'Order Details');

  useEffect(() => {
    if (!error) return;
    toast.error(
      error instanceof ApiError && error.status === 404 ? 'Order not found' : 'Failed to load order details',
    );
    void navigate(paths.adminDashboard, { replace: true });
  }, [error, navigate]);

  if (!order) return <Spinner label="Loading order" />;

  const itemCount = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const saved = (next: Order) => {
    queryClient.setQueryData(queryKeys.orders.detail(next._id), next);
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.adminLists() });
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <BackLink to={paths.adminDashboard}>Back to Orders</BackLink>
      <h1 className="mt-4 font-serif text-3xl font-bold text-brand-800">Order {order.orderNumber}</h1>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          <Panel id="items-heading" title="Items" className={`${card} p-6`}>
            <ul className="mt-4 divide-y divide-stone-100">
              {order.items.map((item) => (
                <li key={item._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
                  <img
                    src={imageSrc(item.images[0])}
                    alt=""
                    width={48}
                    height={64}
                    className="h-16 w-12 rounded object-cover"
                  />
                  <div className="min-w-0 flex-1 basis-48 break-words">
                    <p className="font-medium">{item.name}</p>
                    <p className="text-sm text-stone-500">{item.author}</p>
                    {item.selectedLanguage && (
                      <p className="text-sm text-stone-600">
                        Language:{' '}
                        {isBookLanguage(item.selectedLanguage)
                          ? BOOK_LANGUAGE_NAMES[item.selectedLanguage]
                          : capitalise(item.selectedLanguage)}
                      </p>
                    )}
                  </div>
                  <p className="text-sm">
                    {item.quantity} × {formatMoney(item.price)}
                  </p>
                  <p className="ms-auto w-24 text-end font-medium">
                    {formatMoney(item.price * item.quantity)}
                  </p>
                </li>
              ))}
            </ul>
            <MoneySummary money={order.money} />
            <CashCollected order={order} />
            <DownloadBill order={order} scope="desk" />
          </Panel>
          {/* Started afresh when the fulfillment changes, not when a refund settles while it is being edited. */}
          <FulfillmentPanel
            key={JSON.stringify([order.status, order.fulfillment])}
            order={order}
            onSaved={saved}
          />
        </div>

        <div className="space-y-6">
          <PaymentPanel order={order} />
          <ReturnRequestsPanel order={order} />
          <Panel id="summary-heading" title="Order Summary" className={`${card} p-6 text-sm`}>
            <Details
              className="mt-3 space-y-2"
              items={[
                { label: 'Order number', value: order.orderNumber, valueClass: 'font-medium' },
                { label: 'Transaction ID', value: order.txnId, valueClass: 'break-all' },
                { label: 'Items', value: itemCount },
                { label: 'Date', value: formatDateTime(order.createdAt) },
                { label: 'Total', value: formatMoney(order.money.total), valueClass: 'font-semibold' },
              ]}
            />
          </Panel>
          <Panel id="customer-heading" title="Customer" className={`${card} p-6 text-sm`}>
            <p className="mt-3 font-medium">{order.contactDetails.name}</p>
            <p className="break-all">
              {order.contactDetails.email}
              <CopyButton text={order.contactDetails.email} label="Copy email" />
            </p>
            <p>
              {order.contactDetails.phone}
              <CopyButton text={order.contactDetails.phone} label="Copy phone" />
            </p>
            <h3 className="mt-4 font-semibold">
              Shipping Address
              <CopyButton text={addressText(order)} label="Copy address" />
            </h3>
            <address className="mt-1 whitespace-pre-line not-italic">{addressText(order)}</address>
          </Panel>
          <Panel id="timeline-heading" title="Timeline" className={`${card} p-6 text-sm`}>
            <OrderHistory order={order} className="mt-3" />
          </Panel>
        </div>
      </div>
    </div>
  );
}
