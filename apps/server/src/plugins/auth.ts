import { isStaffRole, worksAtDesk, type Desk, type UserRole } from '@scholar/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors';

export interface AuthUser {
  id: string;
  role: UserRole;
  /** The session (the refresh tokens' family) the access token belongs to. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request carries a valid access token. */
    user: AuthUser | null;
  }
}

export interface AuthOptions {
  /**
   * The caller a bearer token stands for, or null when the token is invalid or expired or its session has ended
   * (modules/auth makes it: the token's signature and the session's row).
   */
  userOfToken: (token: string) => Promise<AuthUser | null>;
}

/**
 * Reads the bearer token of every request into `request.user` (null without one). A token that is present but
 * invalid or expired, or whose session has ended (logout, a password reset, a reused refresh token), answers 401
 * at once, so that the client refreshes it or signs in again.
 */
export const auth = fp<AuthOptions>(
  async (app, { userOfToken }) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header) return;
      const [scheme, token] = header.split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) return;
      const user = await userOfToken(token);
      if (!user) throw unauthorized('Your session has expired. Please log in again.', 'TOKEN_INVALID');
      request.user = user;
    });
  },
  { name: 'auth', fastify: '5.x', dependencies: ['errors'] },
);

/** The signed-in caller, or 401. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('Please log in to continue');
  return request.user;
}

/**
 * 401 without a signed-in caller, 403 `ADMIN_ONLY` for one who is not an admin. The admin routes register it as an
 * `onRequest` hook (of their scope, or of one route), so that a refused request is answered before its body is read
 * or validated; it runs after the `onRequest` hook of `auth`, which sets `request.user`.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden('Admin access required', 'ADMIN_ONLY');
}

/** The desks and the roles that work at each live in the shared package, for the server and the web alike. */
export { DESK_ROLES, STAFF_ROLES, type Desk } from '@scholar/shared';
export const isStaff = (user: { role: UserRole } | null | undefined): boolean => isStaffRole(user?.role);

/**
 * An `onRequest` hook for the routes of one desk: 401 without a signed-in caller, 403 `ADMIN_ONLY` for one whose role
 * does not work at it. Registered as `requireAdmin` is, before the body is read.
 */
export function requireDesk(desk: Desk): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const user = requireUser(request);
    if (!worksAtDesk(user.role, desk)) throw forbidden('Admin access required', 'ADMIN_ONLY');
  };
}

/** 401 without a signed-in caller, 403 `ADMIN_ONLY` for a customer: any staff role (their own staff profile). */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  const user = requireUser(request);
  if (!isStaffRole(user.role)) throw forbidden('Admin access required', 'ADMIN_ONLY');
}

/** 401 without a signed-in caller; registered as an `onRequest` hook, as `requireAdmin` is. */
export async function requireSignedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

/** A `userId` in a path or body must be the caller's own (admins excepted). */
export function assertSelfOrAdmin(request: FastifyRequest, userId: string): AuthUser {
  const user = requireUser(request);
  if (user.id !== userId && user.role !== 'admin') {
    throw forbidden('You can only access your own account', 'NOT_YOUR_ACCOUNT');
  }
  return user;
}

/** A `userId` in a path must be the caller's own, unless the caller works at `desk` (the orders desk reads anyone's). */
export function assertSelfOrDesk(request: FastifyRequest, userId: string, desk: Desk): AuthUser {
  const user = requireUser(request);
  if (user.id !== userId && !worksAtDesk(user.role, desk)) {
    throw forbidden('You can only access your own account', 'NOT_YOUR_ACCOUNT');
  }
  return user;
}

/**
 * Answers that belong to one person are never kept by a browser or a proxy: every answer to a request that carries
 * a token, and every API answer that does not say otherwise (sign-in answers carry tokens in their body). Its
 * `onSend` runs after the public read cache's, which marks its routes' answers public (and whose entries keep that
 * header for everyone): hence its dependency on `public-cache`.
 */
export const privateAnswers = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.headers.authorization) void reply.header('cache-control', 'private, no-store');
      else if (!reply.hasHeader('cache-control') && request.url.startsWith('/api/')) {
        void reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'private-answers', fastify: '5.x', dependencies: ['public-cache'] },
);
