import { paths, trackOrderBodySchema, type OrderItem, type TrackedOrder } from '@scholar/shared';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  lookupProblem,
  LookupAnswer,
  LookupForm,
  useLookup,
  type LookupMessages,
} from '../../../components/lookup';
import { OrderLines } from '../../../components/order-lines';
import { MoneySummary } from '../../../components/order-payment';
import { OrderProgress } from '../../../components/order-progress';
import { PostalAddress } from '../../../components/postal-address';
import { ShipmentDetails } from '../../../components/shipment-details';
import { CardSection } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { T, useFormat, useT } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { lookUpOrder, useSignedOrder } from '../api/track';
import { GuestReturnRequest } from '../../../components/returns/return-request';

/** The tracking page's lines as the order lines' table takes them. */
const asLines = (order: TrackedOrder): OrderItem[] =>
  order.items.map((item, i) => ({
    _id: String(i),
    bookId: null,
    name: item.name,
    author: item.author,
    price: item.price,
    quantity: item.quantity,
    images: item.image ? [item.image] : [],
    ...(item.selectedLanguage ? { selectedLanguage: item.selectedLanguage } : {}),
    book: { _id: null, name: item.name, price: item.price },
  }));

/**
 * One order as the tracking page shows it: the progress line, courier and tracking, the items and amounts, and
 * where it goes (the whole address only through the signed link; a lookup shows the city and pincode).
 */
export function TrackedOrderView({ order }: { order: TrackedOrder }) {
  const t = useT();
  const { dateTime, inText } = useFormat();
  const f = order.fulfillment;
  const a = order.shippingAddress;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="font-serif text-2xl font-bold text-brand-800">
          {t('track.heading', { number: inText(order.orderNumber) })}
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          <T
            id="track.placed"
            values={{ date: dateTime(order.createdAt) }}
            components={{ 0: <time dateTime={order.createdAt} /> }}
          />
        </p>
      </div>
      <CardSection id="track-delivery" title={t('track.delivery')}>
        <OrderProgress
          className="mt-4"
          order={{
            status: order.status,
            createdAt: order.createdAt,
            shippedAt: f.shippedAt,
            deliveredAt: f.deliveredAt,
            cancelledAt: order.cancelledAt,
            estimatedDelivery: f.estimatedDelivery,
          }}
        />
        {order.backordered && order.status === 'pending' && (
          <p className="mt-4 text-sm text-stone-700">{t('track.backordered')}</p>
        )}
        {/* The progress line above says by when it is expected. */}
        <ShipmentDetails fulfillment={f} expected={false} />
        <div className="mt-4 text-sm">
          <h3 className="text-stone-500">{t('track.deliverTo')}</h3>
          {a ? (
            <PostalAddress address={a} name={order.name} />
          ) : (
            <>
              <p className="font-medium">{t('track.destination', order.destination)}</p>
              <p className="mt-1 text-xs text-stone-600">{t('track.addressHidden')}</p>
            </>
          )}
        </div>
      </CardSection>
      <CardSection id="track-items" title={t('track.items')}>
        <div className="mt-3">
          <OrderLines items={asLines(order)} />
        </div>
        <MoneySummary money={order.money} />
      </CardSection>
    </div>
  );
}

const TRACK_MESSAGES: LookupMessages = {
  missing: 'track.missing',
  notFound: 'track.notFound',
  tooMany: 'track.tooMany',
  failed: 'track.failed',
};

/**
 * "Track your order" (docs/decisions/054): the order number and the email or phone used (the phone in any form),
 * no account needed. A wrong number and a wrong email or phone get the same answer.
 */
export function TrackOrderPage() {
  const t = useT();
  useDocumentTitle(t('track.title'));
  const [orderNumber, setOrderNumber] = useState('');
  const [contact, setContact] = useState('');
  const {
    busy,
    result: order,
    problem,
    answer,
    submit,
  } = useLookup<TrackedOrder>({
    missing: 'track.missing',
    notFound: 'track.notFound',
    tooMany: 'track.tooMany',
    failed: 'track.failed',
  });

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-brand-800">{t('track.title')}</h1>
      <p className="mt-2 text-stone-700">{t('track.intro')}</p>
      <LookupForm
        label={t('track.form')}
        onSubmit={(event) =>
          void submit(event, trackOrderBodySchema.safeParse({ orderNumber, contact }).success, () =>
            lookUpOrder({ orderNumber, contact }),
          )
        }
        known={{
          label: t('track.orderNumber'),
          id: 'track-order-number',
          name: 'orderNumber',
          autoCapitalize: 'characters',
          placeholder: t('track.orderNumberHint'),
          value: orderNumber,
          onChange: (event) => setOrderNumber(event.target.value),
        }}
        contact={{
          label: t('track.contact'),
          hint: t('track.contactHint'),
          id: 'track-contact',
          name: 'contact',
          value: contact,
          onChange: (event) => setContact(event.target.value),
        }}
        busy={busy}
        submitLabel={t('track.submit')}
        busyLabel={t('track.checking')}
      />
      <LookupAnswer answer={answer} problem={problem}>
        {order && <TrackedOrderView order={order} />}
      </LookupAnswer>
      <p className="mt-6 text-sm text-stone-600">
        <Link to={paths.login} className="text-brand-700 underline">
          {t('track.signIn')}
        </Link>
      </p>
    </div>
  );
}

/** The signed link of the order mails (`/track/<number>?t=…`): the whole order, without typing anything. */
export function TrackedOrderPage() {
  const t = useT();
  const { orderNumber = '' } = useParams();
  const [params] = useSearchParams();
  const signature = params.get('t') ?? '';
  const order = useSignedOrder(orderNumber, signature);
  useDocumentTitle(t('track.heading', { number: orderNumber }));
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-brand-800">{t('track.title')}</h1>
      <div className="mt-6">
        {signature === '' || order.isError ? (
          <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-red-800">
            {t(
              signature === '' || (order.error instanceof ApiError && order.error.status === 404)
                ? 'track.badLink'
                : lookupProblem(order.error, TRACK_MESSAGES),
            )}
          </p>
        ) : order.data ? (
          <>
            <TrackedOrderView order={order.data} />
            <GuestReturnRequest order={order.data} orderNumber={orderNumber} signature={signature} />
          </>
        ) : (
          <Spinner label={t('track.loading')} />
        )}
      </div>
      <p className="mt-6 text-sm">
        <Link to={paths.trackOrder} className="text-brand-700 underline">
          {t('track.another')}
        </Link>
      </p>
    </div>
  );
}
