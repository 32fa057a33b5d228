import { ENGLISH_DATE_WORDS, formatIndiaDate, INDIA_OFFSET_MS } from './indian-format';

/** Dates are shown in India's time zone, whatever the reader's machine says. */
export const DISPLAY_TIME_ZONE = 'Asia/Kolkata';

/**
 * Whether a YYYY-MM-DD string names a real calendar date. `Date.parse` alone is not enough: it rolls 2026-02-30
 * over to 2 March, which the database then refuses.
 */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The date in India (YYYY-MM-DD) at an instant: orders count India days (numbers, filters, stats, the export). */
export function indiaDateOf(instant: Date = new Date()): string {
  return new Date(instant.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

export type DateInput = string | number | Date | null | undefined;

export function toDate(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null;
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The one language tag of the site: English as written in India (dates like `24 Nov 2026`). */
export const DISPLAY_LOCALE = 'en-IN';

/** A date as the site shows every date, in India: `24 Nov 2026`. */
export function formatDate(input: DateInput): string {
  const date = toDate(input);
  return date ? formatIndiaDate(date, ENGLISH_DATE_WORDS) : '';
}

/** A moment with its time in India, named as such: `24 Nov 2026, 12:47 am IST`. */
export function formatDateTime(input: DateInput): string {
  const date = toDate(input);
  return date ? `${formatIndiaDate(date, ENGLISH_DATE_WORDS, true)} IST` : '';
}

/**
 * An instant as ISO 8601 in India's time with its offset, `2026-11-24T00:47:05+05:30`: what the CSV export writes,
 * so that a spreadsheet shows the day the shop saw (in UTC an order at 00:47 IST falls on the day before).
 */
export function toIndiaIsoString(input: Date): string {
  return `${new Date(input.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}

/** A calendar day written YYYY-MM-DD (an India day, an estimated delivery) in the same style: `24 Nov 2026`. */
export function formatCalendarDate(day: string | null | undefined): string {
  return day && isCalendarDate(day) ? formatDate(`${day}T12:00:00+05:30`) : '';
}
