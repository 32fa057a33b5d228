import './lib/zod-without-eval';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { appRoutes, type ScreenHandle } from './app/router';
import { hydration } from './lib/hydration';
import { readPageData, restorePageData } from './lib/page-data';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing');

const queryClient = createQueryClient();
const pageData = readPageData();

/** The app's routes, matched against the address once (by the router itself, as it starts). */
const router = createBrowserRouter(appRoutes);

/** The code of the screens this address shows, loaded before the page the server rendered is hydrated. */
async function loadScreens(): Promise<void> {
  await Promise.all(
    router.state.matches.map(
      (match) => (match.route.handle as ScreenHandle | undefined)?.preload() ?? Promise.resolve(),
    ),
  );
}

function app(): ReactNode {
  return (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
}

if (pageData) {
  // A page the server rendered: its reads go into the cache and its screen's code is loaded first, so that the
  // first render is the server's HTML, which React takes over as it is.
  hydration.fromServer = true;
  hydration.publicUrl = pageData.publicUrl;
  restorePageData(queryClient, pageData);
  void loadScreens()
    .catch((error: unknown) => console.error('A screen could not be loaded', error))
    .finally(() => {
      startTransition(() => {
        hydrateRoot(root, app());
      });
    });
} else {
  // The first render as a transition: React renders it in slices and lets the browser breathe in between, instead
  // of one long task right after the script has run (which a phone feels as a page that does not answer).
  startTransition(() => {
    createRoot(root).render(app());
  });
}
