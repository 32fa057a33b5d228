import { API_BASE, ITEM_PAGES, PUBLIC_PAGE_LIST } from '@scholar/shared';
import { waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { routes } from './router';

/**
 * The server preloads the first API reads of a public page (`PUBLIC_PAGES` and `ITEM_PAGES` of the route
 * contract), and the browser answers the screen's own request with the preloaded answer only when the two URLs are
 * the same, query keys in the same order. Each public screen is opened here and what it asks for is compared with
 * what its page preloads.
 */

const ID = '0190b0a0-0000-7000-8000-000000000001';

/** Screens load on demand; the first import of one is transformed on the fly, so allow it time. */
const loaded = { timeout: 10_000 };

/** Opens the app at `path`; every API call is recorded (path and query as sent) and left unanswered. */
function openAt(path: string): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://localhost');
    asked.push(`${url.pathname}${url.search}`);
    return new Promise<Response>(() => undefined);
  });
  // The screens without the notification area, which has nothing to do with reads.
  const screens = {
    element: (
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    ),
    children: routes,
  };
  renderWithProviders(createMemoryRouter([screens], { initialEntries: [path] }));
  return asked;
}

const withoutQuery = (url: string) => url.split('?')[0];

/** Each public address with reads of its own, and the URLs its page preloads. */
const cases: [path: string, preloaded: string[]][] = [
  ...PUBLIC_PAGE_LIST.flatMap((page) =>
    (page.paginated ? [1, 2] : [1]).map((n): [string, readonly string[]] => [
      n === 1 ? page.path : `${page.path}?page=${n}`,
      page.firstReads(n, 'en'),
    ]),
  ),
  ...Object.values(ITEM_PAGES).map((page): [string, readonly string[]] => [
    page.path(ID),
    page.firstReads(ID),
  ]),
]
  .filter(([, reads]) => reads.length > 0)
  .map(([path, reads]) => [path, reads.map((read) => `${API_BASE}${read}`)]);

beforeEach(() => {
  window.scrollTo = () => undefined;
});

afterEach(() => vi.unstubAllGlobals());

describe('the first reads of a public screen', () => {
  it('cover the lists, their numbered pages and the pages of one item', () => {
    expect(cases.map(([path]) => path)).toEqual(
      expect.arrayContaining(['/', '/books', '/articles?page=2', '/fatwah', `/book/${ID}`, `/fatwah/${ID}`]),
    );
  });

  it.each(cases)(
    '%s asks for what its page preloads, by the same URLs and no other',
    async (path, preloaded) => {
      const asked = openAt(path);
      await waitFor(() => expect(asked).toEqual(expect.arrayContaining(preloaded)), loaded);
      // Another spelling of the same read would be a second request the preload does not answer.
      const endpoints = new Set(preloaded.map(withoutQuery));
      const sameEndpoints = asked.filter((url) => endpoints.has(withoutQuery(url)));
      expect([...new Set(sameEndpoints)].sort()).toEqual([...preloaded].sort());
    },
  );
});
