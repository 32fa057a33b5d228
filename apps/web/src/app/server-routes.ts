import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { isPageReadContext, readsByName } from './page-reads';
import { appRoutes, type ScreenHandle } from './router';

/**
 * The route loader of a route on the server: its screen's code and its reads, side by side, before the one render
 * of the page. The browser has no loaders (its routes are `appRoutes`): a page the server rendered brings its reads
 * with it (lib/page-data.ts), and the screens ask for the rest as they show. This module, and the reads with it, is
 * loaded only by the server's build (entry-server.tsx), so that the browser's first code carries no read of a page
 * it has not opened.
 */
function serverLoader(handle: ScreenHandle) {
  const reads = handle.reads && readsByName[handle.reads];
  return async ({ request, params, context }: LoaderFunctionArgs) => {
    if (!isPageReadContext(context)) throw new Error('A route loader runs only in a render on the server');
    const search = new URL(request.url).searchParams;
    await Promise.all([handle.preload?.(), reads?.({ params, search, context })]);
    return null;
  };
}

/** The routes with a loader wherever a route has code to load or reads to make. */
function withLoaders(table: RouteObject[]): RouteObject[] {
  return table.map((route): RouteObject => {
    const handle = route.handle as ScreenHandle | undefined;
    const children = route.children && withLoaders(route.children);
    const loader = handle?.preload || handle?.reads ? serverLoader(handle) : undefined;
    return { ...route, ...(loader ? { loader } : {}), ...(children ? { children } : {}) } as RouteObject;
  });
}

/** The app's routes as the server renders them (entry-server.tsx): `appRoutes`, with their route loaders. */
export function serverRoutes(): RouteObject[] {
  return withLoaders(appRoutes);
}
