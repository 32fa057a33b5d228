/**
 * Numbers and dates written as the site writes them, without `Intl`: what `Intl.NumberFormat('en-IN')`,
 * `('bn-IN')` and `Intl.DateTimeFormat(…, { timeZone: 'Asia/Kolkata' })` write, character for character
 * (indian-format.test.ts compares them over many values), made by a few lines of arithmetic.
 *
 * Why: a browser's first `Intl` number or date format loads its formatting data, ~30 ms of main thread on a
 * computer and four times that on a slow phone, and a hydrating page formats its first price inside one task of
 * its render. Written here, the page's first price costs nothing, and the server and every browser write the same
 * characters whatever their ICU (docs/decisions/075-numbers-and-dates-written-without-intl.md).
 */

/** Latin or Bengali digits. */
export type Digits = 'latn' | 'beng';

const BENGALI_ZERO = 0x09e6;

/** `0123456789` in the given digits; other characters as they are. */
export function inDigits(text: string, digits: Digits): string {
  if (digits === 'latn') return text;
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(BENGALI_ZERO + Number(digit)));
}

/** `1234567` → `12,34,567`: the last three digits, then twos (Indian grouping). */
function groupIndian(integer: string): string {
  if (integer.length <= 3) return integer;
  const groups = [integer.slice(-3)];
  let rest = integer.slice(0, -3);
  while (rest.length > 2) {
    groups.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  groups.unshift(rest);
  return groups.join(',');
}

/**
 * The decimal digits of a non-negative finite number as JavaScript writes it shortest (`0.1`, not
 * `0.1000000000000000055…`), rounded half away from zero to `places` decimals: what `Intl` rounds. Undefined for
 * a number JavaScript writes with an exponent (below 1e-6 or from 1e21), which callers leave to `Intl`.
 */
function roundedDecimal(value: number, places: number): { integer: string; fraction: string } | undefined {
  const text = String(value);
  if (/e/i.test(text)) return undefined;
  const [whole = '0', decimals = ''] = text.split('.');
  const kept = (decimals + '0'.repeat(places)).slice(0, places);
  let scaled = BigInt(whole + kept);
  if ((decimals[places] ?? '0') >= '5') scaled += 1n;
  const digits = scaled.toString().padStart(places + 1, '0');
  return { integer: digits.slice(0, digits.length - places), fraction: digits.slice(digits.length - places) };
}

/**
 * A number with Indian grouping in the given digits: `12,34,567.50`. `fixed` decimals (money: 2), or else up to
 * three, without trailing zeros (a count). A negative number, and a negative zero, start with `-`, as `Intl`'s do.
 */
export function formatIndianNumber(value: number, digits: Digits, fixed?: number): string {
  const rounded = Number.isFinite(value) ? roundedDecimal(Math.abs(value), fixed ?? 3) : undefined;
  if (!rounded) {
    return new Intl.NumberFormat(digits === 'beng' ? 'bn-IN' : 'en-IN', {
      minimumFractionDigits: fixed ?? 0,
      maximumFractionDigits: fixed ?? 3,
    }).format(value);
  }
  const fraction = fixed === undefined ? rounded.fraction.replace(/0+$/, '') : rounded.fraction;
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return inDigits(`${sign}${groupIndian(rounded.integer)}${fraction ? `.${fraction}` : ''}`, digits);
}

/** How a language writes a day and a moment: `25 Sept 2026, 5:37 pm`, `25 ستمبر، 2026، 5:37 PM`. */
export interface DateWords {
  /** The months' short names, January first. */
  months: readonly string[];
  /** Between the month and the year. */
  beforeYear: string;
  /** Between the year and the time. */
  beforeTime: string;
  /** Before noon, and from noon. */
  dayPeriods: readonly [string, string];
  digits: Digits;
}

/** English as written in India: `25 Sept 2026, 5:37 pm`. */
export const ENGLISH_DATE_WORDS: DateWords = {
  months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  beforeYear: ' ',
  beforeTime: ', ',
  dayPeriods: ['am', 'pm'],
  digits: 'latn',
};

/** India keeps UTC+5:30 all year (no daylight saving time since 1945). */
export const INDIA_OFFSET_MS = 330 * 60_000;

/** A day in India, `25 Sept 2026`; with `withTime`, the time too: `25 Sept 2026, 5:37 pm`. */
export function formatIndiaDate(date: Date, words: DateWords, withTime = false): string {
  const india = new Date(date.getTime() + INDIA_OFFSET_MS);
  const day = `${india.getUTCDate()} ${words.months[india.getUTCMonth()]}${words.beforeYear}${india.getUTCFullYear()}`;
  if (!withTime) return inDigits(day, words.digits);
  const hours = india.getUTCHours();
  const minutes = String(india.getUTCMinutes()).padStart(2, '0');
  const time = `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${words.dayPeriods[hours < 12 ? 0 : 1]}`;
  return inDigits(`${day}${words.beforeTime}${time}`, words.digits);
}
