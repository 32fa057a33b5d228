import { PAGE_SIZES, paths } from '@scholar/shared';
import { Link } from 'react-router';
import { HomeSection } from '../../../components/home-section';
import { contentLanguageProps } from '../../../components/content-language';
import { useLocale, useT } from '../../../lib/i18n';
import { usePublicFatwahs } from '../api/get-public-fatwahs';

/** How many of the newest published fatwahs the home page shows. */
export const LATEST_ANSWERS = PAGE_SIZES.homeAnswers;

/**
 * The home page's latest answers: the newest published fatwahs (the reader's language first, as the fatwahs page
 * lists them, from the same read) and a link to all of them.
 */
export function LatestAnswers() {
  const t = useT();
  const { locale } = useLocale();
  const fatwahs = usePublicFatwahs({ page: 1, language: locale, limit: LATEST_ANSWERS });
  const items = (fatwahs.data?.data ?? []).slice(0, LATEST_ANSWERS);
  if (!fatwahs.isPending && items.length === 0) return null;
  return (
    <HomeSection
      id="latest-answers-heading"
      title={t('desk.home.title')}
      link={{ to: paths.fatwahs, label: t('desk.home.link') }}
    >
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
    </HomeSection>
  );
}
