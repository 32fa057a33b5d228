import { INDIA_OFFSET_MS, indiaDateOf } from '@scholar/shared';

/** Order dates are India days: the filters, the stat cards and the chart all count from 00:00 India time. */
export const DAY_MS = 86_400_000;

/** 00:00 India time of a YYYY-MM-DD date, as an instant. */
export function startOfIndianDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - INDIA_OFFSET_MS);
}

/** The India date (YYYY-MM-DD) `daysBefore` days before today's. */
export function indianDate(daysBefore = 0, now = Date.now()): string {
  return indiaDateOf(new Date(now - daysBefore * DAY_MS));
}
