import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../../lib/session';
import { signedInAs } from '../../../test/session';
import { DashboardPage } from './dashboard-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The dashboard of a signed-in customer, reached with `state` (what the register page sends, or nothing). */
function show(state?: unknown) {
  const user = signedInAs('user');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const data =
      path === '/api/auth/me' ? { user } : path.startsWith('/api/addresses') ? { addresses: [] } : {};
    return new Response(
      JSON.stringify({
        success: true,
        data: path.startsWith('/api/orders')
          ? {
              orders: [],
              pagination: {
                currentPage: 1,
                totalPages: 0,
                totalOrders: 0,
                hasNextPage: false,
                hasPrevPage: false,
              },
            }
          : data,
      }),
    );
  });
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], {
    initialEntries: [{ pathname: '/dashboard', state }],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('DashboardPage', () => {
  it('has its tabs as one row of links, with no menu button of its own', async () => {
    const events = userEvent.setup();
    const router = show();
    const tabs = screen.getByRole('navigation', { name: 'Account' });
    const links = within(tabs).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Profile', '/dashboard?tab=profile'],
      ['Orders', '/dashboard?tab=orders'],
      ['Addresses', '/dashboard?tab=addresses'],
    ]);
    expect(within(tabs).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: /menu/i })).toBeNull();
    // Visible on every width: nothing hides the list on a phone.
    expect(tabs.className).not.toMatch(/(^|\s)hidden(\s|$)/);

    await events.click(within(tabs).getByRole('link', { name: 'Orders' }));
    expect(router.state.location.search).toBe('?tab=orders');
    expect(within(tabs).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it("says 'Welcome back' to a returning customer", () => {
    show();
    expect(screen.getByRole('heading', { name: 'Welcome back, Aisha' })).toBeInTheDocument();
  });

  it("says 'Welcome' on the visit right after registering, also after switching tabs", async () => {
    const events = userEvent.setup();
    show({ newAccount: true });
    expect(screen.getByRole('heading', { name: 'Welcome, Aisha' })).toBeInTheDocument();
    await events.click(screen.getByRole('link', { name: 'Addresses' }));
    expect(screen.getByRole('heading', { name: 'Welcome, Aisha' })).toBeInTheDocument();
  });
});
