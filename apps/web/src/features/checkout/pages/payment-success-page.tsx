import { paths, STORAGE_KEYS, TIMINGS } from '@scholar/shared';
import { CheckCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { OrderLines } from '../../../components/order-lines';
import { MoneySummary } from '../../../components/order-payment';
import { PostalAddress } from '../../../components/postal-address';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/card';
import { Details } from '../../../components/ui/details';
import { useFormat, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { guestDraft } from '../lib/guest-form';
import { readSuccessOrder } from '../lib/success-order';

/**
 * 'Payment Successful!' from the stored successOrder; without one (or with one that is not an order's receipt), back
 * to the cart after 3 s. The contact details and address show when known. A signed-in customer gets a link to the
 * order in their account.
 */
export function PaymentSuccessPage() {
  const t = useT();
  const { money, dateTime, calendarDate } = useFormat();
  const navigate = useNavigate();
  const { user } = useSession();
  const [order] = useState(readSuccessOrder);
  // Cash on delivery is placed, not paid: the page says what happened (docs/decisions/051).
  const title = order?.paymentMethod === 'cod' ? t('shop.success.placedTitle') : t('shop.success.title');
  useDocumentTitle(title);
  // The order is placed: the guest checkout's draft is not kept (however the order was placed).
  useEffect(() => guestDraft.clear(), []);

  useEffect(() => {
    if (order) return;
    const timer = window.setTimeout(
      () => void navigate(paths.cart, { replace: true }),
      TIMINGS.paymentRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [order, navigate]);

  if (!order) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center" role="status">
        <h1 className="font-serif text-2xl font-bold text-brand-800">{t('shop.success.noOrder')}</h1>
        <p className="mt-2 text-stone-600">{t('shop.success.backToCart')}</p>
      </div>
    );
  }

  const a = order.shippingAddress;
  const contact = order.contactDetails;
  // The delivery zone's latest day (a calendar date in India), when the order has one.
  const expected = calendarDate(order.estimatedDelivery);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <div className="text-center">
        <CheckCircle aria-hidden="true" className="mx-auto h-14 w-14 text-brand-600" />
        <h1 className="mt-4 font-serif text-3xl font-bold text-brand-800">{title}</h1>
        <p className="mt-2 text-stone-600">
          {contact?.email
            ? t('shop.success.thanks', { email: contact.email })
            : t('shop.success.thanksNoEmail')}
        </p>
      </div>
      <section aria-label={t('shop.success.order')} className={`${card} mt-8 p-6`}>
        <Details
          className={`grid gap-3 text-sm ${expected ? 'sm:grid-cols-4' : 'sm:grid-cols-3'}`}
          items={[
            { label: t('shop.success.orderNumber'), value: order.orderNumber, valueClass: 'font-semibold' },
            { label: t('shop.success.date'), value: dateTime(order.createdAt) },
            {
              label: t('shop.success.amount'),
              value: <bdi>{money(order.money.total)}</bdi>,
              valueClass: 'font-semibold',
            },
            ...(expected ? [{ label: t('shop.order.expectedDelivery'), value: expected }] : []),
          ]}
        />
        <div className="mt-6">
          <OrderLines items={order.items} />
        </div>
        <MoneySummary money={order.money} deliveryLabel={t('shop.success.deliveryCharges')} />
        {(contact || a) && (
          <div className="mt-6 grid gap-4 border-t border-stone-200 pt-4 text-sm sm:grid-cols-2">
            {contact && (
              <div>
                <h2 className="font-semibold">{t('shop.checkout.contact')}</h2>
                <p>{contact.name}</p>
                <p>{contact.email}</p>
                <p>{contact.phone}</p>
              </div>
            )}
            {a && (
              <div>
                <h2 className="font-semibold">{t('shop.checkout.deliveryAddress')}</h2>
                <PostalAddress address={a} />
              </div>
            )}
          </div>
        )}
      </section>
      <p className="mt-6 text-center text-sm text-stone-700">
        {user?.role === 'user' ? (
          <Link
            to={paths.orderDetails(order._id)}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {t('shop.success.viewOrder')}
          </Link>
        ) : (
          <>
            {t('shop.success.keepNumber', { number: order.orderNumber })}{' '}
            <Link to={paths.trackOrder} className="font-medium text-brand-700 underline">
              {t('track.successLink')}
            </Link>
          </>
        )}
      </p>
      <div className="mt-8 text-center">
        <Button
          onClick={() => {
            storage.remove(STORAGE_KEYS.successOrder);
            void navigate(paths.home);
          }}
        >
          {t('shop.success.continue')}
        </Button>
      </div>
    </div>
  );
}
