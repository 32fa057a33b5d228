/**
 * The desk's "Publish at" is India time (IST, UTC+05:30, no daylight saving), whatever the browser's zone: a
 * `datetime-local` value read and written as India time.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const LOCAL_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/;

/** The `datetime-local` value (`2026-11-27T18:30`) of an instant, in India time. */
export function indiaTimeInputOf(iso: string): string {
  return new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** The instant a `datetime-local` value names in India time, as ISO 8601; undefined for an empty or broken value. */
export function instantOfIndiaTime(value: string): string | undefined {
  if (!LOCAL_VALUE.test(value)) return undefined;
  const time = Date.parse(`${value.length === 16 ? `${value}:00` : value}+05:30`);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
