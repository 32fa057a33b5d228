import {
  API_BASE,
  articleHead,
  bookHead,
  fatwahHead,
  FEEDS,
  feedIn,
  idSchema,
  isScheduled,
  ITEM_PAGES,
  localeAlternates,
  LOCALES,
  LOCALE_INFO,
  localizePath,
  markdownText,
  articleFeedPaths,
  missingItemHead,
  pageMetaOf,
  paths,
  PUBLIC_PAGE_LIST,
  PUBLIC_PAGES,
  ROBOTS_DISALLOW,
  staticPageHead,
  summarize,
  type Article,
  type Book,
  type Fatwah,
  type HeadSite,
  type ItemPageName,
  type Locale,
  type PageName,
  type SiteSettings,
} from '@scholar/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { getArticle, getRecentArticles } from '../articles/articles.service';
import { getBook } from '../books/books.service';
import { getFatwah, latestPublished } from '../fatwahs/fatwahs.service';
import type { ServerHead } from './head';
import { listSitemapEntries } from './pages.repository';
import { renderRss, renderSitemap, type FeedItem, type SitemapEntry } from './xml';

/**
 * The web app's module of each public screen (its key in the build manifest), whose code the page preloads. A
 * module the build does not know is simply not preloaded.
 */
export const PAGE_MODULES: Record<PageName | ItemKind | 'cart', string> = {
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
  cart: 'src/features/cart/pages/cart-page.tsx',
};

export { FEEDS };

/** Items in a feed: the newest published. */
export const FEED_SIZE = 50;

/** The most URLs one sitemap file may hold (sitemaps.org); more would need a sitemap index. */
export const MAX_SITEMAP_URLS = 50_000;

/** A page of one book, article or fatwah (`ITEM_PAGES`). */
export type ItemKind = ItemPageName;

