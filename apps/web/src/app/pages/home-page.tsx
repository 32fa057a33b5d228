import { Link } from 'react-router';
import { paths } from '@scholar/shared';
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
      <section aria-labelledby="books-heading" className="mx-auto max-w-7xl px-4 pt-14">
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="books-heading" className="font-serif text-2xl font-bold text-brand-800 sm:text-3xl">
            {t('nav.books')}
          </h2>
          <Link to={paths.books} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {t('home.books.link')}
          </Link>
        </div>
        <BookGrid />
      </section>
      <ComingSoonBanner />
      <LatestAnswers />
      <LatestArticles />
    </>
  );
}
