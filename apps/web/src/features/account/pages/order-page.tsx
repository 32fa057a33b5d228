import { paths, type Order } from '@scholar/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { OrderLines } from '../../../components/order-lines';
import { MoneySummary } from '../../../components/order-payment';
import { OrderProgress, progressOf } from '../../../components/order-progress';
import { OrderTimeline } from '../../../components/order-timeline';
import { PostalAddress } from '../../../components/postal-address';
import { hasShipmentDetails, ShipmentDetails } from '../../../components/shipment-details';
import { BackLink } from '../../../components/ui/back-link';
import { CardSection } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { T, useFormat, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { refundPollMs } from '../../../lib/refund-poll';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DownloadBill } from '../../../components/bills/download-bill';
import { isOrderMissing, myOrderQueryOptions } from '../api/get-order';
import { OrderStatusBadge } from '../components/order-status';
import { hasPendingRefund, OrderRefunds, visibleRefunds } from '../components/order-refunds';
import { OrderReturnRequest } from '../../../components/returns/return-request';

const myOrders = `${paths.dashboard}?tab=orders`;

/**
 * How often an order with a refund on its way is read again, so that the page says when it has been made; the server
 * may name another interval in the page (REFUND_POLL_MS).
 */
const REFUND_POLL_MS = 5000;

function BackToOrders() {
  const t = useT();
  return <BackLink to={myOrders}>{t('shop.order.back')}</BackLink>;
}

/** Status, courier and tracking, and the dates the order was placed, shipped and delivered. */
function Delivery({ order }: { order: Order }) {
  const t = useT();
  const { dateTime } = useFormat();
  const f = order.fulfillment;
  return (
    <CardSection id="delivery-heading" title={t('shop.order.delivery')}>
      <p className="mt-3">
        <OrderStatusBadge status={order.status} unpaid={order.money.state === 'cod_due'} />
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
      {order.status === 'pending' && !hasShipmentDetails(f) && (
        <p className="mt-2 text-sm text-stone-600">{t('shop.order.paidNote')}</p>
      )}
      <ShipmentDetails fulfillment={f} />
      <OrderTimeline order={order} label={t('shop.order.timeline')} className="mt-4 text-sm" />
    </CardSection>
  );
}

function OrderView({ order }: { order: Order }) {
  const t = useT();
  const { dateTime, inText } = useFormat();
  const a = order.shippingAddress;
  return (
    <>
      <h1 className="mt-4 font-serif text-2xl font-bold text-brand-800 sm:text-3xl">
        {t('shop.order.heading', { number: inText(order.orderNumber) })}
      </h1>
      <p className="mt-1 text-sm text-stone-600">
        <T
          id="shop.order.placed"
          values={{ date: dateTime(order.createdAt) }}
          components={{ 0: <time dateTime={order.createdAt} /> }}
        />
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <CardSection id="items-heading" title={t('shop.lines.caption')}>
          <div className="mt-3">
            <OrderLines items={order.items} />
          </div>
          <MoneySummary money={order.money} />
          <DownloadBill order={order} />
        </CardSection>
        <div className="space-y-6">
          <Delivery order={order} />
          <OrderReturnRequest order={order} />
          {visibleRefunds(order).length > 0 && (
            <CardSection id="refunds-heading" title={t('shop.order.refunds')}>
              <OrderRefunds order={order} />
            </CardSection>
          )}
          <CardSection id="address-heading" title={t('shop.order.address')}>
            <PostalAddress
              address={a}
              name={order.contactDetails.name}
              phone={order.contactDetails.phone}
              className="mt-3 text-sm not-italic"
            />
          </CardSection>
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
    refetchInterval: (query) => (hasPendingRefund(query.state.data) ? refundPollMs(REFUND_POLL_MS) : false),
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
