import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { User } from '@scholar/shared';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '../lib/session';

/** A fake API for the pages' tests, and a page rendered at its route inside the app's providers. */

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The call's own headers (the form's `Idempotency-Key`). */
  headers: Headers;
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
      const call = { method, path, query: url.searchParams, body, headers: new Headers(init?.headers) };
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

/**
 * Renders `element` at `path` (matched by `pattern`) inside the app's providers, beside stand-in routes, and
 * `beside` next to the router inside the session (a control that changes the session while the page shows).
 */
export function renderRoute(
  element: ReactElement,
  {
    path,
    pattern,
    others = [],
    beside,
  }: { path: string; pattern: string; others?: RouteObject[]; beside?: ReactNode },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [{ path: pattern, element }, ...others.filter((other) => other.path !== pattern)],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {beside}
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
