import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@scholar/shared';
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
 * Admin screens (docs/product.md, "Roles"). Orders and books: guests go to /login and other users to /dashboard.
 * Fatwah and article management: everyone but an admin goes to /admin/login, replacing history (`toAdminLogin`).
 */
export function RequireAdmin({
  children,
  toAdminLogin = false,
}: {
  children: ReactNode;
  toAdminLogin?: boolean;
}) {
  const { user, status } = useSession();
  if (status === 'loading' && !user) return <Waiting />;
  if (user?.role === 'admin') return <>{children}</>;
  if (toAdminLogin) return <Navigate to={paths.adminLogin} replace />;
  return <Navigate to={user ? paths.dashboard : paths.login} replace />;
}

/** Customer screens: guests go to /login (and come back once signed in), admins to /admin/dashboard. */
export function RequireCustomer({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  const here = useHere();
  if (status === 'loading' && !user) return <Waiting />;
  if (!user) return <Navigate to={withReturnPath(paths.login, here)} replace />;
  if (user.role === 'admin') return <Navigate to={paths.adminDashboard} replace />;
  return <>{children}</>;
}

/** Login and registration: a signed-in visitor goes to the page's `?redirect=` path, else to their dashboard. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const returnPath = useReturnPath();
  if (user) {
    const home = user.role === 'admin' ? paths.adminDashboard : paths.dashboard;
    return <Navigate to={returnPath ?? home} replace />;
  }
  return <>{children}</>;
}
