import { useSubscriberStats } from '../lib/subscriptions';
import { card } from './ui/card';

/**
 * The desk's counts of email subscribers (docs/decisions/048): confirmed, by topic and by frequency, pending
 * confirmation, unsubscribed. Staff screens are in English, as the desk's others are.
 */
export function SubscriberStats() {
  const { data, isError } = useSubscriberStats();
  if (isError) return null;
  const figures: [string, number | undefined][] = [
    ['Confirmed', data?.confirmed],
    ['New answers', data?.fatwahs],
    ['New articles', data?.articles],
    ['Immediately', data?.immediate],
    ['Weekly digest', data?.weekly],
    ['Pending confirmation', data?.pending],
    ['Unsubscribed', data?.unsubscribed],
  ];
  return (
    <section aria-labelledby="subscriber-stats" className={`${card} mb-6 p-4`} data-testid="subscriber-stats">
      <h2 id="subscriber-stats" className="text-sm font-semibold text-stone-700">
        Email subscribers
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4 lg:grid-cols-7">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-stone-500">{label}</dt>
            <dd className="text-lg font-semibold text-stone-900">{value ?? '–'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
