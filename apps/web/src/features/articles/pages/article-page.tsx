import { articleHead, excerptRepeatsText, missingItemHead, paths, type Article } from '@scholar/shared';
import { Calendar, Eye, Tag, User } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { contentLanguageProps, TranslationLinks } from '../../../components/content-language';
import { BackLink } from '../../../components/ui/back-link';
import { buttonClass } from '../../../components/ui/button';
import { PageMessage } from '../../../components/ui/page-message';
import { useHead, usePublicUrl } from '../../../lib/head';
import { useT } from '../../../lib/i18n';
import { takePageRead } from '../../../lib/page-data';
import { queryKeys } from '../../../lib/query-keys';
import { countArticleView, isArticleMissing, usePublishedArticle } from '../api/get-published-article';
import { ArticleContent } from '../components/article-content';
import { articleTextOf } from '../lib/content';
import { FeaturedImage, useArticleCategory, useArticleDate, useViewsLabel } from '../components/article-card';
import { ShareButtons } from '../../../components/share-buttons';

function Missing() {
  useHead((site) => missingItemHead('article', site.locale));
  const t = useT();
  return (
    <PageMessage title={t('articles.page.notFound')} link={{ to: paths.articles, label: t('articles.back') }}>
      {t('articles.page.notFoundText')}
    </PageMessage>
  );
}

function ArticleView({ article }: { article: Article }) {
  useHead((site) => articleHead(article, site));
  const t = useT();
  const viewsLabel = useViewsLabel();
  const articleDate = useArticleDate();
  const categoryName = useArticleCategory();
  // The page arrived with the article, as it was when the page was made: its view is counted now, and the count
  // shown is the one after it.
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = queryKeys.articles.publishedDetail(article._id);
    if (!takePageRead(key)) return;
    void countArticleView(article._id).then((views) => {
      if (views !== undefined)
        queryClient.setQueryData<Article>(key, (shown) => shown && { ...shown, views });
    });
  }, [article._id, queryClient]);
  // A short article's excerpt is its whole text: shown above it, it would only say it twice.
  const lead = useMemo(
    () => (excerptRepeatsText(article.excerpt, articleTextOf(article.content)) ? '' : article.excerpt),
    [article.excerpt, article.content],
  );
  const url = `${usePublicUrl()}${paths.article(article._id)}`;
  // The title, excerpt and text are in the article's language, the page around them in the site's.
  const text = contentLanguageProps(article.language);
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <BackLink to={paths.articles}>{t('articles.back')}</BackLink>

      <div className="relative mt-6 overflow-hidden rounded-xl bg-stone-100 shadow-sm">
        <FeaturedImage
          src={article.featuredImage}
          alt=""
          eager
          className="aspect-[1200/630] w-full object-cover"
        />
        <span className="absolute top-4 start-4 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white shadow">
          {categoryName(article.category)}
        </span>
      </div>

      <header className="mt-8">
        <h1 {...text} className="font-serif text-3xl leading-tight font-bold text-stone-900 sm:text-4xl">
          {article.title}
        </h1>
        <TranslationLinks
          className="mt-3"
          pathOf={paths.article}
          translations={article.translations?.map((each) => ({ ...each, label: each.title }))}
        />
        <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-stone-600">
          <span className="inline-flex items-center gap-1.5">
            <Calendar aria-hidden="true" className="h-4 w-4" />
            <time dateTime={article.publishedAt ?? article.createdAt}>{articleDate(article)}</time>
          </span>
          <span className="inline-flex items-center gap-1.5" data-testid="article-views">
            <Eye aria-hidden="true" className="h-4 w-4" />
            {viewsLabel(article.views)}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <User aria-hidden="true" className="h-4 w-4" />
            {article.author}
          </span>
        </div>
        <div className="mt-5 border-y border-stone-200 py-3">
          <ShareButtons url={url} title={article.title} />
        </div>
      </header>

      {lead && (
        <p {...text} className="mt-8 border-s-4 border-gold-500 ps-4 text-lg text-stone-600 italic">
          {lead}
        </p>
      )}

      <div {...text} className="mt-8">
        <ArticleContent html={article.content} />
      </div>

      {article.tags.length > 0 && (
        <footer className="mt-10 flex items-start gap-2 border-t border-stone-200 pt-6">
          <Tag aria-hidden="true" className="mt-1.5 h-4 w-4 shrink-0 text-stone-500" />
          <h2 className="sr-only">{t('articles.page.tags')}</h2>
          <ul className="flex flex-wrap items-center gap-2">
            {article.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-700">
                #{tag}
              </li>
            ))}
          </ul>
        </footer>
      )}
    </article>
  );
}

/** /articles/{id} (docs/product.md, "Articles"): one published article; every visit counts a view. */
export function ArticlePage() {
  const { id = '' } = useParams();
  const { data: article, isPending, error } = usePublishedArticle(id);
  const t = useT();
  if (isPending) {
    return (
      <p role="status" className="mx-auto max-w-4xl px-4 py-20 text-center text-stone-600">
        {t('articles.page.loading')}
      </p>
    );
  }
  if (error) {
    if (isArticleMissing(error)) return <Missing />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-20 text-center">
        <p role="alert" className="text-red-700">
          {t('articles.page.failed')}
        </p>
        <Link to={paths.articles} className={buttonClass('primary', 'mt-8')}>
          {t('articles.back')}
        </Link>
      </div>
    );
  }
  return <ArticleView article={article} />;
}
