import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { I18n } from '@lingui/core';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { aUser, signedInAs } from '../../../test/session';
import { DashboardPage } from './dashboard-page';
import { renderWithProviders } from '../../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

const aisha = aUser({ email: 'user@example.com' });

const noOrders = {
  orders: [],
  pagination: { currentPage: 1, totalPages: 0, totalOrders: 0, hasNextPage: false, hasPrevPage: false },
};

/** Registers through the session, as the register page does, then goes to the dashboard. */
function RegisterFirst() {
  const { register } = useSession();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={async () => {
        await register({ name: 'Aisha', email: aisha.email, phone: aisha.phone, password: 'aisha-pass-1' });
        await navigate('/dashboard');
      }}
    >
      Register
    </button>
  );
}

/** The app's screens that matter here, starting at `start`: signed in already unless it is /register. */
function show(start = '/dashboard', i18n?: I18n) {
  if (start !== '/register') signedInAs('user');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const data =
      path === '/api/auth/register'
        ? { user: aisha, accessToken: 'access', refreshToken: 'refresh' }
        : path === '/api/auth/me'
          ? { user: aisha }
          : path.startsWith('/api/orders')
            ? noOrders
            : path.startsWith('/api/addresses')
              ? { addresses: [] }
              : {};
    return new Response(JSON.stringify({ success: true, data }));
  });
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: i18n ? (
          <LocaleProvider i18n={i18n}>
            <DashboardPage />
          </LocaleProvider>
        ) : (
          <DashboardPage />
        ),
      },
      { path: '/register', element: <RegisterFirst /> },
      { path: '/about', element: <Link to="/dashboard">My account</Link> },
    ],
    { initialEntries: [start] },
  );
  renderWithProviders(router);
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
    // Shown at every width: nothing hides the list on a phone.
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

  it("says 'Welcome' on the visit after registering, also across its tabs, and 'Welcome back' on the next", async () => {
    const events = userEvent.setup();
    const router = show('/register');
    await events.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Aisha' })).toBeInTheDocument();
    await events.click(screen.getByRole('link', { name: 'Addresses' }));
    expect(screen.getByRole('heading', { name: 'Welcome, Aisha' })).toBeInTheDocument();

    await act(() => router.navigate('/about'));
    await events.click(screen.getByRole('link', { name: 'My account' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Aisha' })).toBeInTheDocument();
  });
});

describe('DashboardPage in Urdu', () => {
  it('greets, names its tabs and shows the profile in Urdu; the customer’s details stay as they are', async () => {
    const events = userEvent.setup();
    show('/dashboard', await loadI18n('ur'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'دوبارہ خوش آمدید، \u2068Aisha\u2069' }),
    ).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'اکاؤنٹ' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['پروفائل', 'آرڈر', 'پتے']);
    expect(screen.getByRole('button', { name: 'لاگ آؤٹ' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'پروفائل' })).toBeInTheDocument();
    expect(screen.getByText('پورا نام')).toBeInTheDocument();
    expect(screen.getByText(aisha.email)).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'پروفائل میں ترمیم کریں' }));
    expect(screen.getByRole('form', { name: 'پروفائل میں ترمیم' })).toBeInTheDocument();
    expect(screen.getByLabelText('فون')).toHaveValue(aisha.phone);
    expect(screen.getByRole('button', { name: 'محفوظ کریں' })).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'منسوخ کریں' }));

    await events.click(within(tabs).getByRole('link', { name: 'آرڈر' }));
    expect(await screen.findByText('ابھی تک کوئی آرڈر نہیں')).toBeInTheDocument();
  });
});
