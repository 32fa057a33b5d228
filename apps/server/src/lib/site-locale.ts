import { DEFAULT_LOCALE, isLocale, SITE_LOCALE_HEADER, type Locale } from '@scholar/shared';
import type { FastifyRequest } from 'fastify';

/**
 * The language of the page a call comes from, as the web app says it (`x-site-locale: ur`); English when the header
 * is missing or names no language of the site. Read from the request as it arrived: a route's header schema does
 * not list it.
 */
export function siteLocaleOf(request: FastifyRequest): Locale {
  const value = request.raw.headers[SITE_LOCALE_HEADER];
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
