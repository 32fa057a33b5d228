import type { ReactNode } from 'react';

/** The white, bordered panel the pages are built of; padding and layout are the caller's. */
export const card = 'rounded-xl border border-stone-200 bg-white';

/** A panel that is a section of its page, named by its heading (`id` ties the two). */
export function CardSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${card} p-4 sm:p-6`}>
      <h2 id={id} className="font-serif text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
