import type { IndianState } from './constants';

/**
 * An Indian PIN code: six digits, the first of them 1 to 9. Kept out of the schemas' modules, so that a page that
 * checks a pincode as it is typed (the book page's delivery check) loads no schema library.
 */
export const DELIVERY_PINCODE_PATTERN = /^[1-9]\d{5}$/;

/**
 * The first digits of an Indian PIN code name its postal circle, and a circle covers one state or a few. This
 * table gives, for each state, the prefixes of the PIN codes delivered in it: two digits where a whole circle
 * belongs to it, three where it shares a circle with its neighbours. It errs on the side of accepting: a state
 * whose circle it shares is allowed the whole shared range, so that a real address is never refused; what it
 * catches is the address typed with the wrong state ("Kolkata, Delhi 700016").
 */
const PREFIXES: Record<IndianState, readonly string[]> = {
  'Andhra Pradesh': ['50', '51', '52', '53'],
  'Arunachal Pradesh': ['790', '791', '792'],
  Assam: ['78'],
  Bihar: ['80', '81', '82', '83', '84', '85'],
  Chhattisgarh: ['49'],
  Goa: ['403'],
  Gujarat: ['36', '37', '38', '39'],
  Haryana: ['12', '13'],
  'Himachal Pradesh': ['17'],
  Jharkhand: ['81', '82', '83'],
  Karnataka: ['56', '57', '58', '59'],
  Kerala: ['67', '68', '69'],
  'Madhya Pradesh': ['45', '46', '47', '48'],
  Maharashtra: ['40', '41', '42', '43', '44'],
  Manipur: ['795'],
  Meghalaya: ['793', '794'],
  Mizoram: ['796'],
  Nagaland: ['797', '798'],
  Odisha: ['75', '76', '77'],
  Punjab: ['14', '15', '16'],
  Rajasthan: ['30', '31', '32', '33', '34'],
  Sikkim: ['737'],
  'Tamil Nadu': ['60', '61', '62', '63', '64'],
  Telangana: ['50'],
  Tripura: ['799'],
  'Uttar Pradesh': ['20', '21', '22', '23', '24', '25', '26', '27', '28'],
  Uttarakhand: ['24', '26'],
  'West Bengal': ['70', '71', '72', '73', '74'],
  'Andaman and Nicobar Islands': ['744'],
  Chandigarh: ['160'],
  'Daman and Diu': ['362', '396'],
  Delhi: ['110'],
  'Jammu and Kashmir': ['18', '19'],
  Ladakh: ['194'],
  Lakshadweep: ['682'],
  Puducherry: ['533', '605', '607', '609', '673'],
};

/** The Army Postal Service's circle (9x) delivers to units anywhere, so it matches every state. */
const ARMY_POSTAL_SERVICE = '9';

/** Whether a six-digit PIN code can be in this state. Unknown states and malformed codes are for other checks. */
export function pincodeMatchesState(pincode: string, state: string): boolean {
  const prefixes = PREFIXES[state as IndianState] as readonly string[] | undefined;
  if (!prefixes || !/^\d{6}$/.test(pincode)) return true;
  if (pincode.startsWith(ARMY_POSTAL_SERVICE)) return true;
  return prefixes.some((prefix) => pincode.startsWith(prefix));
}

export const pincodeStateMismatch = (state: string) => `This pincode is not in ${state}`;
