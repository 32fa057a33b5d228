import { paths, type StaffRole, type User } from '@scholar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAdmin, RequireCustomer } from '../../app/guards';
import { json, renderWithProviders } from '../../test/render';
import { signedInAs } from '../../test/session';
import { Header } from './header';
import { accountLinks, staffLinks } from './navigation';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The staff menu of each role (docs/product.md, "Roles"): the labels of its links, in order. */
const MENU: Record<StaffRole, string[]> = {
  admin: ['Orders', 'Manage Books', 'Manage Fatwahs', 'Manage Articles', 'Admins', 'Site Settings'],
  scholar: ['Manage Fatwahs', 'Manage Articles'],
  shop: ['Orders', 'Manage Books'],
};

/** Signs in as `role` and answers /auth/me with that user; every other call answers an empty success. */
function signIn(role: StaffRole | 'user'): User {
  const user = signedInAs(role);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
    String(input).endsWith('/auth/me')
      ? json(200, { success: true, data: { user } })
      : json(200, { success: true, data: { cart: [] } }),
  );
  return user;
}

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

describe('the staff menu', () => {
  it.each(Object.keys(MENU) as StaffRole[])(
    'shows a %s only the desks of the role, and no cart',
    async (role) => {
      signIn(role);
      renderWithProviders(createMemoryRouter([{ path: '/', element: <Header /> }]));
      const bar = await screen.findByRole('navigation', { name: 'Main' });
      const row = within(bar).getAllByRole('list')[0]!;
      await waitFor(() =>
        expect(
          within(row)
            .getAllByRole('link')
            .map((link) => link.textContent),
        ).toEqual(MENU[role]),
      );
      expect(within(bar).queryByRole('link', { name: /cart/i })).toBeNull();
    },
  );

  it('leads "Admin Dashboard" to the first desk of the role', () => {
    const dashboard = (role: StaffRole) =>
      accountLinks(signedInAs(role)).find((link) => link.label === 'nav.adminDashboard')?.to;
    expect(dashboard('admin')).toBe(paths.adminDashboard);
    expect(dashboard('shop')).toBe(paths.adminDashboard);
    expect(dashboard('scholar')).toBe(paths.adminFatwahs);
    expect(staffLinks('user')).toEqual([]);
  });
});

describe('the staff guards', () => {
  const app = (initial: string) =>
    createMemoryRouter(
      [
        ...[
          paths.adminDashboard,
          paths.manageBooks,
          paths.adminFatwahs,
          paths.adminAdmins,
          paths.adminSettings,
        ].map((path) => ({
          path,
          element: (
            <RequireAdmin>
              <h1>Desk {path}</h1>
              <Where />
            </RequireAdmin>
          ),
        })),
        {
          path: paths.cart,
          element: (
            <RequireCustomer>
              <h1>Customer screen</h1>
            </RequireCustomer>
          ),
        },
        { path: paths.dashboard, element: <h1>Dashboard</h1> },
        { path: paths.login, element: <h1>Login</h1> },
      ],
      { initialEntries: [initial] },
    );

  it.each([
    ['scholar', paths.adminDashboard, paths.adminFatwahs],
    ['scholar', paths.manageBooks, paths.adminFatwahs],
    ['scholar', paths.adminAdmins, paths.adminFatwahs],
    ['shop', paths.adminFatwahs, paths.adminDashboard],
    ['shop', paths.adminSettings, paths.adminDashboard],
    ['scholar', paths.cart, paths.adminFatwahs],
    ['shop', paths.cart, paths.adminDashboard],
  ] as const)('sends a %s away from %s to their own desk, %s', async (role, from, to) => {
    signIn(role);
    renderWithProviders(app(from));
    expect(await screen.findByRole('heading', { name: `Desk ${to}` })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(to);
  });

  it.each([
    ['scholar', paths.adminFatwahs],
    ['shop', paths.manageBooks],
    ['admin', paths.adminSettings],
  ] as const)('lets a %s open %s', async (role, path) => {
    signIn(role);
    renderWithProviders(app(path));
    expect(await screen.findByRole('heading', { name: `Desk ${path}` })).toBeInTheDocument();
  });

  it('sends a customer away from a desk to their dashboard', async () => {
    signIn('user');
    renderWithProviders(app(paths.adminFatwahs));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
