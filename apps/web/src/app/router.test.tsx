import { SPA_ROUTES, STORAGE_KEYS, type User } from '@scholar/shared';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toast';
import { aUser } from '../test/session';
import { Providers } from './providers';
import { AppRoutes, routes } from './router';

const admin = aUser({
  _id: '0190b0a0-0000-7000-8000-00000000000a',
  name: 'Site Admin',
  email: 'admin@example.com',
  role: 'admin',
});

/** Screens load on demand; the first import of one is transformed on the fly, so allow it time. */
const loaded = { timeout: 5000 };

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** The app at `path`, as main.tsx renders it but in a memory router, with `fetch` answered by `answer`. */
function renderApp(
  path: string,
  answer: (path: string) => Promise<Response> = async () => new Response('{}'),
) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) =>
    answer(new URL(String(input), 'http://localhost').pathname),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Location />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  window.scrollTo = () => undefined;
  // Sonner asks for the colour scheme, which jsdom does not know (though the type says it is there).
  const scope = window as { matchMedia?: typeof window.matchMedia };
  if (typeof scope.matchMedia !== 'function')
    scope.matchMedia = (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    });
});

afterEach(() => vi.unstubAllGlobals());

describe('the route table', () => {
  it("has exactly the screens the server answers with 200 (SPA_ROUTES); any other path is the server's 404", () => {
    const screens = routes.flatMap((route) => route.children ?? []).map((route) => route.path);
    expect(screens.filter((path) => path !== '*').sort()).toEqual([...SPA_ROUTES].sort());
  });

  it('shows the not-found screen between the header and the footer', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, loaded)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('sends a guest from a customer screen to /login', async () => {
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Login' }, loaded)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('keeps the header in place while an admin screen waits for the session, then shows the screen', async () => {
    // Tokens without a stored user: the session is loading until /auth/me answers.
    localStorage.setItem(STORAGE_KEYS.accessToken, JSON.stringify('access-token'));
    localStorage.setItem(STORAGE_KEYS.refreshToken, JSON.stringify('refresh-token'));
    let answerMe: (user: User) => void = () => undefined;
    const me = new Promise<User>((resolve) => (answerMe = resolve));
    renderApp('/add-book', async (path) =>
      path === '/api/auth/me'
        ? new Response(JSON.stringify({ success: true, data: { user: await me } }))
        : new Response('{}'),
    );
    expect(await screen.findByRole('status', {}, loaded)).toHaveTextContent('Loading...');
    const header = screen.getByRole('banner');

    // The screen's code is loaded before its guard decides, so letting the admin in suspends nothing: the
    // layout is never hidden, not even for a moment.
    const hidden: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.target instanceof HTMLElement && record.target.style.display === 'none') {
          hidden.push(record.target.tagName);
        }
      }
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ['style'], subtree: true });
    await act(async () => answerMe(admin));
    expect(await screen.findByRole('heading', { name: 'Add New Book' }, loaded)).toBeInTheDocument();
    observer.disconnect();
    expect(hidden).toEqual([]);
    expect(screen.getByRole('banner')).toBe(header);
  });
});

describe("a customer's order page (/order-details/{orderId})", () => {
  const orderId = '0190b0a0-0000-7000-8000-0000000000c1';

  it('is sent to /login for a guest', async () => {
    renderApp(`/order-details/${orderId}`);
    expect(await screen.findByRole('heading', { name: 'Login' }, loaded)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('takes an admin to the same order on the admin screen', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, JSON.stringify('access-token'));
    localStorage.setItem(STORAGE_KEYS.refreshToken, JSON.stringify('refresh-token'));
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(admin));
    // The desk's order stays on its way, so the admin screen is not left for the desk's list (as it is when the
    // order cannot be read) before the location is looked at.
    renderApp(`/order-details/${orderId}`, (path) =>
      path === '/api/auth/me'
        ? Promise.resolve(new Response(JSON.stringify({ success: true, data: { user: admin } })))
        : path.includes(orderId)
          ? new Promise<Response>(() => undefined)
          : Promise.resolve(new Response('{}')),
    );
    await vi.waitFor(
      () => expect(screen.getByTestId('location')).toHaveTextContent(`/admin/orders/${orderId}`),
      loaded,
    );
  });
});

describe('the notification area', () => {
  it('shows a notification asked for before its code had loaded', async () => {
    renderApp('/no-such-page');
    toast.error('Failed to fetch data');
    expect(await screen.findByText('Failed to fetch data', {}, loaded)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeInTheDocument();
  });
});
