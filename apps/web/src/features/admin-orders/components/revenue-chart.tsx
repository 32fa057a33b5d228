import { formatCalendarDate, formatMoney, type OrderStats } from '@scholar/shared';
import { card } from '../../../components/ui/card';

/** Revenue (net of refunds) per day over the last 30 days as bars (plain SVG; each bar titled with its figures). */
export function RevenueChart({ days }: { days: OrderStats['revenueByDay'] }) {
  const max = Math.max(1, ...days.map((d) => d.revenue));
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  const width = 600;
  const height = 120;
  const gap = 2;
  const bar = width / days.length - gap;
  return (
    <figure className={`${card} p-4`}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span>
          <span className="font-semibold">Revenue, last 30 days</span>
          <span className="text-stone-500"> · net of refunds</span>
        </span>
        <span className="text-stone-600">{formatMoney(total)}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="mt-3 h-28 w-full"
        role="img"
        aria-label={`Revenue per day over the last 30 days, net of refunds, ${formatMoney(total)} in all`}
        preserveAspectRatio="none"
      >
        {days.map((d, i) => {
          const h = d.revenue === 0 ? 1 : Math.max(2, (d.revenue / max) * (height - 4));
          return (
            <rect
              key={d.date}
              x={i * (bar + gap)}
              y={height - h}
              width={bar}
              height={h}
              rx={1.5}
              className={d.revenue === 0 ? 'fill-stone-200' : 'fill-brand-600'}
            >
              <title>{`${formatCalendarDate(d.date)}: ${formatMoney(d.revenue)} from ${d.orders} ${d.orders === 1 ? 'order' : 'orders'}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-stone-500">
        <span>{formatCalendarDate(days[0]?.date)}</span>
        <span>{formatCalendarDate(days.at(-1)?.date)}</span>
      </div>
    </figure>
  );
}