/**
 * The pages' heads when the web app has no server build to render them (its heads come from the same builders,
 * `@scholar/shared`'s page-heads), the sitemap, robots.txt and the feeds.
 */
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

  /** What a head is made with: the site's address and settings, and the page's language. */
  async site(locale: Locale = 'en'): Promise<HeadSite> {
    return { publicUrl: this.publicUrl, settings: await this.settings(), locale };
  }

  async staticPage(
    name: PageName,
    query: Record<string, unknown> = {},
    locale: Locale = 'en',
  ): Promise<ServerHead> {
    const head = staticPageHead(name, await this.site(locale), Number(query.page));
    return { ...head, preload: { data: listReads(name, query, locale) } };
  }

  async bookPage(book: Book, locale: Locale = 'en'): Promise<ServerHead> {
    return {
      ...bookHead(book, await this.site(locale)),
      preload: { data: apiUrls(ITEM_PAGES.book.firstReads(book._id)) },
    };
  }

  async articlePage(article: Article, locale: Locale = 'en'): Promise<ServerHead> {
    // The same call counts the page's view, once: the app's own request is answered by this one.
    return {
      ...articleHead(article, await this.site(locale)),
      preload: { data: apiUrls(ITEM_PAGES.article.firstReads(article._id)) },
    };
  }

  async fatwahPage(fatwah: Fatwah, locale: Locale = 'en'): Promise<ServerHead> {
    return {
      ...fatwahHead(fatwah, await this.site(locale)),
      preload: { data: apiUrls(ITEM_PAGES.fatwah.firstReads(fatwah._id)) },
    };
  }

  /** The head of the SPA's not-found screen: kept out of search results. */
  notFound(kind: ItemKind, locale?: Locale): ServerHead {
    return missingItemHead(kind, locale);
  }

  /** A book by id; undefined for an unknown or malformed id. */
  findBook(id: string): Promise<Book | undefined> {
    return orMissing(id, () => getBook(this.db, id));
  }

  /** A published article, without counting a view; undefined for a draft or an unknown id. */
  async findArticle(id: string): Promise<Article | undefined> {
    const article = await orMissing(id, () => getArticle(this.db, id));
    return article && !isScheduled(article) && article.isPublished ? article : undefined;
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
    // Each page once per language, each naming all of them.
    const entries: SitemapEntry[] = [];
    const add = (path: string, lastmod?: string) => {
      const alternates = localeAlternates(this.publicUrl, path);
      for (const locale of LOCALES) {
        entries.push({
          loc: this.url(localizePath(locale, path)),
          ...(lastmod === undefined ? {} : { lastmod }),
          alternates,
        });
      }
    };
    for (const page of PUBLIC_PAGE_LIST) add(page.path, listLastmod[page.name]);
    for (const book of items.books) add(paths.book(book.id), book.updatedAt.toISOString());
    for (const article of items.articles) {
      add(paths.article(article.id), lastmod(article.updatedAt, article.publishedAt));
    }
    for (const fatwah of items.fatwahs) {
      add(paths.fatwah(fatwah.id), lastmod(fatwah.updatedAt, fatwah.publishedAt));
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

  /**
   * The articles feed of a language: every published article in English (the site's default feed), the articles
   * written in Urdu or Bengali in theirs, each linking to the page in the feed's language.
   */
  async articlesFeed(locale: Locale = 'en'): Promise<string> {
    const articles = await getRecentArticles(this.db, FEED_SIZE, locale === 'en' ? undefined : locale);
    const items: FeedItem[] = articles.map((article) => ({
      title: article.title,
      url: this.url(localizePath(locale, paths.article(article._id))),
      date: new Date(article.publishedAt ?? article.createdAt),
      description: article.excerpt,
      categories: [article.category],
    }));
    return this.feed('articles', locale, items);
  }

  /** The RSS of the newest published articles with a tag (`/articles/tag/{tag}/rss.xml`): every language. */
  async articleTagFeed(tag: string): Promise<string> {
    const articles = await getRecentArticles(this.db, FEED_SIZE, undefined, tag);
    return renderRss({
      title: `#${tag} | ${FEEDS.articles.title}`,
      url: this.url(paths.articleTag(tag)),
      self: this.url(articleFeedPaths.tag(tag)),
      description: pageMetaOf('articles', 'en').description,
      language: LOCALE_INFO.en.tag,
      items: articles.map((article) => ({
        title: article.title,
        url: this.url(paths.article(article._id)),
        date: new Date(article.publishedAt ?? article.createdAt),
        description: article.excerpt,
        categories: [article.category, ...article.tags],
      })),
    });
  }

  /** The fatwahs feed of a language, as the articles feed. */
  async fatwahsFeed(locale: Locale = 'en'): Promise<string> {
    const fatwahs = await latestPublished(this.db, FEED_SIZE, locale === 'en' ? undefined : locale);
    const items: FeedItem[] = fatwahs.map((fatwah) => ({
      title: summarize(fatwah.question, 110),
      url: this.url(localizePath(locale, paths.fatwah(fatwah._id))),
      date: new Date(fatwah.publishedAt ?? fatwah.createdAt),
      description: summarize(markdownText(fatwah.answer ?? ''), 500),
      categories: fatwah.categories,
    }));
    return this.feed('fatwahs', locale, items);
  }

  private feed(kind: 'articles' | 'fatwahs', locale: Locale, items: FeedItem[]): string {
    const feed = feedIn(kind, locale);
    return renderRss({
      title: feed.title,
      url: this.url(feed.page),
      self: this.url(feed.path),
      description: pageMetaOf(kind, locale).description,
      language: LOCALE_INFO[locale].tag,
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
function listReads(name: PageName, query: Record<string, unknown>, locale: Locale): string[] {
  const page = query.page === undefined ? 1 : Number(query.page);
  if (Object.keys(query).some((key) => key !== 'page') || !Number.isSafeInteger(page) || page < 1) return [];
  return apiUrls(PUBLIC_PAGES[name].firstReads(page, locale));
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
