import { type Locale } from '@scholar/shared';
import { render, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, createStaticHandler, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { basenameOf, loadI18n, localeOfPath } from '../lib/i18n';
import type { PageReadContext } from './page-reads';
import { createQueryClient, Providers } from './providers';
import { routes } from './router';
import { serverRoutes } from './server-routes';

/**
 * The server renders a public page once, from the reads its route loaders make (app/page-reads.ts); a read a
 * screen makes that its loader does not would show as loading in the page's HTML. Each public address (with a
 * search, a filter, a page number, in another language) is loaded as the server loads it and opened as the browser
 * opens it, and the two ask for the same URLs. Every read is refused (404), so both stop at the first reads.
 */

const ID = '0190b0a0-0000-7000-8000-000000000001';

/** Screens load on demand; the first import of one is transformed on the fly, so allow it time. */
const loaded = { timeout: 10_000 };

const refused = () =>
  new Response(JSON.stringify({ success: false, error: 'Not found', code: 'NOT_FOUND' }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  });

const asUrl = (input: string) => {
  const url = new URL(input, 'http://localhost');
  return `${url.pathname}${url.search}`;
};

/** The URLs the server's route loaders ask for at `path`. */
async function loaderReads(path: string): Promise<string[]> {
  const asked: string[] = [];
  const locale: Locale = localeOfPath(path);
  const context: PageReadContext = {
    queryClient: createQueryClient(),
    transport: (url) => {
      asked.push(asUrl(url));
      return Promise.resolve(refused());
    },
    locale,
  };
  const handler = createStaticHandler(serverRoutes(), { basename: basenameOf(locale) });
  const result = await handler.query(new Request(new URL(path, 'http://localhost')), {
    requestContext: context,
  });
  if (result instanceof Response) throw new Error(`${path} redirected`);
  expect(result.errors).toBeNull();
  return asked;
}

/** The URLs the screens ask for when the browser opens `path` (signed out). */
async function screenReads(path: string): Promise<string[]> {
  const asked: string[] = [];
  // The categories' read logs its refusal; here every read is refused on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', (input: string) => {
    asked.push(asUrl(input));
    return Promise.resolve(refused());
  });
  const locale = localeOfPath(path);
  const i18n = await loadI18n(locale);
  const screens = {
    element: (
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    ),
    children: routes,
  };
  const router = createMemoryRouter([screens], { initialEntries: [path], basename: basenameOf(locale) });
  render(
    <Providers queryClient={createQueryClient()} i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return asked;
}

const PUBLIC_ADDRESSES = [
  '/',
  '/books',
  '/books?page=2',
  '/books?search=%20fiqh%20&sort=price-asc',
  `/book/${ID}`,
  '/articles',
  '/articles?page=3&search=prayer',
  '/articles/tag/Hadith',
  `/articles/${ID}`,
  '/fatwah',
  '/fatwah?page=2&category=Prayer&search=wudu',
  `/fatwah/${ID}`,
  '/ask-fatwah',
  '/about',
  '/privacy-policy',
  '/ur',
  '/ur/articles?page=2',
  '/bn/fatwah',
  `/bn/book/${ID}`,
  '/no-such-page',
];

beforeEach(() => {
  window.scrollTo = () => undefined;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the route loaders of the server', () => {
  it.each(PUBLIC_ADDRESSES)('at %s ask for what the screens ask for, and no other', async (path) => {
    const fromLoaders = await loaderReads(path);
    expect(fromLoaders.length).toBeGreaterThan(0);
    const fromScreens = await screenReads(path);
    await waitFor(() => expect(fromScreens).toEqual(expect.arrayContaining(fromLoaders)), loaded);
    // A moment more for a read the loaders missed, then the same set.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...new Set(fromScreens)].sort()).toEqual([...new Set(fromLoaders)].sort());
  });

  it('leave a fatwah address that cannot be an id unread, as its screen does', async () => {
    expect(await loaderReads('/fatwah/not-an-id')).toEqual(['/api/settings']);
  });
});
