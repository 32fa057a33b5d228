import type { ReactNode } from 'react';

/** One label and its value; `valueClass` styles the value, `className` its pair (a wider span in a grid). */
export interface Detail {
  label: string;
  value: ReactNode;
  valueClass?: string;
  className?: string;
}

/**
 * Label/value pairs (an order's number and date, a fatwah's asker) as a description list, each label muted above
 * its value. A `false` entry is a pair the caller leaves out (a fatwah with no asker's name).
 */
export function Details({ items, className }: { items: readonly (Detail | false)[]; className?: string }) {
  return (
    <dl className={className}>
      {items
        .filter((item): item is Detail => item !== false)
        .map((item) => (
          <div key={item.label} className={item.className}>
            <dt className="text-stone-500">{item.label}</dt>
            <dd className={item.valueClass}>{item.value}</dd>
          </div>
        ))}
    </dl>
  );
}
