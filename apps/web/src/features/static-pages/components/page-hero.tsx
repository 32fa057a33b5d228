import type { ReactNode } from 'react';

/** The banner at the top of a static page: its one h1, a lead sentence and optional extras (badges). */
export function PageHero({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="bg-brand-800 text-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <h1 className="font-serif text-3xl font-bold text-balance sm:text-4xl lg:text-5xl">{title}</h1>
        {lead && <p className="mt-4 max-w-3xl text-base text-stone-100 sm:text-lg">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
