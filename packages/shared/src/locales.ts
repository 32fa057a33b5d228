import { ENGLISH_DATE_WORDS, type DateWords, type Digits } from './indian-format';

/**
 * The languages of the site's interface (docs/decisions/042-the-interface-in-three-languages.md): English at the
 * unprefixed addresses, Urdu under `/ur` and Bengali under `/bn`. A page's language is its address's: the server
 * renders it in that language, and links inside the app stay under the same prefix.
 */
export const LOCALES = ['en', 'ur', 'bn'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * The request header by which the web app tells the API the language of the page a call comes from (`ur`): the
 * server keeps it where a mail will later be sent (an order, a question, an account), so that the mail is written
 * in that language. A missing or unknown value is English.
 */
export const SITE_LOCALE_HEADER = 'x-site-locale';

export interface LocaleInfo {
  /** The language tag of `<html lang>` and `hreflang`. */
  tag: string;
  /** Open Graph's `og:locale`. */
  ogLocale: string;
  dir: 'ltr' | 'rtl';
  /** The language's name in itself, as the language switcher shows it. */
  name: string;
  /** Its name in English. */
  englishName: string;
  /** The address prefix of its pages: none for English. */
  prefix: '' | `/${string}`;
  /**
   * How it writes a day (`intl` names the `Intl` locale whose writing this is: Urdu with the digits its numbers use).
   */
  dates: DateWords;
  intl: string;
  /**
   * The digits of its numbers and money, always with Indian grouping (₹1,00,000): Bengali digits for Bengali; for
   * Urdu the digits in common use in India (0–9), as Urdu's own CLDR data groups by thousands. `numbers` names the
   * `Intl` locale that writes the same.
   */
  digits: Digits;
  numbers: string;
  /**
   * The face of its script in regular weight (apps/web/public/fonts); none for English. A first visit draws its
   * page in the system's faces and fetches this one after the page has loaded, for the pages after it (`FACE_LATER`).
   */
  font?: string;
  /**
   * The face of its reading text (a fatwah's answer, an article), when it is another: Urdu's Nastaliq. Fetched with
   * `font` for the pages after the first (docs/decisions/079).
   */
  readingFont?: string;
}

/**
 * The class `<html>` carries while the page's face is not yet known to be in the browser's cache: the page is drawn
 * in the system's faces (apps/web/src/index.css), so that a first visit on a slow link does not fetch 30–45 KB of
 * face before its first picture (docs/decisions/071-the-face-from-the-second-page.md). Set before the first layout
 * by the page's head (apps/server/src/modules/pages/face-choice.ts), taken off by the app once the face is cached.
 */
export const FACE_LATER_CLASS = 'face-later';

/** The localStorage key that says this language's face has been fetched once in this browser (`face:bn`). */
export const faceCachedKey = (tag: string): string => `face:${tag}`;

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  en: {
    tag: 'en-IN',
    ogLocale: 'en_IN',
    dir: 'ltr',
    name: 'English',
    englishName: 'English',
    prefix: '',
    dates: ENGLISH_DATE_WORDS,
    intl: 'en-IN',
    digits: 'latn',
    numbers: 'en-IN',
  },
  ur: {
    tag: 'ur',
    ogLocale: 'ur_IN',
    dir: 'rtl',
    name: 'اردو',
    englishName: 'Urdu',
    prefix: '/ur',
    dates: {
      months: [
        'جنوری',
        'فروری',
        'مارچ',
        'اپریل',
        'مئی',
        'جون',
        'جولائی',
        'اگست',
        'ستمبر',
        'اکتوبر',
        'نومبر',
        'دسمبر',
      ],
      beforeYear: '، ',
      beforeTime: '، ',
      dayPeriods: ['AM', 'PM'],
      digits: 'latn',
    },
    intl: 'ur-IN-u-nu-latn',
    digits: 'latn',
    numbers: 'en-IN',
    font: '/fonts/noto-naskh-arabic-urdu-400-normal.woff2',
    readingFont: '/fonts/noto-nastaliq-urdu-400-normal.woff2',
  },
  bn: {
    tag: 'bn',
    ogLocale: 'bn_IN',
    dir: 'ltr',
    name: 'বাংলা',
    englishName: 'Bengali',
    prefix: '/bn',
    dates: {
      months: ['জানু', 'ফেব', 'মার্চ', 'এপ্রি', 'মে', 'জুন', 'জুল', 'আগ', 'সেপ্টেঃ', 'অক্টোঃ', 'নভেঃ', 'ডিসেঃ'],
      beforeYear: ', ',
      beforeTime: ', ',
      dayPeriods: ['AM', 'PM'],
      digits: 'beng',
    },
    intl: 'bn-IN',
    digits: 'beng',
    numbers: 'bn-IN',
    font: '/fonts/noto-sans-bengali-bengali-400-normal.woff2',
  },
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The language of an address and the address within it: `/ur/books` is Urdu's `/books`, `/ur` Urdu's `/`, and
 * any other address English. The prefix is matched in lower case only, as the server's routes are.
 */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    const { prefix } = LOCALE_INFO[locale];
    if (prefix === '') continue;
    if (pathname === prefix || pathname === `${prefix}/`) return { locale, path: '/' };
    if (pathname.startsWith(`${prefix}/`)) return { locale, path: pathname.slice(prefix.length) };
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** An address of the site (path, with its query if any) in a language: `/books` → `/ur/books`, `/` → `/ur`. */
export function localizePath(locale: Locale, path: string): string {
  const { prefix } = LOCALE_INFO[locale];
  if (prefix === '') return path;
  if (path === '/' || path === '') return prefix;
  if (path.startsWith('/?')) return `${prefix}${path.slice(1)}`;
  return `${prefix}${path}`;
}

/**
 * The addresses of one page in every language, for `hreflang` alternates: each language's own, and `x-default`
 * (the English page, which readers without a match get).
 */
export function localeAlternates(publicUrl: string, path: string): { hreflang: string; href: string }[] {
  return [
    ...LOCALES.map((locale) => ({
      hreflang: LOCALE_INFO[locale].tag,
      href: `${publicUrl}${localizePath(locale, path)}`,
    })),
    { hreflang: 'x-default', href: `${publicUrl}${path}` },
  ];
}
