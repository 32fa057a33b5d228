import { paths } from '@scholar/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useLanguageName } from '../../../lib/book-languages';
import { Money, T, useFormat, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useMyOrders } from '../api/get-my-orders';
import { OrderStatusBadge } from './order-status';

/**
 * The customer's orders, newest first, 10 a page, each linked to its own page. When another page cannot be read,
 * the tab goes back to the page it showed and a notification says 'Failed to get orders'; when the first page
 * cannot be read, the tab says 'Failed to fetch orders'.
 */
export function OrdersTab({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching, isPlaceholderData } = useMyOrders(userId, page);
  // The page whose orders were last shown, and whether another one is asked for (Previous or Next).
  const [shownPage, setShownPage] = useState<number | null>(null);
  const turning = shownPage !== null && shownPage !== page;
  const turnFailed = turning && isError && !isFetching;
  const t = useT();
  useEffect(() => {
    if (data && !isPlaceholderData) setShownPage(page);
  }, [data, isPlaceholderData, page]);
  useEffect(() => {
    if (!turnFailed || shownPage === null) return;
    toast.error(t('error.ordersGetFailed'));
    setPage(shownPage);
  }, [turnFailed, shownPage, t]);
  const { date, money, number } = useFormat();
  const languageName = useLanguageName();

  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="font-serif text-xl font-semibold">
        {t('account.orders.title')}
      </h2>
      {isPending || (turning && isError) ? (
        <Spinner label={t('account.orders.loading')} />
      ) : isError ? (
        <p className="mt-4 text-red-700">{t('account.orders.failed')}</p>
      ) : data.orders.length === 0 ? (
        <p className="mt-6 text-stone-600">{t('account.orders.none')}</p>
      ) : (
        <>
          <ul className="mt-4 space-y-4" aria-label={t('account.orders.list')}>
            {data.orders.map((order) => (
              <li
                key={order._id}
                aria-label={t('account.orders.order', { number: order.orderNumber })}
                className="rounded-lg border border-stone-200 p-4"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">{order.orderNumber}</p>
                  <OrderStatusBadge status={order.status} unpaid={order.money.state === 'cod_due'} />
                </div>
                <p className="mt-1 text-sm text-stone-600">
                  <T
                    id="account.orders.total"
                    values={{ date: date(order.createdAt), amount: money(order.money.total) }}
                    components={{
                      0: <time dateTime={order.createdAt} />,
                      1: <bdi className="font-medium text-stone-900" />,
                    }}
                  />
                  {order.money.refunded > 0 && (
                    <T
                      id="account.orders.refunded"
                      values={{ amount: money(order.money.refunded) }}
                      components={{ 0: <bdi /> }}
                    />
                  )}
                  {/* Cash on delivery is not paid until the courier has the cash (docs/decisions/058). */}
                  {order.money.state === 'cod_due' && <> · {t('coupons.codDue')}</>}
                </p>
                <ul className="mt-3 space-y-1 text-sm">
                  {order.items.map((item) => (
                    <li key={item._id} className="flex justify-between gap-3">
                      <span>
                        {item.bookId ? (
                          <Link to={paths.book(item.bookId)} className="text-brand-700 hover:underline">
                            {item.name}
                          </Link>
                        ) : (
                          item.name
                        )}{' '}
                        × {number(item.quantity)}
                        {item.selectedLanguage && (
                          <span className="text-stone-500"> ({languageName(item.selectedLanguage)})</span>
                        )}
                      </span>
                      <Money value={item.price * item.quantity} />
                    </li>
                  ))}
                </ul>
                {order.fulfillment.trackingNumber && (
                  <p className="mt-3 text-sm text-stone-600">
                    {t('account.orders.tracking', {
                      provider: order.fulfillment.shippingProvider,
                      number: order.fulfillment.trackingNumber,
                    })}
                    {order.fulfillment.trackingUrl && (
                      <>
                        {' '}
                        <a
                          href={order.fulfillment.trackingUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-brand-700 underline"
                        >
                          {t('account.orders.track')}
                        </a>
                      </>
                    )}
                  </p>
                )}
                <Link
                  to={paths.orderDetails(order._id)}
                  className="mt-3 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  <T
                    id="account.orders.details"
                    values={{ number: order.orderNumber }}
                    components={{ 0: <span className="sr-only" /> }}
                  />
                </Link>
              </li>
            ))}
          </ul>
          {data.pagination.totalPages > 1 && (
            <nav
              aria-label={t('account.orders.pages')}
              className="mt-4 flex items-center justify-between text-sm"
            >
              <button
                type="button"
                className="rounded-md border border-stone-300 px-3 py-1.5 disabled:opacity-50"
                disabled={!data.pagination.hasPrevPage}
                onClick={() => setPage((p) => p - 1)}
              >
                {t('account.orders.previous')}
              </button>
              <span>
                {t('account.orders.page', {
                  page: number(data.pagination.currentPage),
                  pages: number(data.pagination.totalPages),
                })}
              </span>
              <button
                type="button"
                className="rounded-md border border-stone-300 px-3 py-1.5 disabled:opacity-50"
                disabled={!data.pagination.hasNextPage}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('account.orders.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
