import { CURRENCY_SYMBOL } from './constants';
import { formatIndianNumber } from './indian-format';

/** A price as the API may carry it: a number, a numeric string or a decimal object. */
export type PriceInput = number | string | { $numberDecimal: string } | null | undefined;

/** Reads a price in rupees; returns NaN when it is not a finite number. */
export function parsePrice(input: PriceInput): number {
  if (input === null || input === undefined) return Number.NaN;
  if (typeof input === 'number') return Number.isFinite(input) ? input : Number.NaN;
  const text = typeof input === 'string' ? input : input.$numberDecimal;
  if (typeof text !== 'string' || text.trim() === '') return Number.NaN;
  const value = Number(text.trim());
  return Number.isFinite(value) ? value : Number.NaN;
}

/** Rupees to integer paise, rounding half away from zero at the paisa. */
export function toPaise(rupees: number): number {
  const paise = Math.round(Math.abs(rupees) * 100 + Number.EPSILON * 100);
  return rupees < 0 ? -paise : paise;
}

export function fromPaise(paise: number): number {
  return paise / 100;
}

/** Rounds rupees to 2 decimals. */
export function roundRupees(rupees: number): number {
  return fromPaise(toPaise(rupees));
}

/** `₹1,234.50`; a value that is not a price shows as `₹0.00`. */
export function formatMoney(input: PriceInput): string {
  const value = parsePrice(input);
  return `${CURRENCY_SYMBOL}${formatIndianNumber(Number.isNaN(value) ? 0 : value, 'latn', 2)}`;
}
