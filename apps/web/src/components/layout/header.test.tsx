import { STORAGE_KEYS, type User } from '@scholar/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_CHANGED_EVENT } from '../../lib/guest-cart';
import { SessionProvider } from '../../lib/session';
import { Header } from './header';

const customer: User = {
  _id: '0190b0a0-0000-7000-8000-0000000000a1',
  name: 'Amina Rahman',
  email: 'amina@example.com',
  phone: '9876543210',
  role: 'user',
} as User;
const admin: User = {
  ...customer,
  _id: '0190b0a0-0000-7000-8000-0000000000a2',
  name: 'Site Admin',
  role: 'admin',
};

function LocationDisplay() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

const fetchMock = vi.fn<typeof fetch>();

/**
 * Renders the header the way the app does: inside a router and the real SessionProvider. A signed-in visitor
 * has tokens and the user in localStorage, and the stubbed API answers /auth/me with that user.
 */
async function renderHeader(user: User | null, route = '/') {
  if (user) {
    localStorage.setItem(STORAGE_KEYS.accessToken, JSON.stringify('access-token'));
    localStorage.setItem(STORAGE_KEYS.refreshToken, JSON.stringify('refresh-token'));
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  }
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    const body = url.endsWith('/auth/me')
      ? { success: true, data: { user } }
      : url.includes('/cart')
        ? { success: true, data: { cart: [] } }
        : { success: true };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <SessionProvider onExpired={() => undefined}>
          <Header />
          <LocationDisplay />
          {/* The page below the header, where the focus goes after the header's last control. */}
          <a href="#content">Page content</a>
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  if (user) await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', expect.anything()));
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return { nav, user: userEvent.setup() };
}

