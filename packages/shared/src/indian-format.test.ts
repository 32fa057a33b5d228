import { describe, expect, it } from 'vitest';
import { formatIndiaDate, formatIndianNumber, inDigits } from './indian-format';
import { LOCALE_INFO, LOCALES } from './locales';

/** A reproducible sequence of numbers in [0, 1). */
function* randoms(seed: number): Generator<number> {
  let state = seed;
  for (;;) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    yield state / 2 ** 31;
  }
}

/** Prices and counts of every size and shape: whole, with paise, with a third decimal, ties, negative, zero. */
function sampleNumbers(): number[] {
  const random = randoms(44);
  const next = () => random.next().value as number;
  const values = [
    0, -0, 1, 5, 9.995, 0.005, 1.005, 2.675, 999.5, 1000, 99_999.999, 1e5, 1e7, 1e15, 123_456_789.125,
  ];
  for (let i = 0; i < 3000; i++) {
    const magnitude = 10 ** Math.floor(next() * 12);
    const value = next() * magnitude;
    values.push(value, Math.round(value), Math.round(value * 100) / 100, Math.round(value * 1000) / 1000);
    values.push(-value, -Math.round(value * 100) / 100, Math.round(value) + 0.5, Math.round(value) + 0.005);
  }
  return values;
}

describe('numbers written as Intl writes them, with Indian grouping', () => {
  const numbers = sampleNumbers();

  for (const locale of LOCALES) {
    const { numbers: tag, digits } = LOCALE_INFO[locale];
    it(`writes money and counts as Intl.NumberFormat('${tag}') does (${locale})`, () => {
      const money = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      const count = new Intl.NumberFormat(tag);
      const wrong: string[] = [];
      for (const value of numbers) {
        const [mine, theirs] = [formatIndianNumber(value, digits, 2), money.format(value)];
        if (mine !== theirs) wrong.push(`money ${value}: ${mine} ≠ ${theirs}`);
        const [mineCount, theirsCount] = [formatIndianNumber(value, digits), count.format(value)];
        if (mineCount !== theirsCount) wrong.push(`count ${value}: ${mineCount} ≠ ${theirsCount}`);
      }
      expect(wrong.slice(0, 10)).toEqual([]);
    });
  }

  it('writes the grouping and the digits of the site', () => {
    expect(formatIndianNumber(1_00_000, 'latn', 2)).toBe('1,00,000.00');
    expect(formatIndianNumber(12_34_567, 'beng')).toBe('১২,৩৪,৫৬৭');
    expect(formatIndianNumber(-0.004, 'latn', 2)).toBe('-0.00');
    expect(inDigits('2021', 'beng')).toBe('২০২১');
    // What JavaScript writes with an exponent is left to Intl.
    expect(formatIndianNumber(1e21, 'latn')).toBe(new Intl.NumberFormat('en-IN').format(1e21));
    expect(formatIndianNumber(Number.NaN, 'latn', 2)).toBe('NaN');
  });
});

describe('days and moments in India written as Intl writes them', () => {
  // Every month, the hours around midnight and noon in India, ends of months and years, over several years.
  const moments: Date[] = [];
  for (let year = 2024; year <= 2031; year++) {
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 10, 28, 31]) {
        for (const minutes of [0, 29, 30, 31, 59, 6 * 60 + 29, 6 * 60 + 30, 18 * 60 + 30, 23 * 60 + 59]) {
          moments.push(new Date(Date.UTC(year, month, day) + minutes * 60_000));
        }
      }
    }
  }

  for (const locale of LOCALES) {
    const { intl, dates } = LOCALE_INFO[locale];
    it(`writes days and moments as Intl.DateTimeFormat('${intl}') does in Asia/Kolkata (${locale})`, () => {
      const options = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' } as const;
      const day = new Intl.DateTimeFormat(intl, options);
      const moment = new Intl.DateTimeFormat(intl, { ...options, hour: 'numeric', minute: '2-digit' });
      const wrong: string[] = [];
      for (const at of moments) {
        const [mine, theirs] = [formatIndiaDate(at, dates), day.format(at)];
        if (mine !== theirs) wrong.push(`${at.toISOString()}: ${mine} ≠ ${theirs}`);
        const [mineTime, theirsTime] = [formatIndiaDate(at, dates, true), moment.format(at)];
        if (mineTime !== theirsTime) wrong.push(`${at.toISOString()}: ${mineTime} ≠ ${theirsTime}`);
      }
      expect(wrong.slice(0, 10)).toEqual([]);
    });
  }
});
