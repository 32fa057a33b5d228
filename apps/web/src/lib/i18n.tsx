import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { TransNoContext } from '@lingui/react/server';
import {
  DEFAULT_LOCALE,
  formatCalendarDateIn,
  formatDateIn,
  formatDateTimeIn,
  formatMoneyIn,
  formatNumberIn,
  LOCALE_INFO,
  localizePath,
  splitLocale,
  type Locale,
  type LocaleInfo,
} from '@scholar/shared';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { errorTextIn } from './error-text';
import type { MessageId } from './message-ids';

/**
 * The interface in the reader's language (docs/decisions/042): one message catalogue per language
 * (src/locales/*.json, ICU messages, compiled at build time by catalogues.ts), Lingui to format them (plurals and
 * values by the language's rules), and one instance of it per language, so that renders of pages in several
 * languages at once on the server never share one.
 */

export type { MessageId };
/** Values a message takes: numbers for plurals, text, or elements for `<T>`'s numbered tags. */
export type MessageValues = Record<string, unknown>;

const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import('virtual:catalogue/en'),
  ur: () => import('virtual:catalogue/ur'),
  bn: () => import('virtual:catalogue/bn'),
};

const instances = new Map<Locale, I18n>();
const loading = new Map<Locale, Promise<I18n>>();

/** A language's messages, ready to format: loaded once (its own file in the browser), then kept. */
export function loadI18n(locale: Locale): Promise<I18n> {
  const ready = instances.get(locale);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(locale);
  if (!pending) {
    pending = loaders[locale]().then(({ default: messages }) => {
      const i18n = setupI18n({ locale, messages: { [locale]: messages } });
      instances.set(locale, i18n);
      return i18n;
    });
    loading.set(locale, pending);
  }
  return pending;
}

/** A language loaded before: the instance, at once (undefined when it is not). */
export const loadedI18n = (locale: Locale): I18n | undefined => instances.get(locale);

interface LocaleState {
  locale: Locale;
  i18n: I18n;
}

const LocaleContext = createContext<LocaleState | null>(null);

/** Around the app: the language of the page and its messages (loaded before the first render). */
export function LocaleProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const value = useMemo(() => ({ locale: i18n.locale as Locale, i18n }), [i18n]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

/** A render without a LocaleProvider (a test of one screen) gets English, which its setup loads. */
function useLocaleState(): LocaleState {
  const state = useContext(LocaleContext);
  if (state) return state;
  const english = instances.get(DEFAULT_LOCALE);
  if (!english) throw new Error('No language loaded: render inside LocaleProvider, or load English first');
  return { locale: DEFAULT_LOCALE, i18n: english };
}

export interface UseLocale extends LocaleInfo {
  locale: Locale;
  /** A page's address in this language (`/books` → `/ur/books`), for links outside the router. */
  href: (path: string) => string;
}

/** The page's language: its code, direction, names and its addresses. */
export function useLocale(): UseLocale {
  const { locale } = useLocaleState();
  return useMemo(
    () => ({ locale, ...LOCALE_INFO[locale], href: (path: string) => localizePath(locale, path) }),
    [locale],
  );
}

/** Formats a message of the page's language: `t('cart.items', { count: 2 })`. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const { i18n } = useLocaleState();
  return useMemo(() => (id: MessageId, values?: MessageValues) => i18n._(id, values), [i18n]);
}

/**
 * A message with elements in it: its numbered tags (`<0>…</0>`) become the elements given, so that a link or an
 * emphasis sits where each language puts it.
 */
export function T({
  id,
  values,
  components,
}: {
  id: MessageId;
  values?: MessageValues;
  components?: Record<string, React.ReactElement>;
}) {
  const { i18n } = useLocaleState();
  return <TransNoContext id={id} values={values} components={components} lingui={{ i18n }} />;
}

export interface UseFormat {
  /** A price as the page's language writes it: ₹1,00,000.00, ₹১,০০,০০০.০০ in Bengali. */
  money: (value: number | string) => string;
  /** A count in the page's language's digits, with Indian grouping. */
  number: (value: number) => string;
  /** A day in India, as the page's language writes it: `24 Nov 2026`, `24 نومبر، 2026`. */
  date: (value: string | Date | null | undefined) => string;
  /** A calendar day kept as `YYYY-MM-DD` (an expected delivery) the same way; '' for anything else. */
  calendarDate: (day: string | null | undefined) => string;
  /** A moment with its time in India: `24 Nov 2026, 12:47 am IST`. */
  dateTime: (value: string | Date | null | undefined) => string;
  /**
   * A left-to-right run (a price, `+₹40.00`) for a sentence of plain text: on a right-to-left page it is isolated
   * (U+2066 … U+2069), as `<bdi>` does in markup, so that the sign and the digits keep their order; else as it is.
   */
  inText: (run: string) => string;
  /**
   * A name (a person's, a book's) for a sentence of plain text: on a right-to-left page it is isolated by its first
   * strong letter (U+2068 … U+2069), as `<bdi>` does in markup, so that an English name neither tears the sentence
   * around it (`جواب: Administrator · 4 نومبر، 2026`) nor turns an Urdu one; else as it is.
   */
  named: (name: string) => string;
}

/**
 * A sentence from a form's checks or from the server (written in English) in the page's language, when it is one
 * the catalogues know (lib/error-text.ts); any other as it came.
 */
export function useErrorText(): (sentence: string) => string {
  const { i18n } = useLocaleState();
  return useMemo(() => (sentence: string) => errorTextIn(i18n, sentence), [i18n]);
}

/** Numbers, money and dates in the page's language (`@scholar/shared`'s locale-format). */
export function useFormat(): UseFormat {
  const { locale } = useLocaleState();
  return useMemo(
    () => ({
      money: (value) => formatMoneyIn(locale, value),
      number: (value) => formatNumberIn(locale, value),
      date: (value) => formatDateIn(locale, value),
      calendarDate: (day) => formatCalendarDateIn(locale, day),
      dateTime: (value) => formatDateTimeIn(locale, value),
      inText: (run) => (LOCALE_INFO[locale].dir === 'rtl' ? `\u2066${run}\u2069` : run),
      named: (name) => (LOCALE_INFO[locale].dir === 'rtl' ? `\u2068${name}\u2069` : name),
    }),
    [locale],
  );
}

/**
 * A price in the page's language, isolated from the text around it (`<bdi>`), so that on a right-to-left page
 * the rupee sign, digits and decimals keep their order.
 */
export function Money({ value, className }: { value: number | string; className?: string }) {
  const { money } = useFormat();
  return <bdi className={className}>{money(value)}</bdi>;
}

/** The language of an address (`/ur/books` → ur). */
/**
 * A name of the site's data (a state, a tag) as a catalogue's `select` message keys it: anything but letters and
 * digits as `_` (`West Bengal` → `West_Bengal`, `dhul-hijjah` → `dhul_hijjah`).
 */
export const selectKey = (name: string): string => name.replace(/[^A-Za-z0-9]/g, '_');

export const localeOfPath = (pathname: string): Locale => splitLocale(pathname).locale;

/** The router's basename for a language: its prefix, or none for English. */
export const basenameOf = (locale: Locale): string | undefined => LOCALE_INFO[locale].prefix || undefined;
