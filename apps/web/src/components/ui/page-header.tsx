import type { ReactNode } from 'react';

/** The top of a list or desk page: its h1 and, beside it (below it on a phone), the page's main action. */
export function PageHeader({
  title,
  action,
  className = '',
}: {
  title: string;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-center justify-between gap-4 ${className}`}>
      <h1 className="font-serif text-3xl font-bold text-brand-800">{title}</h1>
      {action}
    </div>
  );
}
