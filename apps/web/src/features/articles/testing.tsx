import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type Article, type ArticleList, type ArticleSummary, type User } from '@scholar/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '../../lib/session';
import { signedInAs } from '../../test/session';

export const signInAdmin = () => signedInAs('admin');

/** Test helpers of the articles feature: articles, an admin session, a fake API and a rendered route. */
export function sampleArticle(n: number, overrides: Partial<Article> = {}): Article {
  return {
    _id: `0190b0a0-0000-7000-8000-${String(n).padStart(12, '0')}`,
    title: `Article number ${n}`,
    content: '<p>First paragraph.</p><p>Second paragraph.</p>',
    excerpt: `The excerpt of article ${n}.`,
    author: 'Admin',
    featuredImage: `/api/uploads/demo/article-${n}.webp`,
    category: 'General',
    tags: [],
    isPublished: true,
    views: n * 10,
    publishedAt: '2026-11-22T06:00:00.000Z',
    createdAt: '2026-11-20T06:00:00.000Z',
    updatedAt: '2026-11-20T06:00:00.000Z',
    ...overrides,
  };
}

/** An article as the lists answer it: without its content. */
export function summaryOf({ content: _content, ...summary }: Article): ArticleSummary {
  return summary;
}

/** A list answer of these articles (without their content, as the server sends lists). */
export function listOf(
  articles: Article[],
  pagination: Partial<ArticleList['pagination']> = {},
): ArticleList {
  return {
    articles: articles.map(summaryOf),
    pagination: {
      currentPage: 1,
      totalPages: 1,
      total: articles.length,
      hasNext: false,
      hasPrev: false,
      ...pagination,
    },
  };
}

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type FakeAnswer = [number, unknown] | 'pending';

/**
 * "METHOD /path" (without /api and the query) → the status and body to answer, now or later (a promise);
 * `'pending'` never answers.
 */
export type FakeRoutes = Record<string, (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>>;

/** Stubs fetch with `routes` and records every call. With `user`, GET /auth/me answers that user. */
export function fakeApi(routes: FakeRoutes, user?: User): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      const call = { method, path, query: url.searchParams, body };
      calls.push(call);
      let answer: FakeAnswer = [
        404,
        { success: false, error: `No fake for ${method} ${path}`, code: 'NOT_FOUND' },
      ];
      if (method === 'GET' && path === '/auth/me' && user) answer = [200, { success: true, data: { user } }];
      else if (routes[`${method} ${path}`]) answer = await routes[`${method} ${path}`]!(call);
      if (answer === 'pending') return new Promise<Response>(() => {});
      return new Response(JSON.stringify(answer[1]), {
        status: answer[0],
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders `element` at `path` (matched by `pattern`) inside the providers, beside simple stand-in routes. */
export function renderRoute(
  element: ReactElement,
  { path, pattern, others = [] }: { path: string; pattern: string; others?: RouteObject[] },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      ...(pattern === '/admin/articles' ? [] : [{ path: '/admin/articles', element: <h1>Article list</h1> }]),
      ...others,
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
