import { pageMetaOf, PAGE_SIZES } from '@scholar/shared';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { scrollToListTop } from '../../../components/layout/scroll';
import { OtherLanguageCounts } from '../../../components/content-language';
import { Pagination } from '../../../components/ui/pagination';
import { SubscribeSection } from '../../../components/subscribe-section';
import { useLocale, useT } from '../../../lib/i18n';
import { pageItems, pageParam } from '../../../lib/page-window';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublishedArticles } from '../api/get-published-articles';
import { ArticleCard, ArticleCardSkeleton } from '../components/article-card';

const grid = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** /articles (docs/product.md, "Articles"): published articles, 12 a page, newest first. */
export function ArticlesPage() {
  const { locale } = useLocale();
  const meta = pageMetaOf('articles', locale);
  useDocumentTitle(meta.title, meta.description);
  const [searchParams] = useSearchParams();
  const page = pageParam(searchParams.get('page'));
  const { data, isPending, isError, isPlaceholderData } = usePublishedArticles(page, locale);
  const listTop = useRef<HTMLDivElement>(null);
  const t = useT();

  // Links to `?page=n`: they work before the page's script has loaded, and in the app without reloading.
  const pager = data && (
    <Pagination
      className="mt-10"
      page={data.pagination.currentPage}
      totalPages={data.pagination.totalPages}
      items={pageItems(data.pagination.currentPage, data.pagination.totalPages)}
      onNavigate={() => scrollToListTop(listTop.current)}
    />
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <header className="mb-10 text-center">
        <h1 className="font-serif text-3xl font-bold text-brand-800 sm:text-4xl">
          {t('articles.list.title')}
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-stone-600">{t('articles.list.intro')}</p>
      </header>

      {/* The list's top: a change of page scrolls here (below the sticky header). */}
      <div ref={listTop} className="scroll-mt-24" />
      {isPending ? (
        <div role="status" aria-label={t('articles.list.loading')}>
          <ul className={grid} aria-hidden="true">
            {Array.from({ length: PAGE_SIZES.publicArticles }, (_, i) => (
              <li key={i}>
                <ArticleCardSkeleton />
              </li>
            ))}
          </ul>
        </div>
      ) : isError ? (
        <p role="alert" className="py-16 text-center text-red-700">
          {t('articles.list.failed')}
        </p>
      ) : data.articles.length === 0 ? (
        <>
          <p className="py-16 text-center text-stone-600">{t('articles.list.empty')}</p>
          {/* A page beyond the last (an old link) still leads back to the pages that exist. */}
          {pager}
        </>
      ) : (
        <>
          <OtherLanguageCounts className="mb-6 justify-center" counts={data.languages} language={locale} />
          <ul
            className={`${grid} transition-opacity ${isPlaceholderData ? 'opacity-60' : ''}`}
            aria-label={t('articles.list.label')}
            aria-busy={isPlaceholderData}
          >
            {data.articles.map((article, index) => (
              <li key={article._id}>
                <ArticleCard article={article} eager={index === 0} />
              </li>
            ))}
          </ul>
          {pager}
        </>
      )}
      <SubscribeSection defaults={{ fatwahs: false, articles: true }} />
    </div>
  );
}
