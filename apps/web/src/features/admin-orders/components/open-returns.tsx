import { formatDateTime, paths, type ReturnRequest } from '@scholar/shared';
import { Link } from 'react-router';
import { card } from '../../../components/ui/card';
import { useReturnsList } from '../api/returns';

/** One list of requests on the dashboard, each leading to its order, where it is answered. */
function RequestList({ id, title, requests }: { id: string; title: string; requests: ReturnRequest[] }) {
  return (
    <section aria-labelledby={id} className={`${card} mt-6 p-4 text-sm sm:p-6`}>
      <h2 id={id} className="font-serif text-xl font-semibold">
        {title} ({requests.length})
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
            <span className="text-stone-500">{formatDateTime(request.receivedAt ?? request.createdAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The desk's lists of what waits for it: the requests waiting for an answer (returns and cancellations asked by
 * customers), oldest first, and the returns whose parcel came back, to refund. Nothing when none waits.
 */
export function OpenReturns() {
  const { data: requests } = useReturnsList('requested');
  const { data: received } = useReturnsList('received');
  return (
    <>
      {requests && requests.length > 0 && (
        <RequestList
          id="open-returns-heading"
          title="Returns and cancellations waiting"
          requests={requests}
        />
      )}
      {received && received.length > 0 && (
        <RequestList id="received-returns-heading" title="Returned parcels to refund" requests={received} />
      )}
    </>
  );
}
