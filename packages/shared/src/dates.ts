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

/** India keeps UTC+5:30 all year. */
export const INDIA_OFFSET_MS = 330 * 60_000;

/** The date in India (YYYY-MM-DD) at an instant: orders count India days (numbers, filters, stats, the export). */
export function indiaDateOf(instant: Date = new Date()): string {
  return new Date(instant.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

type DateInput = string | number | Date | null | undefined;

function toDate(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null;
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

const orderDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: DISPLAY_TIME_ZONE,
});
const orderDateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: DISPLAY_TIME_ZONE,
});
const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: DISPLAY_TIME_ZONE,
});

/** Orders: English (India), e.g. `22 Nov 2026`. */
export function formatOrderDate(input: DateInput): string {
  const date = toDate(input);
  return date ? orderDate.format(date) : '';
}

/** Orders with the time, e.g. `22 Nov 2026, 07:30 pm`. */
export function formatOrderDateTime(input: DateInput): string {
  const date = toDate(input);
  return date ? orderDateTime.format(date) : '';
}

/** Fatwahs and articles: long US format, e.g. `November 22, 2026`. */
export function formatLongDate(input: DateInput): string {
  const date = toDate(input);
  return date ? longDate.format(date) : '';
}
