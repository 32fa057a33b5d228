import type { ArticleSortField, ArticleSortOrder } from './articles';
import { PAGE_SIZES, type BookSort, type ContentLanguage } from './constants';
import type { Locale } from './locales';
import type { PageName } from './pages';
import type { BooksQuery } from './schemas/books';

/**
 * Every route of the product, declared once (docs/product.md, "Routes"): the web app's router and links, the
 * server's pages, sitemap and robots.txt, and the end-to-end specs all take their paths from here. A builder called
 * without its argument gives the route's pattern (`:name` is one path segment).
 */
export const paths = {
  home: '/',
  about: '/about',
  certifications: '/certifications',
  initiatives: '/initiatives',
  login: '/login',
  adminLogin: '/admin/login',
  register: '/register',
  cart: '/cart',
  dashboard: '/dashboard',
  adminDashboard: '/admin/dashboard',
  adminOrder: (orderId = ':orderId') => `/admin/orders/${orderId}`,
  orderDetails: (orderId = ':orderId') => `/order-details/${orderId}`,
  manageBooks: '/manage-books',
  /** The desk's full-page editor of one book (the table at /manage-books links each row here). */
  adminBook: (id = ':id') => `/admin/books/${id}`,
  addBook: '/add-book',
  book: (bookId = ':bookId') => `/book/${bookId}`,
  books: '/books',
  checkout: '/checkout',
  guestCheckout: '/guest/checkout',
  paymentSuccess: '/payment/success',
  payment: (txnId = ':txnId') => `/payment/${txnId}`,
  paymentVerification: '/payment-verification',
  newAddress: '/addresses/new',
  forgotPassword: '/forgot-password',
  resetPassword: (token = ':token') => `/reset-password/${token}`,
  privacyPolicy: '/privacy-policy',
  terms: '/terms-and-conditions',
  returnPolicy: '/return-policy',
  fatwahs: '/fatwah',
  fatwah: (id = ':id') => `/fatwah/${id}`,
  askFatwah: '/ask-fatwah',
  /** Where an asker checks their question with its reference and their email (not `/fatwah/…`: that is a fatwah). */
  fatwahStatus: '/fatwah-status',
  /** "Track your order" without an account: the order number and the email or phone used (docs/decisions/054). */
  trackOrder: '/track',
  /** An order's tracking page through the signed link of its mails (`?t=…`). */
  trackedOrder: (orderNumber = ':orderNumber') => `/track/${orderNumber}`,
  /** The email proof's mailed link (`?token=…`): confirmed by a button, as mail scanners open links. */
  verifyEmail: '/verify-email',
  adminFatwahs: '/admin/fatwah',
  /** The desk's full-page answer editor of one question. */
  adminFatwah: (id = ':id') => `/admin/fatwah/${id}`,
  /** The fatwah desk's sets of synonyms that every readers' search widens a word by (docs/decisions/077). */
  adminSynonyms: '/admin/fatwah/synonyms',
  articles: '/articles',
  article: (id = ':id') => `/articles/${id}`,
  /** The published articles with a tag (a tag as stored, `normalizeTag`; one path segment, encoded). */
  articleTag: (tag?: string) => `/articles/tag/${tag === undefined ? ':tag' : encodeURIComponent(tag)}`,
  adminArticles: '/admin/articles',
  adminArticleCreate: '/admin/articles/create',
  adminArticleEdit: (id = ':id') => `/admin/articles/edit/${id}`,
  adminAdmins: '/admin/admins',
  adminProfile: '/admin/profile',
  /** The mailed invitation's page (`?token=…`, read once and dropped). */
  adminInvite: '/admin/invite',
  adminSettings: '/admin/settings',
  /** The orders desk's delivery zones and their pincode ranges (docs/decisions/052). */
  adminDelivery: '/admin/delivery',
  /** The orders desk's coupons (docs/decisions/051). */
  adminCoupons: '/admin/coupons',
  /** The mail outbox: mails waiting, sent and failed (docs/decisions/072). */
  adminMails: '/admin/mails',
  /** The subscription mails' pages (`?token=…`): confirm a subscription, unsubscribe (docs/decisions/048). */
  subscriptionConfirm: '/subscriptions/confirm',
  subscriptionUnsubscribe: '/subscriptions/unsubscribe',
} as const;

