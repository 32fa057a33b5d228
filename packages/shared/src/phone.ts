/**
 * Indian mobile numbers (docs/decisions/057). A customer writes one number many ways: '+91 98200 22222',
 * '+91-9820022222', '09820022222', '919820022222', '98200 22222'. The site keeps and searches the 10 digits
 * ('9820022222'); migration 0018 brought the stored numbers to the same shape.
 */

/** A 10-digit Indian mobile number: it starts with 6, 7, 8 or 9. */
export const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/;

/** What a typed number may hold besides digits: a leading +, spaces, dashes, dots and brackets. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * The 10 digits of an Indian mobile number however it is written, or null when it is not one: the country code
 * (+91, 91, 0091) or the trunk 0 in front is dropped, and what remains must be 10 digits starting 6–9. A number
 * written with + must be the Indian country code's.
 */
export function normalizeIndianPhone(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!PHONE_CHARACTERS.test(text)) return null;
  let digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) {
    if (!digits.startsWith('91')) return null;
    digits = digits.slice(2);
    if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  } else if (digits.length === 14 && digits.startsWith('0091')) {
    digits = digits.slice(4);
  } else if (digits.length === 12 && digits.startsWith('91')) {
    digits = digits.slice(2);
  } else if (digits.length === 11 && digits.startsWith('0')) {
    digits = digits.slice(1);
  }
  return INDIAN_MOBILE_PATTERN.test(digits) ? digits : null;
}

/** Whether the text is an Indian mobile number in any of its written forms. */
export const isIndianPhone = (input: string | null | undefined): boolean =>
  normalizeIndianPhone(input) !== null;
