import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isStaffRole, paths } from '@scholar/shared';
import { firstDeskPath, mayOpen } from '../lib/desks';
import { useSession } from '../lib/session';
import { useReturnPath, withReturnPath } from '../lib/return-path';

function Waiting() {
  return (
    <div role="status" className="mx-auto max-w-7xl px-4 py-12 text-stone-600">
      Loading...
    </div>
  );
}

/** Where the visitor is now (path, query and fragment), to come back to after signing in. */
function useHere(): string {
  const { pathname, search, hash } = useLocation();
  return pathname + search + hash;
}

/**
 * Staff screens (docs/product.md, "Roles", "Who is sent where"). A staff member whose role works at the screen's
 * desk sees it; one whose role does not (a scholar at the orders, the shop at the fatwahs, anyone but an admin at
 * the staff or the settings) goes to their own first desk. Orders and books: guests go to /login and customers to
 * /dashboard. Fatwah and article management: guests and customers go to /admin/login (`toAdminLogin`). Every
 * redirect replaces history.
 */
export function RequireAdmin({
  children,
  toAdminLogin = false,
}: {
  children: ReactNode;
  toAdminLogin?: boolean;
}) {
  const { user, status } = useSession();
  const { pathname } = useLocation();
  if (status === 'loading' && !user) return <Waiting />;
  if (user && isStaffRole(user.role)) {
    if (mayOpen(user.role, pathname)) return <>{children}</>;
    return <Navigate to={firstDeskPath(user.role)} replace />;
  }
  if (toAdminLogin) return <Navigate to={paths.adminLogin} replace />;
  return <Navigate to={user ? paths.dashboard : paths.login} replace />;
}

/** Customer screens: guests go to /login (and come back once signed in), staff to their first desk. */
export function RequireCustomer({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  const here = useHere();
  if (status === 'loading' && !user) return <Waiting />;
  if (!user) return <Navigate to={withReturnPath(paths.login, here)} replace />;
  if (isStaffRole(user.role)) return <Navigate to={firstDeskPath(user.role)} replace />;
  return <>{children}</>;
}

/** Login and registration: a signed-in visitor goes to the page's `?redirect=` path, else to their dashboard. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const returnPath = useReturnPath();
  if (user) {
    const home = isStaffRole(user.role) ? firstDeskPath(user.role) : paths.dashboard;
    return <Navigate to={returnPath ?? home} replace />;
  }
  return <>{children}</>;
}
