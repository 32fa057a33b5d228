import type { ReactNode } from 'react';

/** The colours a badge may take; each status map below picks from these. */
const TONES = {
  brand: 'bg-brand-100 text-brand-800',
  amber: 'bg-amber-100 text-amber-900',
  orange: 'bg-orange-100 text-orange-900',
  sky: 'bg-sky-100 text-sky-900',
  emerald: 'bg-emerald-100 text-emerald-900',
  red: 'bg-red-100 text-red-900',
  gray: 'bg-gray-200 text-gray-800',
  stone: 'bg-stone-200 text-stone-800',
} as const;

export type BadgeTone = keyof typeof TONES;

/** A short word in a coloured pill: a status, a flag. */
export function Badge({
  tone,
  className = '',
  children,
}: {
  tone: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
