import { paths } from '@scholar/shared';
import { Link } from 'react-router';
import { contentLanguageProps } from '../../../components/content-language';
import { useLocale, useT } from '../../../lib/i18n';
import { usePublicFatwahs } from '../api/get-public-fatwahs';

/** How many of the newest published fatwahs the home page shows. */
export const LATEST_ANSWERS = 4;

/**
 * The home page's latest answers: the newest published fatwahs (the reader's language first, as the fatwahs page
 * lists them, from the same read) and a link to all of them.
 */
export function LatestAnswers() {
  const t = useT();
  const { locale } = useLocale();
  const fatwahs = usePublicFatwahs({ page: 1, language: locale });
  const items = (fatwahs.data?.data ?? []).slice(0, LATEST_ANSWERS);
  if (!fatwahs.isPending && items.length === 0) return null;
  return (
    <section aria-labelledby="latest-answers-heading" className="mx-auto max-w-7xl px-4 pt-14">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="latest-answers-heading" className="font-serif text-2xl font-bold text-brand-800 sm:text-3xl">
          {t('desk.home.title')}
        </h2>
        <Link to={paths.fatwahs} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t('desk.home.link')}
        </Link>
      </div>
      {fatwahs.isPending ? (
        <p role="status" className="text-stone-500">
          {t('desk.home.loading')}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {items.map((fatwah) => (
            <li key={fatwah._id}>
              <Link
                to={paths.fatwah(fatwah._id)}
                className="block h-full rounded-xl border border-stone-200 bg-white p-5 shadow-sm hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <span
                  {...contentLanguageProps(fatwah.language)}
                  className="line-clamp-4 font-serif text-lg font-semibold text-stone-900"
                >
                  {fatwah.question}
                </span>
                <span dir="ltr" className="mt-2 block font-mono text-xs text-stone-500">
                  {fatwah.reference}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
