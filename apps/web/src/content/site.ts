import { SITE_NAME } from '@scholar/shared';

/**
 * Wording shown on every page; edit here, not in the components. The office, the contact details, the social
 * links and the scholar's name are the site's settings, which an admin changes on the Site settings screen
 * (`GET /api/settings`, lib/site-settings.ts; docs/decisions/021).
 */
export const site = {
  name: SITE_NAME,
  tagline: 'Books, answered questions and articles',
  footer: {
    office: 'Office',
    contact: 'Contact',
    quickLinks: 'Quick Links',
    follow: 'Follow Us',
    policies: 'Policies',
    rights: 'All rights reserved.',
  },
} as const;
