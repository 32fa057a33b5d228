import {
  API_BASE,
  BOOK_PAGE_IMAGE_SIZES,
  bookImageSrcSet,
  fatwahPageTitle,
  idSchema,
  ITEM_PAGES,
  NOT_FOUND_TITLES,
  PAGE_META,
  pageTitle,
  paths,
  PUBLIC_PAGE_LIST,
  PUBLIC_PAGES,
  resolveImageUrl,
  ROBOTS_DISALLOW,
  SITE_DESCRIPTION,
  SITE_NAME,
  SOCIAL_NETWORKS,
  withScholarName,
  type Article,
  type Book,
  type Fatwah,
  type ItemPageName,
  type PageName,
  type SiteSettings,
} from '@scholar/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { getArticle, getRecentArticles } from '../articles/articles.service';
import { getBook } from '../books/books.service';
import { getFatwah, listPublished } from '../fatwahs/fatwahs.service';
import type { PageHead } from './head';
import { summarize } from './markup';
import { listSitemapEntries } from './pages.repository';
import { renderRss, renderSitemap, type FeedItem, type SitemapEntry } from './xml';

/**
 * The web app's module of each public screen (its key in the build manifest), whose code the page preloads. A
 * module the build does not know is simply not preloaded.
 */
export const PAGE_MODULES: Record<PageName | ItemKind, string> = {
  home: 'src/app/pages/home-page.tsx',
  books: 'src/features/books/pages/books-page.tsx',
  book: 'src/features/books/pages/book-page.tsx',
  articles: 'src/features/articles/pages/articles-page.tsx',
  article: 'src/features/articles/pages/article-page.tsx',
  fatwahs: 'src/features/fatwahs/pages/fatwahs-page.tsx',
  fatwah: 'src/features/fatwahs/pages/fatwah-page.tsx',
  askFatwah: 'src/features/fatwahs/pages/ask-fatwah-page.tsx',
  about: 'src/features/static-pages/pages/about-page.tsx',
  initiatives: 'src/features/static-pages/pages/initiatives-page.tsx',
  certifications: 'src/features/static-pages/pages/certifications-page.tsx',
  privacyPolicy: 'src/features/static-pages/pages/privacy-policy-page.tsx',
  terms: 'src/features/static-pages/pages/terms-page.tsx',
  returnPolicy: 'src/features/static-pages/pages/return-policy-page.tsx',
};

export const FEEDS = {
  articles: { path: '/rss/articles.xml', title: `Articles | ${SITE_NAME}`, page: paths.articles },
  fatwahs: { path: '/rss/fatwahs.xml', title: `Fatwahs | ${SITE_NAME}`, page: paths.fatwahs },
} as const;

/** Items in a feed: the newest published. */
export const FEED_SIZE = 50;

/** The most URLs one sitemap file may hold (sitemaps.org); more would need a sitemap index. */
export const MAX_SITEMAP_URLS = 50_000;

/** A picture for pages that have none of their own (in apps/web/public); also the home hero's poster. */
const DEFAULT_IMAGE = '/media/hero-poster.jpg';

/** A page of one book, article or fatwah (`ITEM_PAGES`). */
export type ItemKind = ItemPageName;

export class Pages {
  constructor(
    private readonly db: Db,
    /** PUBLIC_URL, no trailing slash. */
    private readonly publicUrl: string,
    /** The site's settings (scholar's name, contacts, links), as the admin saved them. */
    private readonly settings: () => Promise<SiteSettings>,
  ) {}

  url(path: string): string {
    return `${this.publicUrl}${path}`;
  }

  private image(path: string | null | undefined, alt: string): { url: string; alt: string } {
    return { url: resolveImageUrl(path, this.publicUrl) ?? this.url(DEFAULT_IMAGE), alt };
  }

  private get feeds(): PageHead['feeds'] {
    return Object.values(FEEDS).map((feed) => ({ title: feed.title, url: this.url(feed.path) }));
  }

