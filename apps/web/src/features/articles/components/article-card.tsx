import { ARTICLE_CARD_IMAGE_SIZES, DEFAULT_LOCALE, paths, type ArticleSummary } from '@scholar/shared';
import { Calendar, Eye, User } from 'lucide-react';
import { Link } from 'react-router';
import { contentLanguageProps } from '../../../components/content-language';
import { useFormat, useLocale, useT, selectKey } from '../../../lib/i18n';
import { imageSrc, imageSrcSet, PLACEHOLDER_IMAGE } from '../../../lib/images';

/** An image that falls back to the placeholder once when its source fails; `eager` for the top of a page. */
export function FeaturedImage({
  src,
  alt,
  className = '',
  eager = false,
  sizes,
}: {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
  /** How wide it is shown (`ARTICLE_CARD_IMAGE_SIZES`, `ARTICLE_PAGE_IMAGE_SIZES`): the browser picks its variant. */
  sizes: string;
}) {
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={imageSrc(src)}
      {...(srcSet ? { srcSet, sizes } : {})}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      // An eager image is the top of its page, its largest paint (the server also preloads it).
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      width={1200}
      height={630}
      className={className}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) event.currentTarget.src = PLACEHOLDER_IMAGE;
      }}
    />
  );
}

/**
 * `{views} views` and `1 view` (docs/product.md, "Articles"): in English the bare number, in the other languages in
 * their digits and grouping.
 */
export function useViewsLabel(): (views: number) => string {
  const t = useT();
  const { number } = useFormat();
  const { locale } = useLocale();
  return (views) =>
    t('articles.views', { count: views, views: locale === DEFAULT_LOCALE ? String(views) : number(views) });
}

/** The date readers see: the publication, else the creation, in the page's language. */
export function useArticleDate(): (article: Pick<ArticleSummary, 'publishedAt' | 'createdAt'>) => string {
  const { date } = useFormat();
  return (article) => date(article.publishedAt ?? article.createdAt);
}

/** An article's category in the page's language: the usual ones translated, any other as the desk wrote it. */
export function useArticleCategory(): (category: string) => string {
  const t = useT();
  return (category) => (category ? t('articles.category', { category }) : t('articles.card.article'));
}

/**
 * A tag as the page's language names it: the catalogues name the usual tags (`articles.tag.name`); any other is
 * shown as written.
 */
export function useTagName(): (tag: string) => string {
  const t = useT();
  return (tag) => t('articles.tag.name', { tag: selectKey(tag), name: tag });
}

/**
 * A card of the article lists (whose answers carry no content): its excerpt stands for the text. The whole card
 * opens the article (through its title link).
 */
export function ArticleCard({
  article,
  headingLevel = 2,
  eager = false,
}: {
  article: ArticleSummary;
  headingLevel?: 2 | 3;
  /** The card opens its list's page: its picture is the largest paint, fetched at once. */
  eager?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useT();
  const { named } = useFormat();
  const viewsLabel = useViewsLabel();
  const articleDate = useArticleDate();
  const categoryName = useArticleCategory();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-gold-500">
      <div className="aspect-[1200/630] overflow-hidden bg-stone-100">
        <FeaturedImage
          src={article.featuredImage}
          alt=""
          eager={eager}
          sizes={ARTICLE_CARD_IMAGE_SIZES}
          className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <span className="w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-brand-800 uppercase">
          {categoryName(article.category)}
        </span>
        {/* The title and excerpt in the article's language, the rest of the card in the site's. */}
        <Heading
          {...contentLanguageProps(article.language)}
          className="mt-3 font-serif text-xl leading-snug font-semibold text-stone-900"
        >
          <Link
            to={paths.article(article._id)}
            className="after:absolute after:inset-0 group-hover:text-brand-700 focus:outline-none"
          >
            {article.title}
          </Link>
        </Heading>
        {article.excerpt && (
          <p
            {...contentLanguageProps(article.language)}
            className="mt-2 line-clamp-3 text-sm leading-6 text-stone-600"
          >
            {article.excerpt}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-4 text-xs text-stone-500">
          <span className="inline-flex items-center gap-1">
            <Calendar aria-hidden="true" className="h-3.5 w-3.5" />
            <time dateTime={article.publishedAt ?? article.createdAt}>{articleDate(article)}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <Eye aria-hidden="true" className="h-3.5 w-3.5" />
            {viewsLabel(article.views)}
          </span>
          <span className="inline-flex items-center gap-1">
            <User aria-hidden="true" className="h-3.5 w-3.5" />
            {t('articles.card.by', { author: named(article.author) })}
          </span>
        </div>
      </div>
    </article>
  );
}

/** The shape of a card while the list loads. */
export function ArticleCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full animate-pulse flex-col overflow-hidden rounded-lg border border-stone-200 bg-white"
    >
      <div className="aspect-[1200/630] bg-stone-200" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="h-4 w-16 rounded-full bg-stone-200" />
        <div className="h-6 w-4/5 rounded bg-stone-200" />
        <div className="h-4 w-full rounded bg-stone-200" />
        <div className="h-4 w-2/3 rounded bg-stone-200" />
        <div className="mt-auto h-3 w-1/2 rounded bg-stone-200" />
      </div>
    </div>
  );
}
