import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RedirectSignedIn, RequireCustomer } from '../../../app/guards';
import { SessionProvider } from '../../../lib/session';
import { aUser, signedInAs } from '../../../test/session';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

const customer = aUser({ _id: '0190b0a0-0000-7000-8000-0000000000c1' });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const data =
        path === '/api/auth/login'
          ? { accessToken: 'access', refreshToken: 'refresh', user: customer }
          : path === '/api/auth/me'
            ? { user: customer }
            : {};
      return new Response(JSON.stringify({ success: true, data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const screenAt = (name: string): ReactElement => <h1>{name}</h1>;

/** The app's sign-in pages and guarded screens, in a memory router starting at `path`. */
function open(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/login',
        element: (
          <RedirectSignedIn>
            <LoginPage />
          </RedirectSignedIn>
        ),
      },
      {
        path: '/register',
        element: (
          <RedirectSignedIn>
            <RegisterPage />
          </RedirectSignedIn>
        ),
      },
      { path: '/dashboard', element: <RequireCustomer>{screenAt('Dashboard')}</RequireCustomer> },
      { path: '/checkout', element: <RequireCustomer>{screenAt('Checkout')}</RequireCustomer> },
      { path: '/cart', element: screenAt('Cart') },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider onExpired={() => undefined}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { router, location, user: userEvent.setup() };
}

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), customer.email);
  await user.type(screen.getByLabelText('Password'), 'secret-pass-1');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('returning after login', () => {
  it('sends a guest from a customer screen to /login with the screen to come back to', async () => {
    const first = open('/dashboard?tab=orders');
    await waitFor(() => expect(first.location()).toBe('/login?redirect=%2Fdashboard%3Ftab%3Dorders'));
    await logIn(first.user);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(first.location()).toBe('/dashboard?tab=orders');
    // The login page replaced its entry: Back does not return to it.
    expect(first.router.state.historyAction).toBe('REPLACE');
  });

  it('returns to the checkout', async () => {
    const checkout = open('/checkout');
    await waitFor(() => expect(checkout.location()).toBe('/login?redirect=%2Fcheckout'));
    await logIn(checkout.user);
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
  });

  it('goes to the dashboard without a redirect, or with one that would leave the site', async () => {
    for (const path of [
      '/login',
      '/login?redirect=%2F%2Fevil.example',
      '/login?redirect=https%3A%2F%2Fevil.example',
    ]) {
      const { location, user } = open(path);
      await logIn(user);
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(location()).toBe('/dashboard');
      cleanup();
      localStorage.clear();
    }
  });

  it('keeps the redirect on the way to registration and back', async () => {
    const { user } = open('/login?redirect=%2Fcart');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register?redirect=%2Fcart',
    );
    await user.click(screen.getByRole('link', { name: 'Register' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fcart',
    );
  });

  it('sends a visitor already signed in straight to the redirect', async () => {
    signedInAs('user');
    const { location } = open('/login?redirect=%2Fcart');
    expect(await screen.findByRole('heading', { name: 'Cart' })).toBeInTheDocument();
    expect(location()).toBe('/cart');
  });
});
