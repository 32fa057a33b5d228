import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A section of the home page: its heading (named by `id`, which labels the section) with a link to the whole list
 * beside it, then the list. `className` spaces it from its neighbours.
 */
export function HomeSection({
  id,
  title,
  link,
  className = 'pt-14',
  children,
}: {
  id: string;
  title: string;
  link: { to: string; label: string };
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`below-fold mx-auto max-w-7xl px-4 ${className}`}>
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="font-serif text-2xl font-bold text-brand-800 sm:text-3xl">
          {title}
        </h2>
        <Link to={link.to} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {link.label}
        </Link>
      </div>
      {children}
    </section>
  );
}
