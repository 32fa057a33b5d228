import { QueryClient, QueryClientProvider, type DefaultOptions } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, type createMemoryRouter } from 'react-router';
import { SessionProvider } from '../lib/session';

/** An API answer as fetch gives it: `body` as JSON with `status`. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Renders a memory router inside the app's providers (a fresh query cache that does not retry, the session).
 * `queries` adds to the cache's defaults, such as the app's staleTime where a test counts refetches.
 */
export function renderWithProviders(
  router: ReturnType<typeof createMemoryRouter>,
  queries: DefaultOptions['queries'] = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, ...queries } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}
