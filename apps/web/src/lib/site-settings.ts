import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_SITE_SETTINGS,
  SETTINGS_MESSAGES,
  withScholarName,
  type SiteSettings,
} from '@scholar/shared';
import { api, type ApiTransport } from './api-client';
import { queryKeys } from './query-keys';

/** `GET /settings`: the site's settings as the admin saved them (the defaults until then). */
export async function getSiteSettings(signal?: AbortSignal, transport?: ApiTransport): Promise<SiteSettings> {
  const body = await api<{ data?: SiteSettings }>('/settings', {
    signal,
    transport,
    fallbackError: SETTINGS_MESSAGES.loadFailed,
  });
  if (!body.data) throw new Error(SETTINGS_MESSAGES.loadFailed);
  return body.data;
}

/** `transport`: how a route loader on the server reaches the API (the browser's `fetch` otherwise). */
export const siteSettingsQueryOptions = (transport?: ApiTransport) =>
  queryOptions({
    queryKey: queryKeys.settings.all,
    queryFn: ({ signal }) => getSiteSettings(signal, transport),
    // They change at launch and rarely after: one read serves every page of a visit.
    staleTime: 5 * 60_000,
  });

/**
 * The site's settings, read by the footer and the pages that show the office, the contacts, the scholar's name
 * or the links (docs/decisions/021). Undefined while they load or when they cannot be read: the contacts and links
 * are then left out rather than shown as placeholders.
 */
export function useSiteSettings(): SiteSettings | undefined {
  return useQuery(siteSettingsQueryOptions()).data;
}

/**
 * Text about "the Shaikh" with the scholar's name of the settings (unchanged while they load, which reads well
 * either way).
 */
export function useScholarText(): (text: string) => string {
  const name = useSiteSettings()?.scholarName ?? DEFAULT_SITE_SETTINGS.scholarName;
  return (text) => withScholarName(text, name);
}
