import { resolveImageUrl } from './images';
import { localeAlternates, localizePath, type Locale } from './locales';
import {
  fatwahPageTitle,
  notFoundTitle,
  PAGE_META,
  pageMetaOf,
  pageTitle,
  SITE_DESCRIPTION,
  SITE_NAME,
  SITE_NAMES,
  type PageName,
} from './pages';
import { paths, PUBLIC_PAGES, type ItemPageName } from './routes';
import type { Article } from './schemas/articles';
import { ARTICLE_PAGE_IMAGE_SIZES, BOOK_PAGE_IMAGE_SIZES, bookImageSrcSet } from './schemas/book-images';
import type { Book } from './schemas/books';
import type { Fatwah } from './schemas/fatwahs';
import type { SiteSettings } from './schemas/settings';
import { SOCIAL_NETWORKS, withScholarName } from './settings';

/**
 * What a page tells search engines and link previews about itself: made by the page's own render (the web app's
 * `useHead`), from the data it shows, and written into the HTML by the server (apps/server/src/modules/pages/head.ts).
 */
export interface PageHead {
  /** The whole `<title>`, site name included. */
  title: string;
  description: string;
  /** The absolute canonical URL; none on a not-found page. */
  url?: string;
  /** `noindex` on a not-found page. */
  robots?: string;
  /** Open Graph type: website, article or book. */
  type?: 'website' | 'article' | 'book';
  /** Absolute image URL and its text, for Open Graph and the Twitter card. */
  image?: { url: string; alt: string };
  /** More Open Graph properties, e.g. `article:published_time`. */
  openGraph?: [property: string, content: string][];
  /** Structured data, one `<script type="application/ld+json">` each. */
  jsonLd?: object[];
  /** RSS feeds the page links to. */
  feeds?: { title: string; url: string }[];
  siteName: string;
  /** The picture that is the page's largest paint, as its `<img>` asks for it (`src`, `srcset`, `sizes`). */
  preloadImage?: { href: string; srcset?: string; sizes?: string };
  /** The answer's status: 404 for the head of a page that does not exist. */
  status?: 200 | 404;
  /** The page's language (`<html lang dir>`, `og:locale`); English when absent. */
  locale?: Locale;
  /** The same page in every language (`hreflang`), with `x-default`. */
  alternates?: { hreflang: string; href: string }[];
}

/** What a head is made with besides the page's data: the site's address and settings. */
export interface HeadSite {
  /** PUBLIC_URL, no trailing slash. */
  publicUrl: string;
  settings: SiteSettings;
  /** The language the page is shown in; English when absent. */
  locale?: Locale;
}

export const FEEDS = {
  articles: { path: '/rss/articles.xml', title: `Articles | ${SITE_NAME}`, page: paths.articles },
  fatwahs: { path: '/rss/fatwahs.xml', title: `Fatwahs | ${SITE_NAME}`, page: paths.fatwahs },
} as const;

/** A picture for pages that have none of their own (in apps/web/public); also the home hero's poster. */
export const DEFAULT_PAGE_IMAGE = '/media/hero-poster.jpg';

/** One line of plain text of at most `max` characters, cut at a word with an ellipsis when longer. */
export function summarize(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  // Never half of a surrogate pair.
  const cut = line.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '');
  // A cut just before a space is already at the end of a word.
  const space = line[cut.length] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** An absolute address of a file or feed (the same in every language). */
const absolute = (site: HeadSite, path: string) => `${site.publicUrl}${path}`;

/**
 * A page's address in the language it is shown in, with its language and its alternates in the others: `path` is
 * the page's address without a language prefix (and with the query it keeps in its canonical URL).
 */
function localized(
  site: HeadSite,
  path: string,
): { url: string; locale: Locale; alternates: { hreflang: string; href: string }[] } {
  const locale = site.locale ?? 'en';
  return {
    url: absolute(site, localizePath(locale, path)),
    locale,
    alternates: localeAlternates(site.publicUrl, path),
  };
}

