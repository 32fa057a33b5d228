import type { HTTPMethods, RouteOptions } from 'fastify';
import { createTestApp, type TestContext } from './app';

/** `METHOD /path` as Fastify registered it, e.g. `GET /api/books/:id`. */
export type RouteKey = `${Uppercase<string>} /${string}`;

export interface RegisteredRoute {
  method: HTTPMethods;
  url: string;
  key: RouteKey;
}

/**
 * The app of the tests together with every route it registered, taken from Fastify's `onRoute` hook: a route
 * added to any module shows up here without anyone listing it. HEAD twins of GET routes are left out.
 */
export async function createTestAppWithRoutes(
  env: Record<string, string> = {},
): Promise<{ ctx: TestContext; routes: RegisteredRoute[] }> {
  const seen: RegisteredRoute[] = [];
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      const upper = method.toUpperCase();
      if (upper === 'HEAD') continue;
      seen.push({ method: upper, url: route.url, key: `${upper} ${route.url}` as RouteKey });
    }
  };
  const ctx = await createTestApp(env, { onRoute });
  await ctx.app.ready();
  const unique = new Map(seen.map((route) => [route.key, route]));
  return { ctx, routes: [...unique.values()].sort((a, b) => a.key.localeCompare(b.key)) };
}
