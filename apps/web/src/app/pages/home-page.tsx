import { paths } from '@scholar/shared';
import { HomeSection } from '../../components/home-section';
import { home } from '../../content/home';
import { BookGrid } from '../../features/books/components/book-grid';
import { AboutTeaser } from '../../features/home/components/about-teaser';
import { ComingSoonBanner } from '../../features/home/components/coming-soon-banner';
import { HomeHero } from '../../features/home/components/home-hero';
import { LatestArticles } from '../../features/articles/components/latest-articles';
import { LatestAnswers } from '../../features/fatwahs/components/latest-answers';
import { useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

export function HomePage() {
  useDocumentTitle(home.meta.title, home.meta.description);
  const t = useT();
  return (
    <>
      <HomeHero />
      <AboutTeaser />
      <HomeSection
        id="books-heading"
        title={t('nav.books')}
        link={{ to: paths.books, label: t('home.books.link') }}
      >
        <BookGrid />
      </HomeSection>
      <ComingSoonBanner />
      <LatestAnswers />
      <LatestArticles />
    </>
  );
}