function pageImage(
  site: HeadSite,
  path: string | null | undefined,
  alt: string,
): { url: string; alt: string } {
  return { url: resolveImageUrl(path, site.publicUrl) ?? absolute(site, DEFAULT_PAGE_IMAGE), alt };
}

/**
 * A feed in a language (docs/decisions/041): the English feeds (unprefixed) hold every published item; the Urdu and
 * Bengali ones (`/ur/rss/…`, `/bn/rss/…`) the items written in that language, linking to that language's pages.
 */
export function feedIn(
  kind: keyof typeof FEEDS,
  locale: Locale,
): { path: string; title: string; page: string } {
  const feed = FEEDS[kind];
  return {
    path: localizePath(locale, feed.path),
    title: locale === 'en' ? feed.title : pageTitle(pageMetaOf(kind, locale).title, locale),
    page: localizePath(locale, feed.page),
  };
}

/** The feeds a page links to: those of its language. */
const feedsOf = (site: HeadSite): PageHead['feeds'] =>
  (Object.keys(FEEDS) as (keyof typeof FEEDS)[]).map((kind) => {
    const feed = feedIn(kind, site.locale ?? 'en');
    return { title: feed.title, url: absolute(site, feed.path) };
  });

/** The organisation behind the site, with the office, contacts and social profiles of the settings. */
function organization(site: HeadSite): object {
  const { settings } = site;
  const profiles = SOCIAL_NETWORKS.map((network) => settings.social[network]).filter((href) => href !== '');
  return {
    '@type': 'Organization',
    name: SITE_NAME,
    url: absolute(site, '/'),
    email: settings.contactEmail,
    telephone: settings.phone,
    address: settings.officeAddress.join(', '),
    ...(profiles.length > 0 ? { sameAs: profiles } : {}),
  };
}