/** RSS 2.0 of the newest published articles, and of those with a tag (served by the server, not screens). */
export const articleFeedPaths = {
  /** Every article's feed: the site's articles feed (the server's /rss/ feeds, one per language). */
  all: '/rss/articles.xml',
  tag: (tag?: string) => `${paths.articleTag(tag)}/rss.xml`,
} as const;

/** Old addresses that lead to a screen: the fatwah page's 'Back to Fatwahs' link points to `/fatwahs`. */
export const REDIRECTS = { '/fatwahs': paths.fatwahs } as const satisfies Record<string, string>;

/** A route's pattern: the path itself, or its builder's output without an argument. */
const patternOf = (route: string | (() => string)) => (typeof route === 'string' ? route : route());

/**
 * The screens of the web app as route patterns. The server answers a path that matches none of them with 404 and
 * the app's not-found screen; the web app's router has exactly these routes (checked by its tests).
 */
export const SPA_ROUTES: readonly string[] = [
  ...Object.values(paths).map(patternOf),
  ...Object.keys(REDIRECTS),
];

const segments = (path: string) => path.split('/').filter((segment) => segment !== '');

const PATTERNS = SPA_ROUTES.map(segments);

/**
 * Whether a path (without its query) is one of the app's screens. As in the app's router, letters match in any
 * case and a trailing slash makes no difference; a parameter is one non-empty segment.
 */
export function isSpaRoute(pathname: string): boolean {
  const parts = segments(pathname);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every(
        (segment, i) => segment.startsWith(':') || segment.toLowerCase() === parts[i]?.toLowerCase(),
      ),
  );
}

/** Where the API is served; the reads below are written without it. */
export const API_BASE = '/api';

type QueryValue = string | number | undefined;

/**
 * `path?a=1&b=2` with the keys in the order the object lists them (each builder writes its object afresh, so the
 * caller's order does not matter); empty values are left out, as the web app's API client does.
 */
