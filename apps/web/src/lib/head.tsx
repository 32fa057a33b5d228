import { DEFAULT_SITE_SETTINGS, type HeadSite, type PageHead, type SiteSettings } from '@scholar/shared';
import { createContext, useContext, type ReactNode } from 'react';
import { hydration } from './hydration';
import { useLocale } from './i18n';
import { useSiteSettings } from './site-settings';
import { useDocumentHead } from './use-document-title';

/** Where a render on the server keeps the head of the page it renders, and what heads are made with. */
export interface HeadCollector {
  publicUrl: string;
  head?: PageHead;
}

const HeadContext = createContext<HeadCollector | null>(null);

/** Around a render on the server (entry-server.tsx): the page's `useHead` writes its head here. */
export function HeadCollectorProvider({
  collector,
  children,
}: {
  collector: HeadCollector;
  children: ReactNode;
}) {
  return <HeadContext.Provider value={collector}>{children}</HeadContext.Provider>;
}

/**
 * The site's address for absolute links (a share link): PUBLIC_URL, as the server rendered the page with it, so that
 * the browser's first render is the server's; the browser's own address on a page the server did not render.
 */
export function usePublicUrl(): string {
  const collector = useContext(HeadContext);
  return collector?.publicUrl ?? hydration.publicUrl ?? window.location.origin;
}

/**
 * A page's head, made from what the page shows by one of `@scholar/shared`'s head builders: on the server it goes
 * into the HTML (title, description, canonical URL, Open Graph, JSON-LD); in the browser the title and the
 * description follow the page as the reader moves between pages. The description goes back to the site's default
 * when the page leaves, so that a page without one never shows another page's text.
 */
export function useHead(make: (site: HeadSite) => PageHead): void {
  const collector = useContext(HeadContext);
  const settings: SiteSettings = useSiteSettings() ?? DEFAULT_SITE_SETTINGS;
  const { locale } = useLocale();
  const head = make({ publicUrl: usePublicUrl(), settings, locale });
  if (collector) collector.head = head;
  useDocumentHead(head.title, head.description);
}

/** `useHead` as an element, for a page whose head depends on which of its branches shows. */
export function Head({ make }: { make: (site: HeadSite) => PageHead }) {
  useHead(make);
  return null;
}
