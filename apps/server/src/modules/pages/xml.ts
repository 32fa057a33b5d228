import { escapeXml } from './markup';

const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>';

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** W3C datetime. */
  lastmod?: string;
  /** The same page in every language (`xhtml:link rel="alternate" hreflang`), its own address among them. */
  alternates?: readonly { hreflang: string; href: string }[];
}

const alternateLinks = (entry: SitemapEntry) =>
  (entry.alternates ?? [])
    .map(
      (alternate) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`,
    )
    .join('');

/**
 * A sitemap (sitemaps.org 0.9) with each page's language alternates (as search engines read them: every
 * language's address is an entry of its own and names all of them). One file holds at most 50,000 URLs; more
 * would need a sitemap index.
 */
export function renderSitemap(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `  <url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : ''}${alternateLinks(entry)}</url>`,
  );
  return [
    PROLOG,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export interface FeedItem {
  title: string;
  /** Absolute URL of the item's page; also its guid. */
  url: string;
  date: Date;
  /** Plain text. */
  description: string;
  categories: readonly string[];
}

export interface Feed {
  title: string;
  /** The page the feed belongs to. */
  url: string;
  /** The feed's own URL. */
  self: string;
  description: string;
  /** The channel's language tag (RFC 1766, lower-case): `en-in`, `ur`, `bn`. */
  language: string;
  items: readonly FeedItem[];
}

/** RFC 822 date-time, as RSS 2.0 wants it: `Sun, 01 Nov 2026 10:00:00 GMT`. */
export const rfc822 = (date: Date): string => date.toUTCString();

/** An RSS 2.0 feed, newest item first; its build date is the newest item's, so an unchanged feed is the same text. */
export function renderRss(feed: Feed): string {
  const newest = feed.items.reduce<Date | undefined>(
    (latest, item) => (!latest || item.date > latest ? item.date : latest),
    undefined,
  );
  const items = feed.items.map((item) =>
    [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(item.url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(item.url)}</guid>`,
      `      <pubDate>${rfc822(item.date)}</pubDate>`,
      `      <description>${escapeXml(item.description)}</description>`,
      ...item.categories.map((category) => `      <category>${escapeXml(category)}</category>`),
      '    </item>',
    ].join('\n'),
  );
  return [
    PROLOG,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(feed.title)}</title>`,
    `    <link>${escapeXml(feed.url)}</link>`,
    `    <description>${escapeXml(feed.description)}</description>`,
    `    <language>${escapeXml(feed.language.toLowerCase())}</language>`,
    ...(newest ? [`    <lastBuildDate>${rfc822(newest)}</lastBuildDate>`] : []),
    `    <atom:link href="${escapeXml(feed.self)}" rel="self" type="application/rss+xml" />`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
