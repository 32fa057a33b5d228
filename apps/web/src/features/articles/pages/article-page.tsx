import {
  ARTICLE_PAGE_IMAGE_SIZES,
  articleHead,
  missingItemHead,
  paths,
  readingMinutes,
  type Article,
  type ArticleLink,
} from '@scholar/shared';
import { Calendar, Clock, Eye, Tag, User } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { contentLanguageProps, TranslationLinks } from '../../../components/content-language';
import { BackLink } from '../../../components/ui/back-link';
import { buttonClass } from '../../../components/ui/button';
import { PageMessage } from '../../../components/ui/page-message';
import { useHead, usePublicUrl } from '../../../lib/head';
import { useFormat, useLocale, useT } from '../../../lib/i18n';
import { takePageRead } from '../../../lib/page-data';
import { queryKeys } from '../../../lib/query-keys';
import { countArticleView, isArticleMissing, usePublishedArticle } from '../api/get-published-article';
import { ArticleContent } from '../components/article-content';
import { useArticleText } from '../lib/content';
import {
  FeaturedImage,
  useArticleCategory,
  useArticleDate,
  useTagName,
  useViewsLabel,
} from '../components/article-card';
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

/** "5 min read": the article's words / 200, at least a minute, in the page's language and digits. */
function ReadingTime({ content }: { content: string }) {
  const t = useT();
  const { number } = useFormat();
  const text = useArticleText(content);
  const minutes = useMemo(() => readingMinutes(text), [text]);
  return (
    <span className="inline-flex items-center gap-1.5" data-testid="reading-time">
      <Clock aria-hidden="true" className="h-4 w-4" />
      {t('articles.readingTime', { count: minutes, minutes: number(minutes) })}
    </span>
  );
}

/** Who wrote the article: the byline the desk signed it with (the writer's display name unless another). */
function AuthorCard({ author }: { author: string }) {
  const t = useT();
  return (
    <aside
      aria-labelledby="article-author"
      className="mt-12 flex items-center gap-4 rounded-lg border border-stone-200 bg-stone-50 p-5"
    >
      <span
        aria-hidden="true"
        className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 font-serif text-xl font-bold text-white"
      >
        {author.trim().charAt(0).toUpperCase()}
      </span>
      <div>
        <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
          {t('articles.author.label')}
        </p>
        <h2 id="article-author" dir="auto" className="font-serif text-lg font-bold text-stone-900">
          {author}
        </h2>
      </div>
    </aside>
  );
}

/** A link to another article: its title and date (related articles, next and previous). */
function ArticleLinkCard({ article, label }: { article: ArticleLink; label?: string }) {
  const { href } = useLocale();
  const { date } = useFormat();
  return (
    <Link
      to={href(paths.article(article._id))}
      className="block h-full rounded-lg border border-stone-200 bg-white p-4 shadow-sm hover:border-brand-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-500"
    >
      {label && <span className="block text-xs font-semibold text-stone-500 uppercase">{label}</span>}
      <span dir="auto" className="mt-1 block font-serif font-bold text-stone-900">
        {article.title}
      </span>
      {article.publishedAt && (
        <time dateTime={article.publishedAt} className="mt-1 block text-sm text-stone-500">
          {date(article.publishedAt)}
        </time>
      )}
    </Link>
  );
}

/** Where to read on: "More in <category>" (up to 3), then the next and previous article by publication. */
function ReadOn({ article }: { article: Article }) {
  const t = useT();
  const categoryName = useArticleCategory();
  const related = article.related ?? [];
  return (
    <>
      {related.length > 0 && (
        <section aria-labelledby="related-articles" className="mt-12">
          <h2 id="related-articles" className="font-serif text-2xl font-bold text-brand-800">
            {t('articles.related.title', { category: categoryName(article.category) })}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {related.map((each) => (
              <li key={each._id}>
                <ArticleLinkCard article={each} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {(article.previous || article.next) && (
        <nav aria-label={t('articles.adjacent.label')} className="mt-10 grid gap-4 sm:grid-cols-2">
          <div>
            {article.previous && (
              <ArticleLinkCard article={article.previous} label={t('articles.adjacent.previous')} />
            )}
          </div>
          <div className="sm:text-end">
            {article.next && <ArticleLinkCard article={article.next} label={t('articles.adjacent.next')} />}
          </div>
        </nav>
      )}
    </>
  );
}

function ArticleView({ article }: { article: Article }) {
  useHead((site) => articleHead(article, site));
  const t = useT();
  const viewsLabel = useViewsLabel();
  const articleDate = useArticleDate();
  const categoryName = useArticleCategory();
  const tagName = useTagName();
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
  // The excerpt is for the lists and link previews (the page's description): above the text it only repeats it.
  const { href } = useLocale();
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
          sizes={ARTICLE_PAGE_IMAGE_SIZES}
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
          <ReadingTime content={article.content} />
        </div>
        <div className="mt-5 border-y border-stone-200 py-3">
          <ShareButtons url={url} title={article.title} />
        </div>
      </header>

      <div {...text} className="mt-8">
        <ArticleContent html={article.content} />
      </div>

      {article.tags.length > 0 && (
        <footer className="mt-10 flex items-start gap-2 border-t border-stone-200 pt-6">
          <Tag aria-hidden="true" className="mt-1.5 h-4 w-4 shrink-0 text-stone-500" />
          <h2 className="sr-only">{t('articles.page.tags')}</h2>
          <ul className="flex flex-wrap items-center gap-2">
            {article.tags.map((tag) => (
              <li key={tag}>
                <Link
                  to={href(paths.articleTag(tag))}
                  dir="auto"
                  className="inline-block rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-700 hover:bg-brand-50 hover:text-brand-800"
                >
                  #{tagName(tag)}
                </Link>
              </li>
            ))}
          </ul>
        </footer>
      )}

      <AuthorCard author={article.author} />
      <ReadOn article={article} />
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
