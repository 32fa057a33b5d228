import { useT } from '../../../lib/i18n';

const COLOURS: Record<string, string> = {
  Prayer: 'bg-emerald-100 text-emerald-900',
  Fasting: 'bg-amber-100 text-amber-900',
  Marriage: 'bg-pink-100 text-pink-900',
  Business: 'bg-sky-100 text-sky-900',
  Purification: 'bg-cyan-100 text-cyan-900',
  Hajj: 'bg-stone-200 text-stone-900',
  Zakat: 'bg-lime-100 text-lime-900',
  Family: 'bg-rose-100 text-rose-900',
  Worship: 'bg-violet-100 text-violet-900',
  Other: 'bg-slate-100 text-slate-800',
};

/** Each category has its own colour; an unknown one takes Other's. */
export function categoryColour(category: string): string {
  return COLOURS[category] ?? COLOURS.Other!;
}

/** A category's name in the page's language (the value sent to the API stays the English one). */
export function useCategoryName(): (category: string) => string {
  const t = useT();
  return (category) => t('fatwahs.category', { category });
}

export function CategoryBadges({ categories }: { categories: string[] }) {
  const t = useT();
  const name = useCategoryName();
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('fatwahs.categories')}>
      {categories.map((category) => (
        <li
          key={category}
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${categoryColour(category)}`}
        >
          {name(category)}
        </li>
      ))}
    </ul>
  );
}
