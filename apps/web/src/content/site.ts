import { SITE_NAME } from '@scholar/shared';

/**
 * The site's name for the desks (which stay in English). The wording of the public pages is in the message
 * catalogues (src/locales, lib/i18n.tsx). The office, the contact details, the social
 * links and the scholar's name are the site's settings, which an admin changes on the Site settings screen
 * (`GET /api/settings`, lib/site-settings.ts; docs/decisions/021).
 */
export const site = {
  name: SITE_NAME,
} as const;
