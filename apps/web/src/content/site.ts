import { SITE_NAME } from '@scholar/shared';

/** Wording and contact details shown on every page; edit here, not in the components. */
export const site = {
  name: SITE_NAME,
  tagline: 'Books, answered questions and articles',
  scholar: 'the Shaikh',
  office: {
    lines: ['Darul Ilm Office', '14 Ripon Street, Park Circus', 'Kolkata, West Bengal 700016', 'India'],
  },
  contact: {
    email: 'contact@darulilm.example',
    phone: '+91 33 4000 1234',
    hours: 'Monday to Saturday, 10:00 to 18:00 IST',
  },
  footer: {
    office: 'Office',
    contact: 'Contact',
    quickLinks: 'Quick Links',
    follow: 'Follow Us',
    policies: 'Policies',
    rights: 'All rights reserved.',
  },
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/' },
    { name: 'Instagram', href: 'https://www.instagram.com/' },
    { name: 'Twitter', href: 'https://twitter.com/' },
    { name: 'YouTube', href: 'https://www.youtube.com/' },
  ],
} as const;
