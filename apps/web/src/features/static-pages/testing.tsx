import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@scholar/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { json } from '../../test/render';

/**
 * A static page in a memory router, with `GET /api/settings` answering `settings` (the defaults unless given).
 * Callers unstub the globals after each test.
 */
export function renderStaticPage(page: ReactElement, settings: SiteSettings = DEFAULT_SITE_SETTINGS) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
    String(input) === '/api/settings'
      ? json(200, { success: true, data: settings })
      : json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' }),
  );
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}
