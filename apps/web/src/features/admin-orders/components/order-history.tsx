import {
  formatDateTime,
  formatMoney,
  REFUND_STATUS_LABELS,
  type Order,
  type OrderRefund,
} from '@scholar/shared';
import { LoaderCircle } from 'lucide-react';

/** One thing that happened to an order, at a time. */
interface Event {
  key: string;
  title: string;
  at: string;
  /** The amount, the reason, what the owner can do next. */
  lines: string[];
  tone: 'plain' | 'progress' | 'failed' | 'refunded';
}

/** A failed refund said plainly: Razorpay took nothing back, and the desk may try again. */
export const REFUND_FAILED_TEXT = `${REFUND_STATUS_LABELS.failed} — nothing was refunded; you can try again`;

/** A refund at its current stage, dated when it reached it (started when asked, settled when Razorpay said so). */
function refundEvent(refund: OrderRefund): Event {
  const title = refund.status === 'failed' ? REFUND_FAILED_TEXT : REFUND_STATUS_LABELS[refund.status];
  const lines = [formatMoney(refund.amount), `Reason: ${refund.reason}`];
  if (refund.cancellation) lines.push('Refund of the cancellation');
  if (refund.status === 'pending') lines.push('Waiting for Razorpay to confirm it');
  return {
    key: refund._id,
    title,
    at: refund.status === 'pending' ? refund.createdAt : refund.updatedAt,
    lines,
    tone: refund.status === 'pending' ? 'progress' : refund.status === 'failed' ? 'failed' : 'refunded',
  };
}

/** Every event of the order, oldest first. */
function eventsOf(order: Order): Event[] {
  const events: Event[] = [
    { key: 'ordered', title: 'Ordered', at: order.createdAt, lines: [], tone: 'plain' },
  ];
  const f = order.fulfillment;
  if (f.shippedAt)
    events.push({ key: 'shipped', title: 'Shipped', at: f.shippedAt, lines: [], tone: 'plain' });
  if (f.deliveredAt) {
    events.push({ key: 'delivered', title: 'Delivered', at: f.deliveredAt, lines: [], tone: 'plain' });
  }
  if (order.cancellation) {
    events.push({
      key: 'cancelled',
      title: 'Cancelled',
      at: order.cancellation.cancelledAt,
      lines: [`Reason: ${order.cancellation.reason}`],
      tone: 'plain',
    });
  }
  events.push(...order.refunds.map(refundEvent));
  // ISO times in UTC sort as text; the sort is stable, so a refund made with its cancellation stays after it.
  return events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

const TITLE_TONE: Record<Event['tone'], string> = {
  plain: 'text-stone-900',
  progress: 'text-amber-800',
  failed: 'text-red-700',
  refunded: 'text-emerald-800',
};

/**
 * The order's timeline on the desk: ordered, shipped, delivered, cancelled and each refund (amount, reason, date),
 * oldest first. A refund still in progress says so; a failed one says that nothing was refunded.
 */
export function OrderHistory({ order, className = '' }: { order: Order; className?: string }) {
  return (
    <ol aria-label="Timeline" className={`space-y-3 border-s-2 border-brand-100 ps-4 ${className}`}>
      {eventsOf(order).map((event) => (
        <li key={event.key}>
          <p className={`flex items-center gap-1 font-medium ${TITLE_TONE[event.tone]}`}>
            {event.tone === 'progress' && (
              <LoaderCircle
                aria-hidden="true"
                className="h-4 w-4 flex-none animate-spin motion-reduce:animate-none"
              />
            )}
            {event.title}
          </p>
          {event.lines.map((line) => (
            <p key={line} className="break-words text-stone-700">
              {line}
            </p>
          ))}
          <time dateTime={event.at} className="text-stone-600">
            {formatDateTime(event.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
