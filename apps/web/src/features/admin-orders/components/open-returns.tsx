import { formatDateTime, paths } from '@scholar/shared';
import { Link } from 'react-router';
import { card } from '../../../components/ui/card';
import { useReturnsList } from '../api/returns';

/**
 * The desk's list of the requests waiting for an answer (returns and cancellations asked by customers), oldest
 * first, each leading to its order, where it is answered. Nothing when none waits.
 */
export function OpenReturns() {
  const { data: requests } = useReturnsList('requested');
  if (!requests || requests.length === 0) return null;
  return (
    <section aria-labelledby="open-returns-heading" className={`${card} mt-6 p-4 text-sm sm:p-6`}>
      <h2 id="open-returns-heading" className="font-serif text-xl font-semibold">
        Returns and cancellations waiting ({requests.length})
      </h2>
      <ul className="mt-3 divide-y divide-stone-200">
        {requests.map((request) => (
          <li key={request._id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <Link to={paths.adminOrder(request.orderId)} className="font-medium text-brand-700 underline">
              {request.orderNumber}
            </Link>
            <span>
              {request.kind === 'cancel' ? 'Cancellation' : 'Return'} · {request.customerName}
            </span>
            <span className="text-stone-500">{formatDateTime(request.createdAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
