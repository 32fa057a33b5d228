import { describe, expect, it } from 'vitest';
import { PAGE_META } from './pages';
import {
  apiReads,
  isSpaRoute,
  ITEM_PAGES,
  paths,
  PUBLIC_PAGE_LIST,
  PUBLIC_PAGES,
  REDIRECTS,
  ROBOTS_DISALLOW,
  SPA_ROUTES,
} from './routes';

describe('isSpaRoute', () => {
  it('knows the screens, with their parameters', () => {
    for (const path of [
      '/',
      '/cart',
      '/dashboard',
      '/order-details/x',
      '/book/0190b0a0-0000-7000-8000-000000000000',
      '/payment/success',
      '/payment/pay_123',
      '/reset-password/abc',
      '/admin/articles/edit/1',
      '/fatwahs',
    ])
      expect(isSpaRoute(path), path).toBe(true);
  });

  it('ignores a trailing slash and the case of the letters, as the router does', () => {
    expect(isSpaRoute('/cart/')).toBe(true);
    expect(isSpaRoute('/Admin/Dashboard')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const path of [
      '/no-such-page',
      '/book',
      '/book/1/2',
      '/order-details',
      '/admin',
      '/admin/orders',
      '/dashboard/orders',
      '/favicon.ico',
    ])
      expect(isSpaRoute(path), path).toBe(false);
  });
});

/** A route's pattern with each parameter filled in, as a visitor's address. */
const addressOf = (route: string | ((id?: string) => string)) =>
  typeof route === 'string' ? route : route('0190b0a0-0000-7000-8000-000000000000');
const disallowed = (path: string) => ROBOTS_DISALLOW.some((prefix) => path.startsWith(prefix));

describe('SPA_ROUTES', () => {
  it('is every route of `paths` and every old address that redirects', () => {
    expect([...SPA_ROUTES].sort()).toEqual(
      [
        ...Object.values(paths).map((route) => (typeof route === 'string' ? route : route())),
        ...Object.keys(REDIRECTS),
      ].sort(),
    );
    for (const [from, to] of Object.entries(REDIRECTS)) expect(isSpaRoute(to), from).toBe(true);
  });
});

describe('ROBOTS_DISALLOW', () => {
  it('lets robots reach every public page and item page', () => {
    for (const page of PUBLIC_PAGE_LIST) expect(disallowed(page.path), page.path).toBe(false);
    for (const page of Object.values(ITEM_PAGES))
      expect(disallowed(addressOf(page.path)), page.path()).toBe(false);
  });

  it('keeps robots out of every other screen and out of the API', () => {
    const open = new Set<string>(PUBLIC_PAGE_LIST.map((page) => page.path));
    const itemRoutes = new Set<unknown>(Object.values(ITEM_PAGES).map((page) => page.path));
    const others = Object.values(paths).filter(
      (route) => !itemRoutes.has(route) && !open.has(addressOf(route)),
    );
    expect(others.length).toBeGreaterThan(20);
    for (const route of others) expect(disallowed(addressOf(route)), addressOf(route)).toBe(true);
    expect(disallowed('/api/books')).toBe(true);
    // One line a prefix: none repeats another, none is covered by a shorter one.
    for (const prefix of ROBOTS_DISALLOW) {
      expect(
        ROBOTS_DISALLOW.filter((other) => prefix.startsWith(other)),
        prefix,
      ).toEqual([prefix]);
    }
  });
});

describe('apiReads', () => {
  it('writes the query keys in one order and leaves out empty values', () => {
    expect(apiReads.books()).toBe('/books');
    expect(apiReads.books({ sort: 'name', search: 'sahih bukhari' })).toBe(
      '/books?search=sahih+bukhari&sort=name',
    );
    expect(apiReads.books({ limit: 24, page: 3, sort: 'price-asc', search: '' })).toBe(
      '/books?sort=price-asc&page=3&limit=24',
    );
    expect(PUBLIC_PAGES.books.firstReads(2, 'ur')).toEqual(['/books?sort=newest&page=2&limit=24']);
    // The lists ask for the page's language first.
    expect(PUBLIC_PAGES.fatwahs.firstReads(1, 'ur')).toEqual(['/fatwahs/public?page=1&limit=10&language=ur']);
    expect(PUBLIC_PAGES.articles.firstReads(3, 'bn')).toEqual([
      '/articles/published?page=3&limit=12&sortBy=publishedAt&sortOrder=desc&language=bn',
    ]);
    expect(apiReads.publicFatwahs({ page: 2, category: '', search: 'salah' })).toBe(
      '/fatwahs/public?search=salah&page=2&limit=10',
    );
    expect(apiReads.publishedArticles({ sortOrder: 'desc', sortBy: 'publishedAt', limit: 12, page: 1 })).toBe(
      '/articles/published?page=1&limit=12&sortBy=publishedAt&sortOrder=desc',
    );
  });

  it('encodes an id as one path segment', () => {
    expect(apiReads.book('a/b?c')).toBe('/books/a%2Fb%3Fc');
    expect(apiReads.fatwah('x y')).toBe('/fatwahs/x%20y');
    expect(apiReads.publishedArticle('1#2')).toBe('/articles/published/1%232');
  });
});

describe('PUBLIC_PAGES', () => {
  it('is every page with words in PAGE_META, at a route of the app', () => {
    expect(PUBLIC_PAGE_LIST.map((page) => page.name).sort()).toEqual(Object.keys(PAGE_META).sort());
    for (const page of PUBLIC_PAGE_LIST) expect(isSpaRoute(page.path), page.path).toBe(true);
  });

  it('reads a numbered page of a paginated list, and the same first page of any other', () => {
    for (const page of PUBLIC_PAGE_LIST) {
      if (page.paginated) expect(page.firstReads(2, 'en'), page.name).not.toEqual(page.firstReads(1, 'en'));
      else expect(page.firstReads(2, 'en'), page.name).toEqual(page.firstReads(1, 'en'));
    }
  });
});
