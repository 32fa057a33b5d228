import type { I18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { CookieCartLine, FormPost } from '@scholar/shared';
import { CookieCartProvider } from '../lib/cookie-cart';
import { FormPostProvider } from '../lib/form-post';
import { HydrationProvider } from '../lib/hydration';
import { LocaleProvider } from '../lib/i18n';
import { SessionProvider } from '../lib/session';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/**
 * The app's providers; `i18n` is the page's language, loaded before the first render (lib/i18n.tsx). Without it
 * (a test of a few screens) the screens are in English, which the tests' setup loads.
 */
export function Providers({
  children,
  queryClient,
  i18n,
  formPost,
  cart,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  i18n?: I18n;
  /** A form the page was sent without the app's script, which the page shows the answer to (lib/form-post.tsx). */
  formPost?: FormPost | undefined;
  /** The guest's cart from its cookie, which a rendered `/cart` shows (lib/cookie-cart.tsx). */
  cart?: CookieCartLine[] | undefined;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const app = (
    <QueryClientProvider client={client}>
      <HydrationProvider>
        <FormPostProvider post={formPost}>
          <CookieCartProvider lines={cart}>
            <SessionProvider>{children}</SessionProvider>
          </CookieCartProvider>
        </FormPostProvider>
      </HydrationProvider>
    </QueryClientProvider>
  );
  return i18n ? <LocaleProvider i18n={i18n}>{app}</LocaleProvider> : app;
}
