import { PAGE_SIZES, paths } from '@scholar/shared';
import { Link } from 'react-router';
import { useRecentArticles } from '../api/get-recent-articles';
import { useT } from '../../../lib/i18n';
import { ArticleCard } from './article-card';

/**
 * Home (docs/product.md, "Home"): up to 3 latest articles and a 'View All Articles' link; nothing when there are
 * none.
 */
export function LatestArticles() {
  const { data: articles } = useRecentArticles(PAGE_SIZES.homeArticles);
  const t = useT();
  if (!articles || articles.length === 0) return null;
  return (
    <section aria-labelledby="latest-articles-heading" className="mx-auto max-w-7xl px-4 py-14">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="latest-articles-heading" className="font-serif text-2xl font-bold text-brand-800 sm:text-3xl">
          {t('home.articles.title')}
        </h2>
        <Link to={paths.articles} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t('home.articles.link')}
        </Link>
      </div>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {articles.map((article) => (
          <li key={article._id}>
            <ArticleCard article={article} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
