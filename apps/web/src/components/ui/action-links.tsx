import { Link } from 'react-router';

/** The looks of a call-to-action link: on a light page (`solid`, `outline`) or on a dark band (the rest). */
const TONES = {
  solid: 'bg-brand-700 text-white hover:bg-brand-800',
  outline: 'border-2 border-brand-700 text-brand-800 hover:bg-brand-50',
  gold: 'bg-gold-400 text-brand-900 hover:bg-gold-500',
  white: 'bg-white text-brand-800 hover:bg-brand-50',
  ghost: 'border-2 border-white/80 text-white hover:bg-white/10',
} as const;

/** A link of the row: to a page of the site (`to`), or out of it (`href`: a mail, another site). */
export type ActionLink = { label: string; tone: keyof typeof TONES } & (
  { to: string } | { href: string | undefined }
);

/** A row of large call-to-action links ('Browse Books', 'Ask a Question'), stacked on a phone. */
export function ActionLinks({ links, className = '' }: { links: readonly ActionLink[]; className?: string }) {
  return (
    <div className={`flex flex-col gap-3 sm:flex-row ${className}`}>
      {links.map((link) => {
        const look = `rounded-lg px-6 py-3 text-center font-semibold ${TONES[link.tone]}`;
        return 'to' in link ? (
          <Link key={link.label} to={link.to} className={look}>
            {link.label}
          </Link>
        ) : (
          <a key={link.label} href={link.href} className={look}>
            {link.label}
          </a>
        );
      })}
    </div>
  );
}
