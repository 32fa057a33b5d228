import { randomBytes } from 'node:crypto';
import { indiaDateOf } from '@scholar/shared';

// Crockford's base32 without look-alikes (no I, L, O, U).
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Unique enough, readable on the phone, and not sequential: `ORD-20261122-7KQ3ZP` (date in India). */
export function newOrderNumber(now: Date = new Date()): string {
  const date = indiaDateOf(now).replace(/-/g, '');
  const suffix = Array.from(randomBytes(6), (byte) => ALPHABET[byte % 32]).join('');
  return `ORD-${date}-${suffix}`;
}
