import { useEffect } from 'react';
import { site } from '../../content/site';

/** A screen whose feature has not arrived yet: its title only. */
export function PlaceholderPage({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} | ${site.name}`;
  }, [title]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="font-serif text-3xl font-bold text-brand-800">{title}</h1>
    </div>
  );
}
