import { CURRENCY_SYMBOL } from './constants';
import {
  DISPLAY_TIME_ZONE,
  formatDate,
  formatDateTime,
  isCalendarDate,
  toDate,
  type DateInput,
} from './dates';
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from './locales';
import { formatMoney, parsePrice, type PriceInput } from './money';

/**
 * Money, counts and dates in a language of the site (docs/decisions/042), for its pages and its mails alike:
 * English exactly as the site has always written them (`formatMoney`, `formatDate`), the others by `Intl` with
 * Indian grouping (LOCALE_INFO's `numbers` and `intl`). Each format is made once, on first use.
 */

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

const moneyFormat = (tag: string) =>
  cached(
    `money:${tag}`,
    () => new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
const countFormat = (tag: string) => cached(`count:${tag}`, () => new Intl.NumberFormat(tag));
const dateFormat = (tag: string, withTime: boolean) =>
  cached(
    `date:${tag}:${withTime}`,
    () =>
      new Intl.DateTimeFormat(tag, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
        timeZone: DISPLAY_TIME_ZONE,
      }),
  );

/** A price: ₹1,00,000.00; ₹১,০০,০০০.০০ in Bengali. */
export function formatMoneyIn(locale: Locale, input: PriceInput): string {
  if (locale === DEFAULT_LOCALE) return formatMoney(input);
  const amount = parsePrice(input);
  return `${CURRENCY_SYMBOL}${moneyFormat(LOCALE_INFO[locale].numbers).format(Number.isFinite(amount) ? amount : 0)}`;
}

/** A count in the language's digits, with Indian grouping: 12,34,567; ১২,৩৪,৫৬৭. */
export const formatNumberIn = (locale: Locale, value: number): string =>
  countFormat(LOCALE_INFO[locale].numbers).format(value);

/** A day in India: `24 Nov 2026`, `24 نومبر، 2026`; empty for no date. */
export function formatDateIn(locale: Locale, input: DateInput): string {
  if (locale === DEFAULT_LOCALE) return formatDate(input);
  const date = toDate(input);
  return date ? dateFormat(LOCALE_INFO[locale].intl, false).format(date) : '';
}

/**
 * A day of the Indian calendar kept as `YYYY-MM-DD` (an order's expected delivery), as the language writes it: noon
 * in India, so that no time zone moves it to another day. Anything that is not such a day answers ''.
 */
export function formatCalendarDateIn(locale: Locale, day: string | null | undefined): string {
  return day && isCalendarDate(day) ? formatDateIn(locale, `${day}T12:00:00+05:30`) : '';
}

/** A moment with its time in India: `24 Nov 2026, 12:47 am IST`. */
export function formatDateTimeIn(locale: Locale, input: DateInput): string {
  if (locale === DEFAULT_LOCALE) return formatDateTime(input);
  const date = toDate(input);
  return date ? `${dateFormat(LOCALE_INFO[locale].intl, true).format(date)} IST` : '';
}
