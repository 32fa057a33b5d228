import './lib/zod-without-eval';
import type { I18n } from '@lingui/core';
import { LOCALE_INFO } from '@scholar/shared';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { appRoutes, type ScreenHandle } from './app/router';
import { takeCookieCart } from './lib/cookie-cart';
import { drawInFaceIfFetched, fetchFaceForLater } from './lib/faces';
import { hydration } from './lib/hydration';
import { basenameOf, loadI18n, localeOfPath } from './lib/i18n';
import { readPageData, restorePageData } from './lib/page-data';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing');

/** The page's language is its address's (`/ur/…`): the app's addresses are under its prefix. */
const locale = localeOfPath(window.location.pathname);
/** The language's messages, fetched while the app starts. */
const messages = loadI18n(locale);

/**
 * Lets the browser run what waits (a tap, a paint) before the next step of the app's start: the start is a few
 * tasks, each short on a slow phone, instead of one long one after the script's own evaluation.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

async function start(root: HTMLElement): Promise<void> {
  await nextTask();
  const queryClient = createQueryClient();
  const pageData = readPageData();
  // A cart kept in its cookie before the app ran (Add to Cart without the script) joins the browser's cart.
  hydration.cookieCartTaken = takeCookieCart() > 0;
  await nextTask();

  /** The app's routes, matched against the address once (by the router itself, as it starts). */
  const router = createBrowserRouter(appRoutes, { basename: basenameOf(locale) });

  // An Urdu or Bengali page drawn without its face on a first visit: the face is fetched now that the page has
  // loaded, and the next screen is drawn in it.
  fetchFaceForLater(locale);
  let shownLocation = router.state.location.key;
  router.subscribe((state) => {
    if (state.location.key === shownLocation) return;
    shownLocation = state.location.key;
    drawInFaceIfFetched(locale);
  });

  const app = (i18n: I18n): ReactNode => (
    <StrictMode>
      <Providers queryClient={queryClient} i18n={i18n} formPost={pageData?.form} cart={pageData?.cart}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );

  if (pageData) {
    // A page the server rendered: its reads go into the cache and its screen's code is loaded first, so that the
    // first render is the server's HTML, which React takes over as it is.
    hydration.fromServer = true;
    hydration.publicUrl = pageData.publicUrl;
    restorePageData(queryClient, pageData);
    const [, i18n] = await Promise.all([
      loadScreens(router).catch((error: unknown) => console.error('A screen could not be loaded', error)),
      messages,
    ]);
    await nextTask();
    startTransition(() => {
      hydrateRoot(root, app(i18n));
    });
  } else {
    // A page the server did not render (the cart, checkout, the desks) is in the language of its address too.
    document.documentElement.lang = LOCALE_INFO[locale].tag;
    document.documentElement.dir = LOCALE_INFO[locale].dir;
    // The first render as a transition: React renders it in slices and lets the browser breathe in between,
    // instead of one long task right after the script has run (which a phone feels as a page that does not answer).
    const i18n = await messages;
    startTransition(() => {
      createRoot(root).render(app(i18n));
    });
  }
}

/** The code of the screens this address shows, loaded before the page the server rendered is hydrated. */
async function loadScreens(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  await Promise.all(
    router.state.matches.map(
      (match) => (match.route.handle as ScreenHandle | undefined)?.preload?.() ?? Promise.resolve(),
    ),
  );
}

void start(root);
