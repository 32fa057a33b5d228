import { CURRENCY_SYMBOL } from './constants';
import { formatDate, formatDateTime, isCalendarDate, toDate, type DateInput } from './dates';
import { formatIndiaDate, formatIndianNumber } from './indian-format';
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from './locales';
import { formatMoney, parsePrice, type PriceInput } from './money';

/**
 * Money, counts and dates in a language of the site (docs/decisions/042), for its pages and its mails alike:
 * English exactly as the site has always written them (`formatMoney`, `formatDate`), the others with Indian grouping
 * in their digits and their month names (LOCALE_INFO's `digits` and `dates`), as `Intl` writes them
 * (indian-format.ts).
 */

/** A price: ₹1,00,000.00; ₹১,০০,০০০.০০ in Bengali. */
export function formatMoneyIn(locale: Locale, input: PriceInput): string {
  if (locale === DEFAULT_LOCALE) return formatMoney(input);
  const amount = parsePrice(input);
  return `${CURRENCY_SYMBOL}${formatIndianNumber(Number.isFinite(amount) ? amount : 0, LOCALE_INFO[locale].digits, 2)}`;
}

/** A count in the language's digits, with Indian grouping: 12,34,567; ১২,৩৪,৫৬৭. */
export const formatNumberIn = (locale: Locale, value: number): string =>
  formatIndianNumber(value, LOCALE_INFO[locale].digits);

/** A day in India: `24 Nov 2026`, `24 نومبر، 2026`; empty for no date. */
export function formatDateIn(locale: Locale, input: DateInput): string {
  if (locale === DEFAULT_LOCALE) return formatDate(input);
  const date = toDate(input);
  return date ? formatIndiaDate(date, LOCALE_INFO[locale].dates) : '';
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
  return date ? `${formatIndiaDate(date, LOCALE_INFO[locale].dates, true)} IST` : '';
}
