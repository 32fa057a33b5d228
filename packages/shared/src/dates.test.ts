import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  indiaDateOf,
  isCalendarDate,
  toIndiaIsoString,
} from './dates';

describe('dates', () => {
  it('writes every date one way, English as in India, in India time', () => {
    // 20:00 UTC is already the next day in Kolkata (UTC+5:30).
    expect(formatDate('2026-11-21T20:00:00.000Z')).toBe('22 Nov 2026');
    expect(formatDate('2026-03-05T10:00:00.000Z')).toBe('5 Mar 2026');
    expect(formatDate(new Date('2026-12-31T12:00:00Z'))).toBe('31 Dec 2026');
  });

  it('names India time on a moment: an order at 00:47 IST is on its own day, not the one before', () => {
    expect(formatDateTime('2026-11-22T06:30:00.000Z')).toMatch(/^22 Nov 2026, 12:00\s?pm IST$/i);
    expect(formatDateTime('2026-11-23T19:17:00.000Z')).toMatch(/^24 Nov 2026, 12:47\s?am IST$/i);
  });

  it('writes an instant as ISO 8601 in India time with its offset', () => {
    const instant = new Date('2026-11-23T19:17:05.123Z');
    expect(toIndiaIsoString(instant)).toBe('2026-11-24T00:47:05+05:30');
    expect(new Date(toIndiaIsoString(instant)).getTime()).toBe(new Date('2026-11-23T19:17:05Z').getTime());
  });

  it('writes a calendar day in the same style, whatever the time zone of the machine', () => {
    expect(formatCalendarDate('2026-10-27')).toBe('27 Oct 2026');
    expect(formatCalendarDate('2026-02-30')).toBe('');
    expect(formatCalendarDate(undefined)).toBe('');
  });

  it('answers an empty string for a missing or invalid date', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(null)).toBe('');
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