/** The head of a public page without an id; `page` is the list's page, kept in the canonical URL. */
export function staticPageHead(name: PageName, site: HeadSite, page = 1): PageHead {
  const { path, paginated } = PUBLIC_PAGES[name];
  const locale = site.locale ?? 'en';
  const translated = pageMetaOf(name, locale);
  const meta = {
    ...translated,
    description: withScholarName(translated.description, site.settings.scholarName),
  };
  const canonical = paginated && Number.isSafeInteger(page) && page > 1 ? `${path}?page=${page}` : path;
  return {
    siteName: SITE_NAMES[locale],
    title: pageTitle(meta.title, locale),
    description: meta.description,
    ...localized(site, canonical),
    type: 'website',
    image: pageImage(site, null, SITE_NAME),
    feeds: feedsOf(site),
    // The home page's largest paint is its hero, whose video shows this poster until it plays.
    ...(name === 'home' ? { preloadImage: { href: DEFAULT_PAGE_IMAGE } } : {}),
    jsonLd:
      name === 'home'
        ? [
            {
              '@context': 'https://schema.org',
              '@type': 'WebSite',
              name: SITE_NAME,
              url: absolute(site, '/'),
              description: meta.description,
              inLanguage: 'en-IN',
              publisher: organization(site),
            },
          ]
        : [],
  };
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

/** An article's picture as its page shows it: with its variants (an upload's, a demo picture's) and `sizes`. */
function articlePageImage(path: string, href: string): { href: string; srcset?: string; sizes?: string } {
  const srcset = bookImageSrcSet(path);
  return srcset ? { href, srcset, sizes: ARTICLE_PAGE_IMAGE_SIZES } : { href };
}

export function bookHead(book: Book, site: HeadSite): PageHead {
  const where = localized(site, paths.book(book._id));
  const { url } = where;
  const images = book.images.map((path) => resolveImageUrl(path, site.publicUrl)).filter((u) => u !== null);
  const description = summarize(book.description) || PAGE_META.books.description;
  const cover = bookPageImage(book.images[0]);
  return {
    siteName: SITE_NAMES[site.locale ?? 'en'],
    title: pageTitle(book.name, site.locale),
    description,
    ...where,
    type: 'book',
    image: pageImage(site, book.images[0], book.name),
    feeds: feedsOf(site),
    ...(cover ? { preloadImage: cover } : {}),
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

export function articleHead(article: Article, site: HeadSite): PageHead {
  const where = localized(site, paths.article(article._id));
  const { url } = where;
  const description = summarize(article.excerpt) || PAGE_META.articles.description;
  const image = pageImage(site, article.featuredImage, article.title);
  const featured = imageHref(article.featuredImage);
  const published = article.publishedAt ?? article.createdAt;
  return {
    siteName: SITE_NAMES[site.locale ?? 'en'],
    title: pageTitle(article.title, site.locale),
    description,
    ...where,
    type: 'article',
    image,
    ...(featured ? { preloadImage: articlePageImage(article.featuredImage, featured) } : {}),
    openGraph: [
      ['article:published_time', published],
      ['article:modified_time', article.updatedAt],
      ['article:section', article.category],
      ...article.tags.map((tag): [string, string] => ['article:tag', tag]),
    ],
    feeds: feedsOf(site),
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
        publisher: { '@type': 'Organization', name: SITE_NAME, url: absolute(site, '/') },
        articleSection: article.category,
        ...(article.tags.length > 0 ? { keywords: article.tags.join(', ') } : {}),
      },
    ],
  };
}

/**
 * The words of a Markdown answer without its marks (headings, emphasis, quotes, list bullets; a link keeps its text),
 * for a description and structured data that read as prose.
 */
export function markdownText(source: string): string {
  return source
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|\*|`)(?=\S)([^]*?\S)\1/g, '$2');
}

export function fatwahHead(fatwah: Fatwah, site: HeadSite): PageHead {
  const where = localized(site, paths.fatwah(fatwah._id));
  const { url } = where;
  const published = fatwah.publishedAt ?? fatwah.createdAt;
  const answer = fatwah.answer === undefined ? undefined : markdownText(fatwah.answer);
  const description = summarize(answer ?? fatwah.question) || PAGE_META.fatwahs.description;
  const answerer = fatwah.answeredBy
    ? { '@type': 'Person', name: fatwah.answeredBy.name }
    : { '@type': 'Organization', name: SITE_NAME };
  return {
    siteName: SITE_NAMES[site.locale ?? 'en'],
    title: pageTitle(fatwahPageTitle(fatwah.question), site.locale),
    description,
    ...where,
    type: 'article',
    image: pageImage(site, null, SITE_NAME),
    openGraph: [
      ['article:published_time', published],
      ['article:modified_time', fatwah.updatedAt],
      ...fatwah.categories.map((category): [string, string] => ['article:tag', category]),
    ],
    feeds: feedsOf(site),
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
                  text: answer,
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

/**
 * The head of a not-found page: kept out of search results, answered with 404. Without a language it says
 * none, and the page takes its address's.
 */
export function notFoundHead(title: string, locale?: Locale): PageHead {
  return { ...privatePageHead(title, locale), status: 404 };
}

/** The head of a page of a reader's own (their cart), when the server renders it: titled, kept out of search. */
export function privatePageHead(title: string, locale?: Locale): PageHead {
  return {
    siteName: SITE_NAMES[locale ?? 'en'],
    title: pageTitle(title, locale),
    description: SITE_DESCRIPTION,
    robots: 'noindex',
    ...(locale ? { locale } : {}),
  };
}

/** The head of an item page whose item does not exist (or of the page `page` for an unknown address). */
export const missingItemHead = (kind: ItemPageName | 'page', locale?: Locale) =>
  notFoundHead(notFoundTitle(kind, locale), locale);
