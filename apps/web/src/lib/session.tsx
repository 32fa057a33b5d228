import { isStaffRole, STORAGE_KEYS, type AuthResult, type User, type UserRole } from '@scholar/shared';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, ApiError, setSessionExpiredHandler } from './api-client';
import { mergeGuestCart } from './guest-cart';
import { hydration } from './hydration';
import { queryKeys } from './query-keys';
import { storage, tokens } from './storage';
import { SubmissionKeys } from './submission-keys';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  user: User | null;
  status: SessionStatus;
  /** A full admin (the staff and the site settings are theirs alone). */
  isAdmin: boolean;
  /** Any staff role (admin, scholar, shop): no cart, the desks instead of the shop's pages. */
  isStaff: boolean;
  /**
   * Signs in on a login page: 'user' the customers' page, a staff role the admin login page, which takes every
   * staff role. The session is kept only when the account is of that page's kind (customer or staff); otherwise
   * the tokens are revoked and the result says which role the account has.
   */
  login: (
    email: string,
    password: string,
    role: UserRole,
    /** Keep the session after the browser closes (default); otherwise only in this tab. */
    remember?: boolean,
  ) => Promise<{ ok: true; user: User } | { ok: false; role: UserRole }>;
  register: (body: { name: string; email: string; phone: string; password: string }) => Promise<User>;
  logout: () => Promise<void>;
  /** After a profile or address change the server answers the whole user. */
  setUser: (user: User) => void;
  /** The account was registered in this tab and has not been greeted yet (the dashboard says 'Welcome'). */
  newAccount: boolean;
  /** The new account has been greeted: later visits are returns. */
  greeted: () => void;
}

const SessionContext = createContext<Session | null>(null);

/** The registration form's Idempotency-Keys: a retry of the same registration makes one account. */
const registrations = new SubmissionKeys();

const hasSession = () => Boolean(tokens.access() && tokens.refresh());
const storedUser = () => (hasSession() ? storage.get<User>(STORAGE_KEYS.user) : null);
const storedStatus = (): SessionStatus => (hasSession() ? 'loading' : 'anonymous');

function store(result: AuthResult, remember = true) {
  tokens.save(result.accessToken, result.refreshToken, remember);
  tokens.saveUser(result.user);
}

/**
 * The session (docs/product.md, "Session"): with both tokens stored, the stored user is used at once and refreshed
 * from /auth/me; if the server refuses it every stored credential is cleared, if no answer comes they are kept
 * (docs/decisions/008).
 */
export function SessionProvider({ children, onExpired }: { children: ReactNode; onExpired?: () => void }) {
  // A page the server rendered was rendered signed out: the first render matches it, then the stored session
  // takes over (below).
  const [fromServer] = useState(() => hydration.fromServer);
  const [user, setUserState] = useState<User | null>(() => (fromServer ? null : storedUser()));
  const [status, setStatus] = useState<SessionStatus>(() => (fromServer ? 'anonymous' : storedStatus()));
  useEffect(() => {
    if (!fromServer) return;
    setUserState(storedUser());
    setStatus(storedStatus());
  }, [fromServer]);

  const [newAccount, setNewAccount] = useState(false);
  const greeted = useCallback(() => setNewAccount(false), []);

  const queryClient = useQueryClient();
  /** "Login to sync cart": a customer's guest cart moves to the server (a failure keeps it in the browser). */
  const syncCart = useCallback(
    async (signedIn: User) => {
      if (isStaffRole(signedIn.role)) return;
      await mergeGuestCart().catch((error: unknown) => console.error('Failed to sync the guest cart', error));
      await queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
    },
    [queryClient],
  );

  const clear = useCallback(() => {
    tokens.clear();
    setNewAccount(false);
    setUserState(null);
    setStatus('anonymous');
  }, []);

  useEffect(() => {
    setSessionExpiredHandler(() => {
      clear();
      if (onExpired) onExpired();
      else window.location.assign('/login');
    });
  }, [clear, onExpired]);

  useEffect(() => {
    if (!tokens.access() || !tokens.refresh()) return;
    let cancelled = false;
    api<{ data: { user: User } }>('/auth/me')
      .then((body) => {
        if (cancelled) return;
        tokens.saveUser(body.data.user);
        setUserState(body.data.user);
        setStatus('authenticated');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // The server turned the session down: forget it. A request that never got an answer (offline, or cut off
        // because the page is being left) says nothing about the session, so the stored tokens stay: with the
        // stored user the visitor stays signed in, without it this page shows them signed out and the next one
        // asks again.
        if (error instanceof ApiError) clear();
        else if (storage.get<User>(STORAGE_KEYS.user)) setStatus('authenticated');
        else {
          setUserState(null);
          setStatus('anonymous');
        }
      });
    return () => {
      cancelled = true;
    };
  }, [clear]);

  // Lines added to the cart's cookie while signed in (a page without the script) joined the browser's cart as the
  // app started: a customer's go on to their cart on the server, as a guest cart does at sign-in.
  useEffect(() => {
    if (!hydration.cookieCartTaken || status !== 'authenticated' || !user) return;
    hydration.cookieCartTaken = false;
    void syncCart(user);
  }, [status, user, syncCart]);

  const setUser = useCallback((next: User) => {
    tokens.saveUser(next);
    setUserState(next);
  }, []);

  const login = useCallback<Session['login']>(
    async (email, password, role, remember = true) => {
      const body = await api<{ data: AuthResult }>('/auth/login', {
        method: 'POST',
        body: { email, password, role },
        fallbackError: 'Login failed',
      });
      if (isStaffRole(body.data.user.role) !== isStaffRole(role)) {
        // Not this page's kind of account: end the session the server just opened.
        await api('/auth/logout', { method: 'POST', body: { refreshToken: body.data.refreshToken } }).catch(
          () => undefined,
        );
        return { ok: false, role: body.data.user.role };
      }
      store(body.data, remember);
      await syncCart(body.data.user);
      setNewAccount(false);
      setUserState(body.data.user);
      setStatus('authenticated');
      return { ok: true, user: body.data.user };
    },
    [syncCart],
  );

  const register = useCallback<Session['register']>(
    async (input) => {
      const body = await api<{ data: AuthResult }>('/auth/register', {
        method: 'POST',
        body: input,
        submission: registrations,
        fallbackError: 'Registration failed',
      });
      store(body.data);
      await syncCart(body.data.user);
      setNewAccount(true);
      setUserState(body.data.user);
      setStatus('authenticated');
      return body.data.user;
    },
    [syncCart],
  );

  const logout = useCallback(async () => {
    const refreshToken = tokens.refresh();
    clear();
    if (refreshToken) {
      await api('/auth/logout', { method: 'POST', body: { refreshToken } }).catch(() => undefined);
    }
  }, [clear]);

  const value = useMemo<Session>(
    () => ({
      user,
      status,
      isAdmin: user?.role === 'admin',
      isStaff: isStaffRole(user?.role),
      login,
      register,
      logout,
      setUser,
      newAccount,
      greeted,
    }),
    [user, status, login, register, logout, setUser, newAccount, greeted],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