  async staticPage(name: PageName, query: Record<string, unknown> = {}): Promise<PageHead> {
    const { path, paginated } = PUBLIC_PAGES[name];
    const settings = await this.settings();
    const meta = {
      ...PAGE_META[name],
      description: withScholarName(PAGE_META[name].description, settings.scholarName),
    };
    const page = Number(query.page);
    const canonical = paginated && Number.isSafeInteger(page) && page > 1 ? `${path}?page=${page}` : path;
    return {
      siteName: SITE_NAME,
      title: pageTitle(meta.title),
      description: meta.description,
      url: this.url(canonical),
      type: 'website',
      image: this.image(null, SITE_NAME),
      feeds: this.feeds,
      preload: {
        // The home page's largest paint is its hero, whose video shows this poster until it plays.
        ...(name === 'home' ? { image: { href: DEFAULT_IMAGE } } : {}),
        data: listReads(name, query),
      },
      jsonLd:
        name === 'home'
          ? [
              {
                '@context': 'https://schema.org',
                '@type': 'WebSite',
                name: SITE_NAME,
                url: this.url('/'),
                description: meta.description,
                inLanguage: 'en-IN',
                publisher: this.organization(settings),
              },
            ]
          : [],
    };
  }

  /** The organisation behind the site, with the office, contacts and social profiles of the settings. */
  private organization(settings: SiteSettings): object {
    const profiles = SOCIAL_NETWORKS.map((network) => settings.social[network]).filter((href) => href !== '');
    return {
      '@type': 'Organization',
      name: SITE_NAME,
      url: this.url('/'),
      email: settings.contactEmail,
      telephone: settings.phone,
      address: settings.officeAddress.join(', '),
      ...(profiles.length > 0 ? { sameAs: profiles } : {}),
    };
  }