const hrefOf = (scope: HTMLElement, name: string) =>
  within(scope).getByRole('link', { name }).getAttribute('href');

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('Header navigation', () => {
  it('shows a guest the page links, a cart with guest checkout and Login/Register', async () => {
    const { nav, user } = await renderHeader(null);
    for (const [name, href] of [
      ['Home', '/'],
      ['Books', '/books'],
      ['About', '/about'],
      ['Initiatives', '/initiatives'],
      ['Articles', '/articles'],
      ['Fatwahs', '/fatwah'],
    ] as const) {
      expect(hrefOf(nav, name)).toBe(href);
    }
    expect(within(nav).queryByRole('link', { name: 'Manage Books' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Cart menu' }));
    const cart = document.getElementById('cart-menu')!;
    expect(hrefOf(cart, 'View Cart (0 items)')).toBe('/cart');
    expect(hrefOf(cart, 'Checkout')).toBe('/guest/checkout');

    await user.click(within(nav).getByRole('button', { name: 'Account' }));
    const account = document.getElementById('account-menu')!;
    expect(hrefOf(account, 'Login')).toBe('/login');
    expect(hrefOf(account, 'Register')).toBe('/register');
    expect(within(account).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    // Opening the account menu closed the cart menu (a press outside it).
    expect(within(nav).getByRole('button', { name: 'Cart menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('goes to the cart in one click on the cart icon, which shows the count and the current page', async () => {
    const { nav, user } = await renderHeader(customer, '/books');
    expect(hrefOf(nav, 'Books')).toBe('/books');
    expect(within(nav).getByRole('link', { name: 'Books' })).toHaveAttribute('aria-current', 'page');
    const cart = within(nav).getByRole('link', { name: 'Cart, 0 items' });
    await user.click(cart);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/cart$/);
    expect(cart).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Cart menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows a user the dashboard tabs, checkout with a saved address, and logs out', async () => {
    const { nav, user } = await renderHeader(customer);
    expect(hrefOf(nav, 'Fatwahs')).toBe('/fatwah');

    await user.click(within(nav).getByRole('button', { name: 'Cart menu' }));
    expect(hrefOf(document.getElementById('cart-menu')!, 'Checkout')).toBe('/checkout');

    await user.click(within(nav).getByRole('button', { name: 'Account' }));
    const account = document.getElementById('account-menu')!;
    expect(account).toHaveTextContent('Signed in as Amina Rahman');
    expect(hrefOf(account, 'Profile')).toBe('/dashboard?tab=profile');
    expect(hrefOf(account, 'My Orders')).toBe('/dashboard?tab=orders');
    expect(hrefOf(account, 'Addresses')).toBe('/dashboard?tab=addresses');
    expect(within(account).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    await user.click(within(account).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    await user.click(within(nav).getByRole('button', { name: 'Account' }));
    expect(hrefOf(document.getElementById('account-menu')!, 'Login')).toBe('/login');
  });

  it('shows an admin the management links, no cart, and Admin Dashboard with Logout', async () => {
    const { nav, user } = await renderHeader(admin, '/manage-books');
    for (const [name, href] of [
      ['Orders', '/admin/dashboard'],
      ['Manage Books', '/manage-books'],
      ['Manage Fatwahs', '/admin/fatwah'],
      ['Manage Articles', '/admin/articles'],
      ['Admins', '/admin/admins'],
    ] as const) {
      expect(hrefOf(nav, name)).toBe(href);
    }
    expect(within(nav).getByRole('link', { name: 'Manage Books' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Books', 'About', 'Initiatives', 'Articles', 'Fatwahs']) {
      expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument();
    }
    expect(within(nav).queryByRole('link', { name: /^Cart/ })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: /^Cart/ })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Account' }));
    const account = document.getElementById('account-menu')!;
    expect(
      within(account)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Admin Dashboard', 'Profile']);
    expect(hrefOf(account, 'Admin Dashboard')).toBe('/admin/dashboard');
    expect(hrefOf(account, 'Profile')).toBe('/admin/profile');
    expect(within(account).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});

describe('Header cart badge', () => {
  it('shows the total quantity of the guest cart and follows changes', async () => {
    localStorage.setItem(
      STORAGE_KEYS.localCart,
      JSON.stringify([
        { _id: 'a', quantity: 2 },
        { _id: 'b', quantity: 3 },
      ]),
    );
    const { nav } = await renderHeader(null);
    expect(within(nav).getByRole('link', { name: 'Cart, 5 items' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('5');

    localStorage.setItem(STORAGE_KEYS.localCart, JSON.stringify([{ _id: 'a', quantity: 1 }]));
    act(() => {
      window.dispatchEvent(new Event(CART_CHANGED_EVENT));
    });
    expect(within(nav).getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();

    localStorage.removeItem(STORAGE_KEYS.localCart);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.localCart }));
    });
    expect(within(nav).getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
  });
});

describe('Header menus and keyboard', () => {
  it('opens the account menu from the keyboard; Escape closes it and returns the focus', async () => {
    const { nav, user } = await renderHeader(null);
    const button = within(nav).getByRole('button', { name: 'Account' });
    expect(button).toHaveAttribute('aria-controls', 'account-menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('closes a menu on a press outside it and when an item is chosen', async () => {
    const { nav, user } = await renderHeader(null);
    const button = within(nav).getByRole('button', { name: 'Account' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(document.body);
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.click(screen.getByRole('link', { name: 'Register' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes a dropdown when the focus tabs out of it', async () => {
    const { nav, user } = await renderHeader(null);
    const button = within(nav).getByRole('button', { name: 'Account' });
    await user.click(button);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(within(nav).getByRole('button', { name: 'Menu' })).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu when the focus tabs out of it, forwards or backwards, like the dropdowns', async () => {
    const { nav, user } = await renderHeader(null);
    const button = within(nav).getByRole('button', { name: 'Menu' });
    const panel = document.getElementById('mobile-menu')!;
    await user.click(button);
    for (const name of ['Home', 'Books', 'About', 'Initiatives', 'Articles', 'Fatwahs']) {
      await user.tab();
      expect(within(panel).getByRole('link', { name })).toHaveFocus();
    }
    expect(panel).toBeVisible();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Page content' })).toHaveFocus();
    expect(panel).not.toBeVisible();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(panel).toBeVisible();
    await user.tab({ shift: true });
    expect(within(nav).getByRole('button', { name: 'Account' })).toHaveFocus();
    expect(panel).not.toBeVisible();
  });

  it('has a mobile menu button that shows the page links and closes on Escape or a choice', async () => {
    const { nav, user } = await renderHeader(null);
    const button = within(nav).getByRole('button', { name: 'Menu' });
    const panel = document.getElementById('mobile-menu')!;
    expect(button).toHaveAttribute('aria-controls', 'mobile-menu');
    expect(panel).not.toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Books', 'About', 'Initiatives', 'Articles', 'Fatwahs']);
    await user.keyboard('{Escape}');
    expect(panel).not.toBeVisible();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(within(panel).getByRole('link', { name: 'Initiatives' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/initiatives');
    expect(panel).not.toBeVisible();
  });
});
