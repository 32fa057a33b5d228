import { REFUND_POLL_META } from '@scholar/shared';

/**
 * How often an order page looks again at an order whose refund is on its way: the interval the server names in the
 * page (REFUND_POLL_MS, which the journeys set short so that they do not wait on a reader's pace), else the page's
 * own `fallbackMs`.
 */
export function refundPollMs(fallbackMs: number): number {
  if (typeof document === 'undefined') return fallbackMs;
  const named = document.querySelector(`meta[name="${REFUND_POLL_META}"]`)?.getAttribute('content');
  const ms = Number(named);
  return named && Number.isInteger(ms) && ms > 0 ? ms : fallbackMs;
}
