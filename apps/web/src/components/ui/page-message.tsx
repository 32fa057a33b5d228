import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './button';

/**
 * A page that has nothing to show but a message (a book or page that does not exist): its heading, a sentence
 * and the one link on from there.
 */
export function PageMessage({
  title,
  children,
  link,
}: {
  title: string;
  children: ReactNode;
  link: { to: string; label: ReactNode };
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="font-serif text-3xl font-bold text-brand-800">{title}</h1>
      <p className="mt-4 text-stone-600">{children}</p>
      <Link to={link.to} className={buttonClass('primary', 'mt-6')}>
        {link.label}
      </Link>
    </div>
  );
}
