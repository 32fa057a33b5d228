import { LOCALE_INFO, NOT_FOUND_TITLES, notFoundHead, type PageHead } from '@scholar/shared';
import { withLanguage } from '../../lib/html-language';
import { escapeHtml, jsonLdText } from './markup';

/** A page's head (made by the page's render, or by the same builders without one) and what it preloads. */
export type ServerHead = PageHead & {
  /** Files the page needs at once, fetched beside the app's entry instead of after it runs. */
  preload?: {
    /** Script files of the page's own code (`modulepreload`). */
    modules?: readonly string[];
    /** API reads the page's screen makes at once, exactly as the web app writes them (a page not rendered here). */
    data?: readonly string[];
  };
};

export type { PageHead };

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** The image and its alternative text, under Open Graph's or Twitter's names; nothing without an image. */
const imageMeta = (attribute: 'name' | 'property', prefix: string, image: PageHead['image']) =>
  image
    ? [meta(attribute, `${prefix}:image`, image.url), meta(attribute, `${prefix}:image:alt`, image.alt)]
    : [];

/** What every screen reads for its footer and contact details (`GET /api/settings`). */
export const SITE_SETTINGS_READ = '/api/settings';

/**
 * The preload links of a page: its largest picture (high priority), then its code and its first API reads. They
 * close the head, after the entry script and the stylesheet of index.html, which must not wait behind them. The
 * face of its script (Urdu, Bengali) is not among them: a first visit draws the page without it (lib/face-choice.ts).
 */
export function preloadLinks(head: ServerHead): string[] {
  const { preload } = head;
  const links: string[] = [];
  const image = head.preloadImage;
  if (image) {
    const srcset = image.srcset
      ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes ?? '100vw')}"`
      : '';
    links.push(
      `<link rel="preload" as="image" href="${escapeHtml(image.href)}"${srcset} fetchpriority="high" />`,
    );
  }
  for (const file of preload?.modules ?? []) {
    links.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`);
  }
  // `crossorigin` makes the preload a CORS request with same-origin credentials, like the app's `fetch`. A found
  // page also reads the site's settings (its footer): last, as it is small and below the fold.
  for (const url of preload?.data ? [...preload.data, SITE_SETTINGS_READ] : []) {
    links.push(`<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}" />`);
  }
  return links;
}

/** The tags of a page's head, one a line. */
export function renderHead(head: PageHead): string[] {
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.robots) tags.push(meta('name', 'robots', head.robots));
  if (head.url) {
    tags.push(`<link rel="canonical" href="${escapeHtml(head.url)}" />`);
    tags.push(
      meta('property', 'og:type', head.type ?? 'website'),
      meta('property', 'og:site_name', head.siteName),
      meta('property', 'og:locale', LOCALE_INFO[head.locale ?? 'en'].ogLocale),
      meta('property', 'og:title', head.title),
      meta('property', 'og:description', head.description),
      meta('property', 'og:url', head.url),
    );
    tags.push(...imageMeta('property', 'og', head.image));
    for (const [property, content] of head.openGraph ?? []) tags.push(meta('property', property, content));
    tags.push(
      meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', head.title),
      meta('name', 'twitter:description', head.description),
    );
    tags.push(...imageMeta('name', 'twitter', head.image));
  }
  for (const alternate of head.alternates ?? []) {
    tags.push(
      `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}" />`,
    );
  }
  for (const feed of head.feeds ?? []) {
    tags.push(
      `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.url)}" />`,
    );
  }
  for (const data of head.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${jsonLdText(data)}</script>`);
  }
  return tags;
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /[ \t]*<meta\s+name=["']?description["']?\s[^>]*>[ \t]*(\r?\n)?/gi;

/**
 * The SPA's index.html with a page's head: its `<title>` and description give way to the page's, the other
 * tags follow the title and the preload links close the head. (Replacements are functions, so that `$&` in a
 * title is only text.)
 */
export function injectHead(indexHtml: string, head: ServerHead): string {
  const tags = renderHead(head).join('\n    ');
  const preloads = preloadLinks(head).map((link) => `    ${link}\n`);
  const html = withLanguage(indexHtml, head.locale ?? 'en').replace(DESCRIPTION, '');
  const withTags = TITLE.test(html)
    ? html.replace(TITLE, () => tags)
    : html.replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
  return preloads.length === 0
    ? withTags
    : withTags.replace(/[ \t]*<\/head>/i, () => `${preloads.join('')}  </head>`);
}

/** The app's not-found screen as a page: kept out of search results. */
export const NOT_FOUND_HEAD = notFoundHead(NOT_FOUND_TITLES.page);

/** The SPA's index.html as the not-found page: its head is `NOT_FOUND_HEAD` (noindex). */
export function notFoundPage(indexHtml: string): string {
  return injectHead(indexHtml, NOT_FOUND_HEAD);
}
