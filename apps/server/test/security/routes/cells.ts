import type { InjectOptions } from 'fastify';
import type { RouteKey } from '../../support/routes';
import type { Role, World } from '../world';

/** The cells of the authorization table (route-table.ts) and the expectations the areas' rows share. */

export type Expected = Record<Role, number>;
export type Request = Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };
/** Builds the request of one cell; `auth` says which credentials go with it. */
export interface Case {
  name?: string;
  expect: Expected;
  /** 'role' (default): the role's bearer token; 'basic': the Razorpay key pair instead (sandbox API). */
  auth?: 'role' | 'basic';
  /** The shape of a failure: ours, or Razorpay's `{error: {code, description}}` (the sandbox's API). */
  failure?: 'envelope' | 'razorpay';
  request: (world: World, role: Role) => Promise<Request> | Request;
}
/** Rows of the table: a route, and what each caller must get from it. */
export type Rows = Record<RouteKey, Case | Case[]>;

export const all = (status: number): Expected => ({
  guest: status,
  user: status,
  other: status,
  admin: status,
});
/** Admin-only: guests must log in, customers are refused. */
export const adminOnly = (status = 200): Expected => ({ guest: 401, user: 403, other: 403, admin: status });
/** A customer's own record (the owner's): another customer is refused, admins may. */
export const owned = (status = 200): Expected => ({ guest: 401, user: status, other: 403, admin: status });
/** Each signed-in caller gets their own (no id to get wrong). */
export const signedIn = (status = 200): Expected => ({
  guest: 401,
  user: status,
  other: status,
  admin: status,
});
/** The server cart: customers only; admins have none. */
export const customerOnly = (other: number, status = 200): Expected => ({
  guest: 401,
  user: status,
  other,
  admin: 403,
});

export const get = (url: string): Request => ({ method: 'GET', url });
export const db = (world: World) => world.ctx.database.db;
