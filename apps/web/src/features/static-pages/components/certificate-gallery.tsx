import type { CertificationsWording } from '../../../content/certifications';
import { useFormat, useT } from '../../../lib/i18n';

/**
 * The certificates by category, each category on a horizontal scroller. `onOpen` receives the position of
 * the chosen image across all categories.
 */
export function CertificateGallery({
  categories,
  onOpen,
}: {
  categories: CertificationsWording['categories'];
  onOpen: (index: number) => void;
}) {
  const t = useT();
  const { number } = useFormat();
  const starts: number[] = [];
  let offset = 0;
  for (const category of categories) {
    starts.push(offset);
    offset += category.items.length;
  }
  return (
    <>
      <nav aria-label={t('pages.certifications.categories')} className="mx-auto max-w-7xl px-4 pt-8">
        <ul className="flex flex-wrap gap-2">
          {categories.map((category) => (
            <li key={category.id}>
              <a
                href={`#${category.id}`}
                className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-4 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50"
              >
                {category.name}
                <span className="rounded-full bg-brand-700 px-2 text-xs leading-5 text-white">
                  {number(category.items.length)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {categories.map((category, c) => (
        <section
          key={category.id}
          id={category.id}
          aria-labelledby={`${category.id}-heading`}
          className="mx-auto max-w-7xl scroll-mt-20 px-4 pt-10"
        >
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <h2 id={`${category.id}-heading`} className="font-serif text-2xl font-bold text-brand-800">
              {category.name}
            </h2>
            <p className="text-sm font-medium text-stone-600">
              {t('pages.certifications.count', { count: category.items.length })}
            </p>
          </div>
          <p className="mt-1 text-stone-700">{category.description}</p>
          <ul
            aria-label={t('pages.certifications.list', { category: category.name })}
            className="mt-4 flex snap-x snap-mandatory gap-4 overflow-x-auto pb-4"
          >
            {category.items.map((item, i) => (
              <li key={item.src} className="w-[78%] max-w-80 shrink-0 snap-start sm:w-72">
                <button
                  type="button"
                  onClick={() => onOpen((starts[c] ?? 0) + i)}
                  className="group block w-full overflow-hidden rounded-lg border border-stone-200 bg-white text-start shadow-sm transition hover:shadow-md"
                >
                  <img
                    src={item.src}
                    alt=""
                    loading="lazy"
                    width={800}
                    height={566}
                    className="aspect-[800/566] w-full object-cover transition group-hover:scale-[1.02]"
                  />
                  <span className="block px-3 py-2.5 text-sm font-medium text-stone-800">{item.title}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
