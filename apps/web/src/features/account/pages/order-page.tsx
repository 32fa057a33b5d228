import { isCalendarDate, paths, type Order } from '@scholar/shared';
import { ExternalLink } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { OrderLines, OrderTotals } from '../../../components/order-lines';
import { OrderPaymentNote } from '../../../components/order-payment';
import { OrderProgress, progressOf } from '../../../components/order-progress';
import { OrderTimeline } from '../../../components/order-timeline';
import { BackLink } from '../../../components/ui/back-link';
import { card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { T, useFormat, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DownloadBill } from '../../../components/bills/download-bill';
import { isOrderMissing, myOrderQueryOptions } from '../api/get-order';
import { OrderStatusBadge } from '../components/order-status';
import { hasPendingRefund, NetPaid, OrderRefunds, visibleRefunds } from '../components/order-refunds';
import { OrderReturnRequest } from '../../../components/returns/return-request';

const myOrders = `${paths.dashboard}?tab=orders`;

/** How often an order with a refund on its way is read again, so that the page says when it has been made. */
const REFUND_POLL_MS = 5000;

function BackToOrders() {
  const t = useT();
  return <BackLink to={myOrders}>{t('shop.order.back')}</BackLink>;
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${card} p-4 sm:p-6`}>
      <h2 id={id} className="font-serif text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Status, courier and tracking, and the dates the order was placed, shipped and delivered. */
function Delivery({ order }: { order: Order }) {
  const t = useT();
  const { date, dateTime } = useFormat();
  const f = order.fulfillment;
  const tracked = f.shippingProvider || f.trackingNumber || f.trackingUrl || f.estimatedDelivery;
  return (
    <Card id="delivery-heading" title={t('shop.order.delivery')}>
      <p className="mt-3">
        <OrderStatusBadge status={order.status} />
      </p>
      <OrderProgress order={progressOf(order)} className="mt-4" />
      {order.cancellation && (
        <p className="mt-2 text-sm text-stone-700">
          <T
            id="shop.order.cancelled"
            values={{
              date: dateTime(order.cancellation.cancelledAt),
              reason: order.cancellation.reason,
            }}
            components={{ 0: <time dateTime={order.cancellation.cancelledAt} /> }}
          />
        </p>
      )}
      {order.status === 'pending' && !tracked && (
        <p className="mt-2 text-sm text-stone-600">{t('shop.order.paidNote')}</p>
      )}
      {tracked && (
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          {f.shippingProvider && (
            <div>
              <dt className="text-stone-500">{t('shop.order.courier')}</dt>
              <dd className="font-medium">{f.shippingProvider}</dd>
            </div>
          )}
          {f.trackingNumber && (
            <div>
              <dt className="text-stone-500">{t('shop.order.trackingNumber')}</dt>
              <dd className="break-all font-medium">{f.trackingNumber}</dd>
            </div>
          )}
          {f.estimatedDelivery && (
            <div>
              <dt className="text-stone-500">{t('shop.order.expectedDelivery')}</dt>
              <dd>
                {isCalendarDate(f.estimatedDelivery) ? date(`${f.estimatedDelivery}T12:00:00+05:30`) : ''}
              </dd>
            </div>
          )}
        </dl>
      )}
      {f.trackingUrl && (
        <a
          href={f.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
        >
          {t('shop.order.track')} <ExternalLink aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">{t('shop.order.newTab')}</span>
        </a>
      )}
      <OrderTimeline order={order} label={t('shop.order.timeline')} className="mt-4 text-sm" />
    </Card>
  );
}

function OrderView({ order }: { order: Order }) {
  const t = useT();
  const { dateTime } = useFormat();
  const a = order.shippingAddress;
  return (
    <>
      <h1 className="mt-4 font-serif text-2xl font-bold text-brand-800 sm:text-3xl">
        {t('shop.order.heading', { number: order.orderNumber })}
      </h1>
      <p className="mt-1 text-sm text-stone-600">
        <T
          id="shop.order.placed"
          values={{ date: dateTime(order.createdAt) }}
          components={{ 0: <time dateTime={order.createdAt} /> }}
        />
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Card id="items-heading" title={t('shop.lines.caption')}>
          <div className="mt-3">
            <OrderLines items={order.items} />
          </div>
          <OrderTotals subtotal={order.subtotal} shipping={order.shipping} total={order.amount} />
          <OrderPaymentNote order={order} />
          <NetPaid order={order} />
          <DownloadBill order={order} />
        </Card>
        <div className="space-y-6">
          <Delivery order={order} />
          <OrderReturnRequest order={order} />
          {visibleRefunds(order).length > 0 && (
            <Card id="refunds-heading" title={t('shop.order.refunds')}>
              <OrderRefunds order={order} />
            </Card>
          )}
          <Card id="address-heading" title={t('shop.order.address')}>
            <address className="mt-3 text-sm not-italic">
              {order.contactDetails.name}
              <br />
              {a.addressLine1}
              {a.addressLine2 && <>, {a.addressLine2}</>}
              {a.landmark && (
                <>
                  <br />
                  {a.landmark}
                </>
              )}
              <br />
              {a.city}, {a.state} {a.pincode}
              <br />
              {order.contactDetails.phone}
            </address>
          </Card>
        </div>
      </div>
    </>
  );
}

/** /order-details/{orderId}: one of the signed-in customer's own orders. */
export function OrderPage() {
  const { orderId = '' } = useParams();
  const { user } = useSession();
  const userId = user?._id ?? '';
  const {
    data: order,
    error,
    isPending,
  } = useQuery({
    ...myOrderQueryOptions(userId, orderId),
    enabled: userId !== '' && orderId !== '',
    refetchInterval: (query) => (hasPendingRefund(query.state.data) ? REFUND_POLL_MS : false),
  });
  const t = useT();
  useDocumentTitle(order ? t('shop.order.heading', { number: order.orderNumber }) : t('shop.order.title'));

  let body: ReactNode;
  if (order) body = <OrderView order={order} />;
  else if (isPending) body = <Spinner label={t('shop.order.loading')} />;
  else if (isOrderMissing(error)) {
    body = (
      <div className="py-10 text-center">
        <h1 className="font-serif text-2xl font-bold text-brand-800">{t('shop.order.notFound')}</h1>
        <p className="mt-2 text-stone-600">{t('shop.order.notFoundText')}</p>
      </div>
    );
  } else {
    body = (
      <p role="alert" className="py-10 text-center text-red-700">
        {t('shop.order.loadFailed')}
      </p>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <BackToOrders />
      {body}
    </div>
  );
}
