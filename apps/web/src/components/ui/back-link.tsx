import { ArrowLeft } from 'lucide-react';
import { Link, type LinkProps } from 'react-router';

/** The arrowed link at the top of a page back to the list or desk it belongs to ('Back to Orders'). */
export function BackLink({ children, className = '', ...link }: LinkProps) {
  return (
    <Link
      {...link}
      className={`inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline ${className}`}
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" /> {children}
    </Link>
  );
}
