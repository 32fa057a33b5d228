import { paths } from '@scholar/shared';
import { Link } from 'react-router';
import { contentLanguageProps } from '../../../components/content-language';
import { useT } from '../../../lib/i18n';
import { useRelatedFatwahs } from '../api/reader-tools';

/** Up to four published fatwahs of the same category, the most alike first; nothing while none or loading. */
export function RelatedFatwahs({ id }: { id: string }) {
  const t = useT();
  const related = useRelatedFatwahs(id);
  const items = related.data ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-8">
      <h2 id="related-heading" className="font-serif text-xl font-semibold text-brand-800">
        {t('desk.related.title')}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2" aria-label={t('desk.related.label')}>
        {items.map((item) => (
          <li key={item._id}>
            <Link
              to={paths.fatwah(item._id)}
              className="block h-full rounded-lg border border-stone-200 bg-white p-4 hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <span {...contentLanguageProps(item.language)} className="block font-medium text-stone-900">
                {item.question}
              </span>
              <span dir="ltr" className="mt-1 block font-mono text-xs text-stone-500">
                {item.reference}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
