import { z } from 'zod';
import {
  COURSE_KEYS,
  DEFAULT_SITE_SETTINGS,
  INITIATIVE_KINDS,
  noLinks,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES,
  SOCIAL_NETWORKS,
} from '../settings';
import { sellerSchema } from './seller';

/** What an admin may save as the site's settings (the constants and defaults are in ../settings.ts). */

const tooLong = (max: number) => `Please keep this under ${max} characters`;

/** A link that is shown only when given: empty, or an https:// address. */
export const optionalLinkSchema = z
  .string()
  .trim()
  .max(SETTINGS_LIMITS.url, tooLong(SETTINGS_LIMITS.url))
  .refine((value) => value === '' || isHttpsUrl(value), SETTINGS_MESSAGES.invalidUrl)
  .default('');

function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/[^\s/?#]+\.[^\s/?#]+/i.test(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

const linksOf = <K extends string>(keys: readonly K[]) =>
  z.object(
    Object.fromEntries(keys.map((key) => [key, optionalLinkSchema])) as Record<K, typeof optionalLinkSchema>,
  );

/**
 * The settings' words in Urdu or Bengali (docs/decisions/078): the scholar's name, the office's address and the
 * opening hours as that language's pages show them. A field left empty shows the English one, marked as English.
 */
export const localSettingsSchema = z.object({
  scholarName: z
    .string()
    .trim()
    .max(SETTINGS_LIMITS.scholarName, tooLong(SETTINGS_LIMITS.scholarName))
    .default(''),
  officeAddress: z
    .array(z.string().trim().max(SETTINGS_LIMITS.officeLine, SETTINGS_MESSAGES.officeLineTooLong))
    .max(SETTINGS_LIMITS.officeLines, SETTINGS_MESSAGES.officeTooManyLines)
    .default([]),
  openingHours: z
    .string()
    .trim()
    .max(SETTINGS_LIMITS.openingHours, tooLong(SETTINGS_LIMITS.openingHours))
    .default(''),
});
export type LocalSettings = z.infer<typeof localSettingsSchema>;

export const siteSettingsSchema = z.object({
  scholarName: z
    .string({ error: SETTINGS_MESSAGES.scholarNameRequired })
    .trim()
    .min(1, SETTINGS_MESSAGES.scholarNameRequired)
    .max(SETTINGS_LIMITS.scholarName, tooLong(SETTINGS_LIMITS.scholarName)),
  officeAddress: z
    .array(
      z
        .string()
        .trim()
        .min(1, SETTINGS_MESSAGES.officeRequired)
        .max(SETTINGS_LIMITS.officeLine, SETTINGS_MESSAGES.officeLineTooLong),
      { error: SETTINGS_MESSAGES.officeRequired },
    )
    .min(1, SETTINGS_MESSAGES.officeRequired)
    .max(SETTINGS_LIMITS.officeLines, SETTINGS_MESSAGES.officeTooManyLines),
  contactEmail: z
    .string({ error: SETTINGS_MESSAGES.invalidEmail })
    .trim()
    .max(SETTINGS_LIMITS.email, SETTINGS_MESSAGES.invalidEmail)
    .email(SETTINGS_MESSAGES.invalidEmail),
  phone: z
    .string({ error: SETTINGS_MESSAGES.invalidPhone })
    .trim()
    .max(SETTINGS_LIMITS.phone, tooLong(SETTINGS_LIMITS.phone))
    .regex(/^\+?[0-9][0-9 ()-]{4,}[0-9]$/, SETTINGS_MESSAGES.invalidPhone),
  /** Shown under the phone number; empty hides it. */
  openingHours: z
    .string()
    .trim()
    .max(SETTINGS_LIMITS.openingHours, tooLong(SETTINGS_LIMITS.openingHours))
    .default(''),
  social: linksOf(SOCIAL_NETWORKS).default(noLinks(SOCIAL_NETWORKS)),
  courses: linksOf(COURSE_KEYS).default(noLinks(COURSE_KEYS)),
  initiatives: linksOf(INITIATIVE_KINDS).default(noLinks(INITIATIVE_KINDS)),
  /** Cash on delivery (docs/decisions/051): offered or not, up to which order total, and its fee (rupees). */
  codEnabled: z.boolean().default(DEFAULT_SITE_SETTINGS.codEnabled),
  codMaxOrder: z.number().int().min(0).max(1_000_000).default(DEFAULT_SITE_SETTINGS.codMaxOrder),
  codFee: z.number().int().min(0).max(10_000).default(DEFAULT_SITE_SETTINGS.codFee),
  seller: sellerSchema.default(DEFAULT_SITE_SETTINGS.seller),
  /** The words above in the site's other languages; English is the fields themselves. */
  translations: z
    .object({ ur: localSettingsSchema.optional(), bn: localSettingsSchema.optional() })
    .default({}),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
/** What `PUT /api/settings` takes: every field (links may be left out, meaning empty). */
export type SiteSettingsBody = z.input<typeof siteSettingsSchema>;

// The defaults (kept in the zod-free ../settings.ts) are settings of this shape; a change to one that breaks the
// other fails to compile here.
void (DEFAULT_SITE_SETTINGS satisfies SiteSettings);
