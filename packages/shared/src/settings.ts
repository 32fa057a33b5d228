/**
 * The site's own details, edited by an admin on the Site settings screen and stored in the database (table
 * `site_settings`, one row): the scholar's name, the office, the contact details, the social links and the links of
 * the courses and initiatives. Wording stays in the web app's content files; these are the facts a launch changes.
 * docs/decisions/021-site-settings-in-the-database.md. Nothing here needs zod, so that the
 * pages that only show the settings do not load it; the schema is in schemas/settings.ts.
 */

import { DEFAULT_SELLER } from './seller';

/** The social networks of the footer (docs/product.md, "Footer"), in the order shown. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'twitter', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  youtube: 'YouTube',
};

/** The About page's three courses (their wording is in apps/web/src/content/about.ts). */
export const COURSE_KEYS = ['quranTajwid', 'arabicBeginners', 'fiqhOfWorship'] as const;
export type CourseKey = (typeof COURSE_KEYS)[number];

/** The Initiatives page's five initiatives (their wording is in apps/web/src/content/initiatives.ts). */
export const INITIATIVE_KINDS = ['learning', 'charity', 'school', 'food', 'travel'] as const;
export type InitiativeKind = (typeof INITIATIVE_KINDS)[number];

export const SETTINGS_LIMITS = {
  scholarName: 100,
  officeLines: 6,
  officeLine: 120,
  email: 254,
  phone: 30,
  openingHours: 200,
  url: 500,
} as const;

export const SETTINGS_MESSAGES = {
  scholarNameRequired: "Please enter the scholar's name",
  officeRequired: 'Please enter the office address',
  officeTooManyLines: `Please keep the address to ${SETTINGS_LIMITS.officeLines} lines`,
  officeLineTooLong: `Please keep each address line under ${SETTINGS_LIMITS.officeLine} characters`,
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a phone number: digits, spaces and + - ( ) only',
  invalidUrl: 'Please enter a web address starting with https://, or leave it empty',
  saved: 'Site settings saved',
  saveFailed: 'Failed to save the site settings',
  loadFailed: 'Failed to load the site settings',
} as const;

/** No link for each key: an empty link is not shown. */
export const noLinks = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, ''])) as Record<K, string>;

/**
 * The settings of a site nobody has configured yet: the demo office and contacts, and no links (a link to a
 * network's home page or a placeholder site would only mislead; an empty link is not shown). Its shape is checked
 * against the settings schema in schemas/settings.ts.
 */
export const DEFAULT_SITE_SETTINGS = {
  scholarName: 'the Shaikh',
  officeAddress: ['Darul Ilm Office', '14 Ripon Street, Park Circus', 'Kolkata, West Bengal 700016', 'India'],
  contactEmail: 'contact@darulilm.example',
  phone: '+91 33 4000 1234',
  openingHours: 'Monday to Saturday, 10:00 to 18:00 IST',
  social: noLinks(SOCIAL_NETWORKS),
  courses: noLinks(COURSE_KEYS),
  initiatives: noLinks(INITIATIVE_KINDS),
  /** Cash on delivery: off until the owner turns it on; orders up to ₹2,000; a ₹40 fee. */
  codEnabled: false,
  codMaxOrder: 2000,
  codFee: 40,
  /** The seller printed on the bills of supply (docs/decisions/053). */
  seller: DEFAULT_SELLER,
  /** The words above as the Urdu and Bengali pages show them (docs/decisions/078). */
  translations: {
    ur: {
      scholarName: 'شیخ',
      officeAddress: ['دار العلم دفتر', '14 رِپن اسٹریٹ، پارک سرکس', 'کولکاتا، مغربی بنگال 700016', 'بھارت'],
      openingHours: 'پیر تا ہفتہ، صبح 10 بجے سے شام 6 بجے تک',
    },
    bn: {
      scholarName: 'শাইখ',
      officeAddress: ['দারুল ইলম অফিস', '১৪ রিপন স্ট্রিট, পার্ক সার্কাস', 'কলকাতা, পশ্চিমবঙ্গ ৭০০০১৬', 'ভারত'],
      openingHours: 'সোমবার থেকে শনিবার, সকাল ১০টা থেকে সন্ধ্যা ৬টা',
    },
  },
};

/** `tel:` link of a phone number as typed (`+91 33 4000 1234` → `tel:+913340001234`). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * Text written about "the Shaikh" with the scholar's name in his place: `The Shaikh` at the start of a sentence
 * takes a capital. With the default name the text is unchanged.
 */
export function withScholarName(text: string, scholarName: string): string {
  const name = scholarName.trim();
  if (!name) return text;
  return text.replace(/\b([Tt])he Shaikh\b/g, (_match, t: string) =>
    t === 'T' ? name.charAt(0).toUpperCase() + name.slice(1) : name,
  );
}

/** The words of the settings a page of `locale` shows, and whether each is the English one standing in. */
export function settingsIn(
  settings: {
    scholarName: string;
    officeAddress: string[];
    openingHours: string;
    /** The settings' `translations` (schemas/settings.ts), written out here so that this file needs no schema. */
    translations: Partial<
      Record<'ur' | 'bn', { scholarName?: string; officeAddress?: string[]; openingHours?: string }>
    >;
  },
  locale: 'en' | 'ur' | 'bn',
): {
  scholarName: { text: string; english: boolean };
  officeAddress: { lines: string[]; english: boolean };
  openingHours: { text: string; english: boolean };
} {
  const local = locale === 'en' ? undefined : settings.translations[locale];
  const pick = (own: string | undefined, english: string) =>
    own ? { text: own, english: false } : { text: english, english: locale !== 'en' };
  const lines = (local?.officeAddress ?? []).filter((line) => line.trim() !== '');
  return {
    scholarName: pick(local?.scholarName, settings.scholarName),
    officeAddress:
      lines.length > 0
        ? { lines, english: false }
        : { lines: settings.officeAddress, english: locale !== 'en' },
    openingHours: pick(local?.openingHours, settings.openingHours),
  };
}
