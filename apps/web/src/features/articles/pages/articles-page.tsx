import {
  articleFeedPaths,
  normalizeTag,
  pageMetaOf,
  PAGE_SIZES,
  paths,
  staticPageHead,
  type PageHead,
} from '@scholar/shared';
import { useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { scrollToListTop } from '../../../components/layout/scroll';
import { OtherLanguageCounts } from '../../../components/content-language';
import { SearchBox } from '../../../components/search-box';
import { Pagination } from '../../../components/ui/pagination';
import { SubscribeSection } from '../../../components/subscribe-section';
import { useHead } from '../../../lib/head';
import { useLocale, useT } from '../../../lib/i18n';
import { pageItems, pageParam } from '../../../lib/page-window';
import { PastLastPageHead } from '../../../components/pages/past-last-page-head';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublishedArticles } from '../api/get-published-articles';
import { ArticleCard, ArticleCardSkeleton, useTagName } from '../components/article-card';

const grid = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** The head of a tag page: the list's, under the tag's address and title, with the tag's feed. */
function tagHead(head: PageHead, tag: string, title: string, publicUrl: string): PageHead {
  return {
    ...head,
    title: `${title} | ${head.siteName}`,
    url: `${publicUrl}${paths.articleTag(tag)}`,
    alternates: [],
    feeds: [
      { title: `#${tag} | ${head.siteName}`, url: `${publicUrl}${articleFeedPaths.tag(tag)}` },
      { title: head.siteName, url: `${publicUrl}${articleFeedPaths.all}` },
    ],
  };
}

/** /articles/tag/{tag}: the published articles with a tag, as the list shows them. */
export function ArticleTagPage() {
  const { tag = '' } = useParams();
  return <ArticleList tag={normalizeTag(tag)} />;
}

/** /articles (docs/product.md, "Articles"): published articles, 12 a page, newest first, with a search. */
export function ArticlesPage() {
  return <ArticleList />;
}

function TagHead({ tag, title }: { tag: string; title: string }) {
  useHead((site) => tagHead(staticPageHead('articles', site), tag, title, site.publicUrl));
  return null;
}

function ArticleList({ tag }: { tag?: string }) {
  const { locale, href } = useLocale();
  const t = useT();
  const meta = pageMetaOf('articles', locale);
  const tagName = useTagName();
  const title = tag ? t('articles.tag.title', { tag: tagName(tag) }) : meta.title;
  useDocumentTitle(title, meta.description);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageParam(searchParams.get('page'));
  const search = searchParams.get('search')?.trim() ?? '';
  const { data, isPending, isError, isPlaceholderData } = usePublishedArticles(page, locale, { search, tag });
  const listTop = useRef<HTMLDivElement>(null);
  const listPath = tag ? paths.articleTag(tag) : paths.articles;

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
        <h1 className="font-serif text-3xl font-bold text-brand-800 sm:text-4xl" dir="auto">
          {tag ? title : t('articles.list.title')}
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-stone-600">
          {tag ? t('articles.tag.intro') : t('articles.list.intro')}
        </p>
        <a
          href={tag ? articleFeedPaths.tag(tag) : articleFeedPaths.all}
          className="mt-3 inline-block text-sm text-brand-700 underline"
        >
          {t('articles.rss')}
        </a>
      </header>
      {tag && <TagHead tag={tag} title={title} />}

      {/* A GET form to the list's address without the script; with it, the words change the address in place. */}
      <SearchBox
        key={`${listPath}?${search}`}
        id="article-search"
        label={t('articles.search.label')}
        initial={search}
        placeholder={t('articles.search.placeholder')}
        submitLabel={t('articles.search.submit')}
        action={href(listPath)}
        name="search"
        className="mx-auto mb-10 max-w-xl"
        onSearch={(words) => setSearchParams(words ? { search: words } : {})}
      />

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
          {page > 1 && <PastLastPageHead name="articles" page={page} />}
          <p className="py-16 text-center text-stone-600">
            {search ? t('articles.search.none', { search }) : t('articles.list.empty')}
          </p>
          {/* A page beyond the last (an old link) still leads back to the pages that exist. */}
          {pager}
        </>
      ) : (
        <>
          {search && (
            <p role="status" className="mb-6 text-center text-stone-600">
              {t('articles.search.found', { count: data.pagination.total, search })}
            </p>
          )}
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
