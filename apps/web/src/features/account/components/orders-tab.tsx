import { formatDate, formatMoney, paths } from '@scholar/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { capitalise } from '../../../components/order-lines';
import { Spinner } from '../../../components/ui/spinner';
import { useMyOrders } from '../api/get-my-orders';
import { OrderStatusBadge } from './order-status';

/** The customer's orders, newest first, 10 a page, each linked to its own page. */
export function OrdersTab({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useMyOrders(userId, page);

  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="font-serif text-xl font-semibold">
        Orders
      </h2>
      {isPending ? (
        <Spinner label="Loading orders" />
      ) : isError ? (
        <p className="mt-4 text-red-700">Failed to fetch orders</p>
      ) : data.orders.length === 0 ? (
        <p className="mt-6 text-stone-600">No orders yet</p>
      ) : (
        <>
          <ul className="mt-4 space-y-4" aria-label="Your orders">
            {data.orders.map((order) => (
              <li
                key={order._id}
                aria-label={`Order ${order.orderNumber}`}
                className="rounded-lg border border-stone-200 p-4"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">{order.orderNumber}</p>
                  <OrderStatusBadge status={order.status} />
                </div>
                <p className="mt-1 text-sm text-stone-600">
                  <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time> · Total{' '}
                  <span className="font-medium text-stone-900">{formatMoney(order.amount)}</span>
                  {order.refundedAmount > 0 && <> · Refunded {formatMoney(order.refundedAmount)}</>}
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
                        × {item.quantity}
                        {item.selectedLanguage && (
                          <span className="text-stone-500"> ({capitalise(item.selectedLanguage)})</span>
                        )}
                      </span>
                      <span>{formatMoney(item.price * item.quantity)}</span>
                    </li>
                  ))}
                </ul>
                {order.fulfillment.trackingNumber && (
                  <p className="mt-3 text-sm text-stone-600">
                    {order.fulfillment.shippingProvider} tracking: {order.fulfillment.trackingNumber}
                    {order.fulfillment.trackingUrl && (
                      <>
                        {' '}
                        <a
                          href={order.fulfillment.trackingUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-brand-700 underline"
                        >
                          Track parcel
                        </a>
                      </>
                    )}
                  </p>
                )}
                <Link
                  to={paths.orderDetails(order._id)}
                  className="mt-3 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  View details <span className="sr-only">of order {order.orderNumber}</span>
                </Link>
              </li>
            ))}
          </ul>
          {data.pagination.totalPages > 1 && (
            <nav aria-label="Orders pages" className="mt-4 flex items-center justify-between text-sm">
              <button
                type="button"
                className="rounded-md border border-stone-300 px-3 py-1.5 disabled:opacity-50"
                disabled={!data.pagination.hasPrevPage}
                onClick={() => setPage((p) => p - 1)}
              >
                Previous
              </button>
              <span>
                Page {data.pagination.currentPage} of {data.pagination.totalPages}
              </span>
              <button
                type="button"
                className="rounded-md border border-stone-300 px-3 py-1.5 disabled:opacity-50"
                disabled={!data.pagination.hasNextPage}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
