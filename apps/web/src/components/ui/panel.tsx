import type { ReactNode } from 'react';

/**
 * A titled section of a page (an order's items, a customer's addresses): its h2 names the section for assistive
 * technology, with the section's own actions (Edit, Add) beside it.
 */
export function Panel({
  id,
  title,
  actions,
  className,
  children,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  title: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="font-serif text-xl font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