function withQuery(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The books page's order when its address names none. */
export const DEFAULT_BOOK_SORT: BookSort = 'newest';

/** The books page's search, order and page. */
export interface BooksPageQuery {
  search?: string;
  sort: BookSort;
  page: number;
}

/** What the books page asks for: its search and order, page `page` of 24 books. */
export const publicBooksPage = ({ search, sort, page }: BooksPageQuery): BooksQuery => ({
  search,
  sort,
  page,
  limit: PAGE_SIZES.publicBooks,
});

/** One page of the published articles, in the order the list asks for it. */
export interface PublishedArticlesPage {
  page: number;
  limit: number;
  sortBy: ArticleSortField;
  sortOrder: ArticleSortOrder;
  /** The reader's language: its articles first (docs/decisions/044). */
  language?: ContentLanguage;
  /** Words the articles must hold (the list's search box). */
  search?: string;
  /** A tag the articles must have (a tag page). */
  tags?: string;
}

/**
 * The public articles list's page `page`: 12 a page, newest publication first (docs/product.md, "Articles"), the
 * reader's language first.
 */
export const publicArticlesPage = (page: number, language?: ContentLanguage): PublishedArticlesPage => ({
  page,
  limit: PAGE_SIZES.publicArticles,
  sortBy: 'publishedAt',
  sortOrder: 'desc',
  ...(language ? { language } : {}),
});

/** The public fatwah list's search, category and page. */
export interface PublicFatwahsQuery {
  search?: string;
  category?: string;
  page: number;
  /** The reader's language: its fatwahs first (docs/decisions/044). */
  language?: ContentLanguage;
  /** How many a page holds: the list's page size unless a screen shows fewer (the home page's latest answers). */
  limit?: number;
}

/**
 * The public reads of the public screens, as URLs under `API_BASE`. The web app's fetchers and the server's
 * preloads both build them here, so a preloaded read is the very URL the screen asks for (path and query keys in
 * the same order) and the browser answers the screen with it.
 */
export const apiReads = {
  /** Every book (no `page`), or one page of them. */
  books: ({ search, sort, page, limit }: BooksQuery = {}) =>
    withQuery('/books', { search, sort, page, limit }),
  book: (id: string) => `/books/${encodeURIComponent(id)}`,
  recentArticles: (limit: number) => withQuery('/articles/recent', { limit }),
  publishedArticles: ({ page, limit, sortBy, sortOrder, language, search, tags }: PublishedArticlesPage) =>
    withQuery('/articles/published', { page, limit, sortBy, sortOrder, language, search, tags }),
  /** Counts the article's view: the screen's own call is answered by the preloaded one. */
  publishedArticle: (id: string) => `/articles/published/${encodeURIComponent(id)}`,
  publicFatwahs: ({
    search,
    category,
    page,
    language,
    limit = PAGE_SIZES.publicFatwahs,
  }: PublicFatwahsQuery) => withQuery('/fatwahs/public', { search, category, page, limit, language }),
  fatwah: (id: string) => `/fatwahs/${encodeURIComponent(id)}`,
} as const;

/** A public page without an id: robots may index it, and the server writes its head and preloads. */
export interface PublicPage {
  path: string;
  /** Whether `?page=n` shows a page of its own, kept in its canonical URL (a search or a filter is not). */
  paginated: boolean;
  /**
   * The API reads its screen makes first, on page `page` of a list without a search or a filter, on a page in
   * `locale` (the lists put the reader's language first).
   */
  firstReads: (page: number, locale: Locale) => readonly string[];
}

const noReads = () => [];

/** The public pages without an id, by their name in `PAGE_META`. */
export const PUBLIC_PAGES: Readonly<Record<PageName, PublicPage>> = {
  home: {
    path: paths.home,
    paginated: false,
    firstReads: (_page, locale) => [
      apiReads.books(),
      apiReads.recentArticles(PAGE_SIZES.homeArticles),
      apiReads.publicFatwahs({ page: 1, language: locale, limit: PAGE_SIZES.homeAnswers }),
    ],
  },
  books: {
    path: paths.books,
    paginated: true,
    firstReads: (page) => [apiReads.books(publicBooksPage({ sort: DEFAULT_BOOK_SORT, page }))],
  },
  articles: {
    path: paths.articles,
    paginated: true,
    firstReads: (page, locale) => [apiReads.publishedArticles(publicArticlesPage(page, locale))],
  },
  fatwahs: {
    path: paths.fatwahs,
    paginated: true,
    firstReads: (page, locale) => [apiReads.publicFatwahs({ page, language: locale })],
  },
  askFatwah: { path: paths.askFatwah, paginated: false, firstReads: noReads },
  about: { path: paths.about, paginated: false, firstReads: noReads },
  initiatives: { path: paths.initiatives, paginated: false, firstReads: noReads },
  certifications: { path: paths.certifications, paginated: false, firstReads: noReads },
  privacyPolicy: { path: paths.privacyPolicy, paginated: false, firstReads: noReads },
  terms: { path: paths.terms, paginated: false, firstReads: noReads },
  returnPolicy: { path: paths.returnPolicy, paginated: false, firstReads: noReads },
};

/** The public pages in the order of `PUBLIC_PAGES` (the sitemap's), with their names. */
export const PUBLIC_PAGE_LIST: readonly (PublicPage & { name: PageName })[] = (
  Object.keys(PUBLIC_PAGES) as PageName[]
).map((name) => ({ name, ...PUBLIC_PAGES[name] }));

/** A public page of one book, article or fatwah: robots may index it when the item is public. */
export interface ItemPage {
  path: (id?: string) => string;
  /** The API reads its screen makes first. */
  firstReads: (id: string) => readonly string[];
}

export const ITEM_PAGES = {
  book: { path: paths.book, firstReads: (id: string) => [apiReads.book(id)] },
  article: { path: paths.article, firstReads: (id: string) => [apiReads.publishedArticle(id)] },
  fatwah: { path: paths.fatwah, firstReads: (id: string) => [apiReads.fatwah(id)] },
} as const satisfies Record<string, ItemPage>;

export type ItemPageName = keyof typeof ITEM_PAGES;

/**
 * What robots.txt keeps crawlers out of: every screen that is not a public page (account, cart, checkout and
 * payment, sign-in, the admin screens) and the API. A route's entry is its path up to its first parameter, left
 * out when a shorter entry already covers it (robots match the start of a path).
 */
export const ROBOTS_DISALLOW: readonly string[] = (() => {
  const open = new Set<string>([
    ...PUBLIC_PAGE_LIST.map((page) => page.path),
    ...Object.values(ITEM_PAGES).map((page) => page.path()),
  ]);
  const prefixes = Object.values(paths)
    .map(patternOf)
    .filter((pattern) => !open.has(pattern))
    .map((pattern) => pattern.split(':')[0] ?? pattern);
  const covered = (prefix: string) => prefixes.some((other) => other !== prefix && prefix.startsWith(other));
  return [...new Set(prefixes.filter((prefix) => !covered(prefix))), `${API_BASE}/`];
})();
