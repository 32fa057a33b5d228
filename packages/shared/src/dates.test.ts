import { describe, expect, it } from 'vitest';
import { formatLongDate, formatOrderDate, formatOrderDateTime, indiaDateOf, isCalendarDate } from './dates';

describe('dates', () => {
  it('formats order dates in English (India), in India time', () => {
    // 20:00 UTC is already the next day in Kolkata (UTC+5:30).
    expect(formatOrderDate('2026-11-21T20:00:00.000Z')).toBe('22 Nov 2026');
    expect(formatOrderDateTime('2026-11-22T06:30:00.000Z')).toMatch(/^22 Nov 2026, 12:00\s?pm$/i);
  });

  it('formats fatwah and article dates in long US format', () => {
    expect(formatLongDate('2026-03-05T10:00:00.000Z')).toBe('March 5, 2026');
    expect(formatLongDate(new Date('2026-12-31T12:00:00Z'))).toBe('December 31, 2026');
  });

  it('answers an empty string for a missing or invalid date', () => {
    expect(formatLongDate(undefined)).toBe('');
    expect(formatOrderDate('not a date')).toBe('');
    expect(formatOrderDateTime(null)).toBe('');
  });

  it('accepts only real calendar dates written YYYY-MM-DD', () => {
    for (const value of ['2026-11-22', '2028-02-29', '2026-12-31', '2026-01-01']) {
      expect(isCalendarDate(value), value).toBe(true);
    }
    // Date.parse takes the first three and rolls them over to March; the others are not dates at all.
    for (const value of [
      '2026-02-30',
      '2026-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-11-00',
      '2026-11-22x',
      '22-11-2026',
      '2026-1-5',
      '',
    ]) {
      expect(isCalendarDate(value), value).toBe(false);
    }
  });

  it('gives the date in India at an instant, turning at 18:30 UTC', () => {
    expect(indiaDateOf(new Date('2026-11-21T18:29:59.999Z'))).toBe('2026-11-21');
    expect(indiaDateOf(new Date('2026-11-21T18:30:00Z'))).toBe('2026-11-22');
    expect(indiaDateOf(new Date('2026-11-22T05:29:00+05:30'))).toBe('2026-11-22');
  });
});
