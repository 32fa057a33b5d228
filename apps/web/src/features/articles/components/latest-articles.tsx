import { PAGE_SIZES, paths } from '@scholar/shared';
import { HomeSection } from '../../../components/home-section';
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
    <HomeSection
      id="latest-articles-heading"
      title={t('home.articles.title')}
      link={{ to: paths.articles, label: t('home.articles.link') }}
      className="py-14"
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {articles.map((article) => (
          <li key={article._id}>
            <ArticleCard article={article} headingLevel={3} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