  bookPage(book: Book): PageHead {
    const url = this.url(paths.book(book._id));
    const images = book.images.map((path) => resolveImageUrl(path, this.publicUrl)).filter((u) => u !== null);
    const description = summarize(book.description) || PAGE_META.books.description;
    const cover = bookPageImage(book.images[0]);
    return {
      siteName: SITE_NAME,
      title: pageTitle(book.name),
      description,
      url,
      type: 'book',
      image: this.image(book.images[0], book.name),
      feeds: this.feeds,
      preload: { ...(cover ? { image: cover } : {}), data: apiUrls(ITEM_PAGES.book.firstReads(book._id)) },
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Book',
          '@id': url,
          url,
          name: book.name,
          description,
          author: { '@type': 'Person', name: book.author },
          ...(images.length > 0 ? { image: images } : {}),
          offers: {
            '@type': 'Offer',
            url,
            price: book.price.toFixed(2),
            priceCurrency: 'INR',
            availability: 'https://schema.org/InStock',
          },
        },
      ],
    };
  }

  articlePage(article: Article): PageHead {
    const url = this.url(paths.article(article._id));
    const description = summarize(article.excerpt) || PAGE_META.articles.description;
    const image = this.image(article.featuredImage, article.title);
    const featured = imageHref(article.featuredImage);
    const published = article.publishedAt ?? article.createdAt;
    return {
      siteName: SITE_NAME,
      title: pageTitle(article.title),
      description,
      url,
      type: 'article',
      image,
      preload: {
        ...(featured ? { image: { href: featured } } : {}),
        // The same call counts the page's view, once: the app's own request is answered by this one.
        data: apiUrls(ITEM_PAGES.article.firstReads(article._id)),
      },
      openGraph: [
        ['article:published_time', published],
        ['article:modified_time', article.updatedAt],
        ['article:section', article.category],
        ...article.tags.map((tag): [string, string] => ['article:tag', tag]),
      ],
      feeds: this.feeds,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          mainEntityOfPage: { '@type': 'WebPage', '@id': url },
          url,
          headline: article.title,
          description,
          image: [image.url],
          datePublished: published,
          dateModified: article.updatedAt,
          author: { '@type': 'Person', name: article.author },
          publisher: { '@type': 'Organization', name: SITE_NAME, url: this.url('/') },
          articleSection: article.category,
          ...(article.tags.length > 0 ? { keywords: article.tags.join(', ') } : {}),
        },
      ],
    };
  }

  fatwahPage(fatwah: Fatwah): PageHead {
    const url = this.url(paths.fatwah(fatwah._id));
    const published = fatwah.publishedAt ?? fatwah.createdAt;
    const description = summarize(fatwah.answer ?? fatwah.question) || PAGE_META.fatwahs.description;
    const answerer = fatwah.answeredBy
      ? { '@type': 'Person', name: fatwah.answeredBy.name }
      : { '@type': 'Organization', name: SITE_NAME };
    return {
      siteName: SITE_NAME,
      title: pageTitle(fatwahPageTitle(fatwah.question)),
      description,
      url,
      type: 'article',
      image: this.image(null, SITE_NAME),
      preload: { data: apiUrls(ITEM_PAGES.fatwah.firstReads(fatwah._id)) },
      openGraph: [
        ['article:published_time', published],
        ['article:modified_time', fatwah.updatedAt],
        ...fatwah.categories.map((category): [string, string] => ['article:tag', category]),
      ],
      feeds: this.feeds,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'QAPage',
          url,
          mainEntity: {
            '@type': 'Question',
            name: summarize(fatwah.question, 110),
            text: fatwah.question,
            dateCreated: fatwah.createdAt,
            ...(fatwah.askerName ? { author: { '@type': 'Person', name: fatwah.askerName } } : {}),
            answerCount: fatwah.answer ? 1 : 0,
            ...(fatwah.answer
              ? {
                  acceptedAnswer: {
                    '@type': 'Answer',
                    text: fatwah.answer,
                    url,
                    datePublished: published,
                    author: answerer,
                  },
                }
              : {}),
          },
        },
      ],
    };
  }

  /** The head of the SPA's not-found screen: kept out of search results. */
  notFound(kind: ItemKind): PageHead {
    return {
      siteName: SITE_NAME,
      title: pageTitle(NOT_FOUND_TITLES[kind]),
      description: SITE_DESCRIPTION,
      robots: 'noindex',
    };
  }

  /** A book by id; undefined for an unknown or malformed id. */
  findBook(id: string): Promise<Book | undefined> {
    return orMissing(id, () => getBook(this.db, id));
  }

  /** A published article, without counting a view; undefined for a draft or an unknown id. */
  async findArticle(id: string): Promise<Article | undefined> {
    const article = await orMissing(id, () => getArticle(this.db, id));
    return article?.isPublished ? article : undefined;
  }

  /** A published fatwah; undefined for one in review, a draft or an unknown id. */
  findFatwah(id: string): Promise<Fatwah | undefined> {
    return orMissing(id, () => getFatwah(this.db, id, false));
  }

  async sitemap(): Promise<string> {
    const items = await listSitemapEntries(this.db);
    const lastmod = (updatedAt: Date, publishedAt: Date | null) =>
      (publishedAt && publishedAt > updatedAt ? publishedAt : updatedAt).toISOString();
    const newest = (dates: string[]) =>
      dates.reduce<string | undefined>((a, b) => (a && a > b ? a : b), undefined);
    // A list changes when one of its items does; the home page shows books and articles. Text-only pages change
    // with a new release of the site and carry no date.
    const listLastmod: Partial<Record<PageName, string | undefined>> = {
      books: newest(items.books.map((book) => book.updatedAt.toISOString())),
      articles: newest(items.articles.map((article) => lastmod(article.updatedAt, article.publishedAt))),
      fatwahs: newest(items.fatwahs.map((fatwah) => lastmod(fatwah.updatedAt, fatwah.publishedAt))),
    };
    listLastmod.home = newest([listLastmod.books, listLastmod.articles].filter((d) => d !== undefined));
    const entries: SitemapEntry[] = PUBLIC_PAGE_LIST.map((page) => {
      const date = listLastmod[page.name];
      return date === undefined ? { loc: this.url(page.path) } : { loc: this.url(page.path), lastmod: date };
    });
    for (const book of items.books) {
      entries.push({ loc: this.url(paths.book(book.id)), lastmod: book.updatedAt.toISOString() });
    }
    for (const article of items.articles) {
      entries.push({
        loc: this.url(paths.article(article.id)),
        lastmod: lastmod(article.updatedAt, article.publishedAt),
      });
    }
    for (const fatwah of items.fatwahs) {
      entries.push({
        loc: this.url(paths.fatwah(fatwah.id)),
        lastmod: lastmod(fatwah.updatedAt, fatwah.publishedAt),
      });
    }
    return renderSitemap(entries.slice(0, MAX_SITEMAP_URLS));
  }

  robotsTxt(): string {
    return [
      'User-agent: *',
      'Allow: /',
      ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${this.url('/sitemap.xml')}`,
      '',
    ].join('\n');
  }

  async articlesFeed(): Promise<string> {
    const articles = await getRecentArticles(this.db, FEED_SIZE);
    const items: FeedItem[] = articles.map((article) => ({
      title: article.title,
      url: this.url(paths.article(article._id)),
      date: new Date(article.publishedAt ?? article.createdAt),
      description: article.excerpt,
      categories: [article.category],
    }));
    return renderRss({
      title: FEEDS.articles.title,
      url: this.url(FEEDS.articles.page),
      self: this.url(FEEDS.articles.path),
      description: PAGE_META.articles.description,
      items,
    });
  }

  async fatwahsFeed(): Promise<string> {
    const { data } = await listPublished(this.db, { page: 1, limit: FEED_SIZE });
    const items: FeedItem[] = data.map((fatwah) => ({
      title: summarize(fatwah.question, 110),
      url: this.url(paths.fatwah(fatwah._id)),
      date: new Date(fatwah.publishedAt ?? fatwah.createdAt),
      description: summarize(fatwah.answer ?? '', 500),
      categories: fatwah.categories,
    }));
    return renderRss({
      title: FEEDS.fatwahs.title,
      url: this.url(FEEDS.fatwahs.page),
      self: this.url(FEEDS.fatwahs.path),
      description: PAGE_META.fatwahs.description,
      items,
    });
  }
}

/** The reads of the route contract as the browser asks for them, under the API's base. */
const apiUrls = (reads: readonly string[]) => reads.map((read) => `${API_BASE}${read}`);

/**
 * The API reads a public screen makes first (`PUBLIC_PAGES`, built as the web app's fetchers build them), so that
 * the browser answers the app's request with the preloaded one. Only for a plain list or one of its numbered
 * pages: a search or a filter is left to the app.
 */
function listReads(name: PageName, query: Record<string, unknown>): string[] {
  const page = query.page === undefined ? 1 : Number(query.page);
  if (Object.keys(query).some((key) => key !== 'page') || !Number.isSafeInteger(page) || page < 1) return [];
  return apiUrls(PUBLIC_PAGES[name].firstReads(page));
}

/** An image's URL as the web app puts it in `src` (site-relative for uploads); undefined without one. */
const imageHref = (path: string | null | undefined) => resolveImageUrl(path, '') ?? undefined;

/** A book's first picture as its page shows it: with the variants of an upload and the page's `sizes`. */
function bookPageImage(
  path: string | undefined,
): { href: string; srcset?: string; sizes?: string } | undefined {
  const href = imageHref(path);
  if (!href) return undefined;
  const srcset = bookImageSrcSet(path);
  return srcset ? { href, srcset, sizes: BOOK_PAGE_IMAGE_SIZES } : { href };
}

/** The item, or undefined when the id is malformed or the service answers 404. */
async function orMissing<T>(id: string, load: () => Promise<T>): Promise<T | undefined> {
  if (!idSchema.safeParse(id).success) return undefined;
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    throw error;
  }
}
