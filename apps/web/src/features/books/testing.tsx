import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type Book, type User } from '@scholar/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '../../lib/session';
export { signedInAs } from '../../test/session';

/** Test helpers of the books feature: a book, a signed-in session, a fake API and a rendered route. */
export const sampleBook: Book = {
  _id: '0190b0a0-0000-7000-8000-000000000001',
  name: 'Riyad as-Salihin',
  description: 'Gardens of the righteous.\nA classic collection.',
  author: 'Imam an-Nawawi',
  price: 449.5,
  images: [
    '/api/uploads/books/0123456789abcdef0123456789abcdef.png',
    '/api/uploads/books/fedcba9876543210fedcba9876543210.jpg',
    'https://images.example.com/back.jpg',
  ],
  stock: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

/** "METHOD /path" (without /api) → the status and the body to answer, given the request's body. */
export type FakeRoutes = Record<string, (body: unknown) => [number, unknown]>;

/** Stubs fetch with `routes`; every call is recorded. With `user`, GET /auth/me answers that user. */
export function fakeApi(routes: FakeRoutes, user?: User) {
  const calls: FakeCall[] = [];
  const handler = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    let status = 404;
    let answer: unknown = { success: false, error: `No fake for ${method} ${path}`, code: 'NOT_FOUND' };
    if (method === 'GET' && path === '/auth/me' && user)
      [status, answer] = [200, { success: true, data: { user } }];
    else if (route) [status, answer] = route(body);
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', handler);
  return calls;
}

/** Renders `element` at `path` (matched by `pattern`) inside the app's providers, with a few other routes. */
export function renderRoute(element: ReactElement, { path, pattern }: { path: string; pattern: string }) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '/manage-books', element: <h1>Manage Books</h1> },
      { path: '/books', element: <h1>All books</h1> },
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
